import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('is the prefix, 9 characters of time and 8 random ones, sortable by time', () => {
    const a = newId('PAY', Date.UTC(2026, 0, 1));
    const b = newId('PAY', Date.UTC(2026, 0, 1, 0, 0, 0, 1));
    expect(a).toMatch(/^PAY[0-9A-HJKMNP-TV-Z]{17}$/);
    expect(a < b).toBe(true);
    expect(newId('X', 0).slice(1, 10)).toBe('000000000');
    expect(newId('X', 32 * 32 + 31).slice(1, 10)).toBe('00000010Z');
  });

  it('sorts ids of the same millisecond in the order they were made, and never repeats one', () => {
    const at = Date.UTC(2026, 10, 27, 17, 0, 0, 0);
    const ids = Array.from({ length: 5000 }, () => newId('evt_', at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
