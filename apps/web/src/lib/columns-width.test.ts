import { describe, expect, it } from 'vitest';
import { ALL_LISTS } from '@mbo/contracts/lists/all-lists';
import { EXPORTS_LIST } from '@mbo/contracts/lists/exports-list';
import { defaultVisibleColumns } from '@mbo/contracts/lists/list-definition';
import { columnsWidth, fittedWidth, headerMinWidth, LIST_CARD_INNER_AT_1440 } from './columns-width';

/** Every list of fixed column widths (the report centre's exports size to their content). */
const LISTS = ALL_LISTS.filter((list) => list !== EXPORTS_LIST);

describe('columnsWidth', () => {
  it('adds the number widths and counts the fallback for the others', () => {
    expect(columnsWidth([{ width: 120 }, { width: '20%' }, {}], 160)).toBe(120 + 160 + 160);
    expect(columnsWidth([{ width: 100 }, {}])).toBe(300);
    expect(columnsWidth([])).toBe(0);
  });
});

describe('headerMinWidth', () => {
  it('makes room for the longest word, the padding and the sort arrows', () => {
    expect(headerMinWidth('Currency')).toBeGreaterThan(headerMinWidth('Fee'));
    expect(headerMinWidth('Currency', true)).toBe(headerMinWidth('Currency') + 24);
    // Words wrap onto lines of their own: only the longest one counts.
    expect(headerMinWidth('Limits per payment')).toBe(headerMinWidth('payment'));
  });

  it('widens a column too narrow for its header, and keeps a wider one', () => {
    expect(fittedWidth({ label: 'Country', width: 70, sortField: 'country' })).toBe(headerMinWidth('Country', true));
    expect(fittedWidth({ label: 'Fee', width: 140 })).toBe(140);
  });
});

describe('list definitions', () => {
  it.each(LISTS.map((l) => [l.key, l] as const))(
    '%s: the default columns, each wide enough for its header, fit the card at 1440 px',
    (_key, list) => {
      const shown = list.columns.filter((c) => defaultVisibleColumns(list).includes(c.key));
      // A column without a width takes what the others leave: it counts as the table's default (200 px).
      const widths = shown.map((c) => (c.width === undefined ? Math.max(200, fittedWidth(c)) : fittedWidth(c)));
      expect(widths.reduce((sum, w) => sum + w, 0)).toBeLessThanOrEqual(LIST_CARD_INNER_AT_1440);
    },
  );
});
