import { describe, expect, it } from 'vitest';
import { ALL_LISTS } from './all-lists';
import {
  defaultVisibleColumns,
  filterUrlKeys,
  LIST_KEYS,
  LIST_MENUS,
  type ListDefinition,
  type ListFilterType,
} from './list-definition';
import { BALANCE_TRANSACTIONS_LIST } from './balance-transactions-list';
import { PAYIN_SERVICES_LIST } from './payin-services-list';
import { PAYMENTS_LIST } from './payments-list';

const LISTS = ALL_LISTS;
/** The inside of a list's card at a 1440 px window (the layout less the side menu and the paddings). */
const CARD_INNER_AT_1440 = 1102;

describe('list definitions', () => {
  it('has one definition per list key, each granted by a menu', () => {
    expect(LISTS.map((l) => l.key).sort()).toEqual([...LIST_KEYS].sort());
    // The report centre's form keeps its own values under these URL keys, beside an exported list's filters.
    for (const list of LISTS.filter((l) => l.exportType))
      for (const key of filterUrlKeys(list)) expect(['type', 'format', 'tz'], `${list.key}: ${key}`).not.toContain(key);
    for (const key of LIST_KEYS)
      expect(LIST_MENUS[key]).toMatch(/^\/(transactions|services|account|settlements|settings|payout|subscription)\//);
  });

  it.each(LISTS.map((l) => [l.key, l] as const))(
    '%s: unique column keys and URL keys, a default sort it allows, sortable columns it can sort',
    (_key, list) => {
      const columns = list.columns.map((c) => c.key);
      expect(new Set(columns).size).toBe(columns.length);
      const urlKeys = filterUrlKeys(list);
      expect(new Set(urlKeys).size).toBe(urlKeys.length);
      for (const reserved of ['page', 'size', 'sort']) expect(urlKeys).not.toContain(reserved);
      if (list.defaultSort) expect(list.sorts).toContain(list.defaultSort);
      for (const c of list.columns.filter((col) => col.sortField)) {
        expect(
          list.sorts.some((s) => s.startsWith(`${c.sortField}:`)),
          c.key,
        ).toBe(true);
      }
      if (list.tiles) {
        const status = list.filters.find((f) => f.type === 'statusSet' && f.urlKey === list.tiles?.urlKey);
        expect(status && status.type === 'statusSet' ? [...status.statuses].sort() : []).toEqual(
          [...list.tiles.statuses].sort(),
        );
      }
      const exportKeys = (list.exportColumns ?? []).map((c) => c.key);
      expect(new Set(exportKeys).size).toBe(exportKeys.length);
    },
  );

  /** Where each filter type stands in the one order (list-definition.ts's header). */
  const FILTER_ORDER: Record<ListFilterType, number> = {
    search: 0,
    dateRange: 1,
    statusSet: 2,
    option: 3,
    currency: 3,
    amountRange: 3,
  };

  it.each(LISTS.map((l) => [l.key, l] as const))(
    '%s: declares its filters in the one pattern (search, dates, status, the rest; status tiles on the status filter)',
    (_key, list) => {
      const ranks = list.filters.map((f) => FILTER_ORDER[f.type]);
      expect(ranks, list.filters.map((f) => f.type).join(', ')).toEqual([...ranks].sort((a, b) => a - b));
      const sets = list.filters.filter((f) => f.type === 'statusSet');
      // The list's own status filter, where it has one, is the first set of the bar and is sent as `status`.
      const status = sets.find((f) => f.urlKey === 'status');
      if (status) {
        expect(sets[0]).toBe(status);
        expect(status).toMatchObject({ label: 'Status' });
        expect(status.apiKey ?? 'status').toBe('status');
      }
      if (list.tiles) expect(list.tiles.urlKey).toBe(status?.urlKey);
    },
  );

  it('puts status tiles exactly on the lists whose server counts their statuses', () => {
    expect(LISTS.filter((l) => l.tiles).map((l) => l.key)).toEqual([
      'payments',
      'agreements',
      'members',
      'webhook-deliveries',
    ]);
  });

  it.each([PAYMENTS_LIST, PAYIN_SERVICES_LIST, BALANCE_TRANSACTIONS_LIST].map((l) => [l.key, l] as const))(
    '%s: sizes the default columns to fit the card at 1440 px; the rest wait in the column chooser',
    (_key, list: ListDefinition) => {
      const shown = list.columns.filter((c) => defaultVisibleColumns(list).includes(c.key));
      const width = shown.reduce((sum, c) => sum + (c.width ?? 0), 0);
      expect(shown.every((c) => c.width !== undefined)).toBe(true);
      expect(width).toBeLessThanOrEqual(CARD_INNER_AT_1440);
    },
  );

  it("keeps the payments list's secondary columns in the chooser", () => {
    expect(PAYMENTS_LIST.columns.filter((c) => !c.defaultVisible).map((c) => c.key)).toEqual([
      'merchantOrderNo',
      'country',
      'fee',
      'net',
    ]);
  });
});
