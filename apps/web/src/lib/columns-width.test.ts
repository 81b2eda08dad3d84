import { describe, expect, it } from 'vitest';
import { columnsWidth } from './columns-width';

describe('columnsWidth', () => {
  it('adds the number widths and counts the fallback for the others', () => {
    expect(columnsWidth([{ width: 120 }, { width: '20%' }, {}], 160)).toBe(120 + 160 + 160);
    expect(columnsWidth([{ width: 100 }, {}])).toBe(300);
    expect(columnsWidth([])).toBe(0);
  });
});
