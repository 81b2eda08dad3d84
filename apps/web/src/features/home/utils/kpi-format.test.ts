import { describe, expect, it } from 'vitest';
import { formatRate, shortDay } from './kpi-format';

describe('formatRate', () => {
  it('shows one decimal, whole numbers at the ends, a dash without data', () => {
    expect(formatRate(0.97345)).toBe('97.3%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(null)).toBe('—');
  });
});

describe('shortDay', () => {
  it('formats a calendar day without shifting it by the browser zone', () => {
    expect(shortDay('2026-05-14')).toBe('May 14');
    expect(shortDay('2026-01-01')).toBe('Jan 1');
  });
});
