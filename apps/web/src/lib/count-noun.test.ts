import { describe, expect, it } from 'vitest';
import { countNoun } from './count-noun';

describe('countNoun', () => {
  it('gives one record the singular and every other count the plural', () => {
    expect(countNoun(1, 'payout')).toBe('1 payout');
    expect(countNoun(0, 'payout')).toBe('0 payouts');
    expect(countNoun(11, 'payout')).toBe('11 payouts');
    expect(countNoun(1204, 'batch', 'batches')).toBe('1,204 batches');
  });
});
