import { describe, expect, it } from 'vitest';
import { countryName } from './country-name';

describe('countryName', () => {
  it('names a country with its code, and falls back to the code alone', () => {
    expect(countryName('SG')).toBe('Singapore (SG)');
    expect(countryName('GB')).toBe('United Kingdom (GB)');
    expect(countryName('XY')).toBe('XY');
    expect(countryName('not a code')).toBe('not a code');
  });
});
