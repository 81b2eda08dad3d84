import { describe, expect, it } from 'vitest';
import { clearSessionHint, hasSessionHint } from './session-hint';

describe('session hint', () => {
  it('is read from the cookie string, by its exact name', () => {
    expect(hasSessionHint('a=1; mbo_signed_in=1; b=2')).toBe(true);
    expect(hasSessionHint('mbo_signed_in=1')).toBe(true);
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint('not_mbo_signed_in=1; mbo_sid=x')).toBe(false);
  });

  it('is dropped from the document when the session is gone', () => {
    document.cookie = 'mbo_signed_in=1; path=/';
    expect(hasSessionHint()).toBe(true);
    clearSessionHint();
    expect(hasSessionHint()).toBe(false);
  });
});
