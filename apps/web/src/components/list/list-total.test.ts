import { describe, expect, it } from 'vitest';
import { formatListTotal } from './list-total';

const NOUN = { one: 'payment', many: 'payments' };

describe('formatListTotal', () => {
  it('says an exact total as it is, and an estimated one as about N, or N+ at the exact-count limit', () => {
    expect(formatListTotal(1, NOUN)).toBe('1 payment');
    expect(formatListTotal(1204, NOUN)).toBe('1,204 payments');
    expect(formatListTotal(1_002_500, NOUN, false)).toBe('about 1,002,500 payments');
    expect(formatListTotal(10_001, NOUN, false)).toBe('10,000+ payments');
  });
});
