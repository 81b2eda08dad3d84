/**
 * The shape of a list's one declarative definition (ARCHITECTURE.md "a list is one declarative
 * definition"): its columns, filters, sorts and status tiles, shared by the web page (rendered by the
 * list kit in apps/web/src/components/list), the server's list query and its export. Plain data, no
 * zod: the web app imports it without pulling in a schema library.
 *
 * One filter pattern for every list (as Stripe's dashboard): every filter, the status included, is a
 * control of the filter bar, declared here and drawn by the kit; a page draws no filter of its own.
 * - Filters come in one order: the search, then the date ranges, then the status (the first
 *   `statusSet`; its URL key is `status` where the list has one), then the other sets and the rest.
 * - A `statusSet` is always the kit's multiple select (no segmented control): every value stays
 *   reachable at any width, and the URL holds a list (`?status=FAILED,PENDING`).
 * - A list whose server has a cheap status count call (payments, agreements, team members, webhook
 *   deliveries) adds `tiles`: counts per status above the list, each a shortcut that sets the same
 *   status filter (one URL key; the tile of a single chosen status shows as pressed). A list without
 *   such a call has no tiles; the status filter of its bar is the whole pattern.
 */

/** How a column's value is shown (and written by an export): the kit picks the cell renderer by it. */
/** `date`: a calendar day as YYYY-MM-DD (a settlement day), shown without a time. */
export type ColumnFormat = 'id' | 'text' | 'money' | 'datetime' | 'date' | 'status' | 'integer';

/** How an export writes a column: money and counts as numbers in XLSX, text neutralised, times in the zone. */
export type ExportCellKind = 'text' | 'money' | 'integer' | 'datetime';

export interface ListColumn<K extends string = string> {
  key: K;
  label: string;
  format: ColumnFormat;
  /** The sort field of the list's sorts (`${field}:asc|desc`), when the column can be sorted. */
  sortField?: string;
  /** Shown until the user changes the column chooser; the rest are offered there. */
  defaultVisible: boolean;
  /** Always shown (the record's id); greyed out in the chooser. */
  required?: boolean;
  /** Width in px at desktop sizes; the default set of a list fits a 1,102 px card (1440 px window). */
  width?: number;
  align?: 'left' | 'right';
}

/** A column an export of the list can write, in the export's order. */
export interface ExportColumnSpec<K extends string = string> {
  key: K;
  label: string;
  kind: ExportCellKind;
  /** Written when the user does not choose columns. */
  default: boolean;
}

/** Where the options of an option filter come from: the signed-in user's reference lists. */
export type OptionSource =
  | 'payMethodTypes'
  | 'payMethodNames'
  | 'countries'
  /** The agreement dropdown-configs call's lists (subscriptions). */
  | 'agreementCountries'
  | 'agreementPayMethodTypes'
  | 'agreementPayMethodNames';

/**
 * A filter and the URL keys it is held under (`?status=SUCCESS,FAILED&from=2026-05-01`). Each becomes
 * the list call's field of the same meaning: search → keyword, dateRange → createdFrom / createdTo
 * (days in the merchant's zone; or its apiFromKey / apiToKey), statusSet → status (or its apiKey), currency → currency,
 * amountRange → amountMin /
 * amountMax (minor units of the chosen currency), option → its apiKey.
 */
export type ListFilter =
  | { type: 'search'; urlKey: string; label: string; placeholder: string }
  | { type: 'dateRange'; fromKey: string; toKey: string; label: string; apiFromKey?: string; apiToKey?: string }
  | {
      type: 'statusSet';
      urlKey: string;
      label: string;
      statuses: readonly string[];
      apiKey?: string;
      /** Labels of the values when they are not statuses (reasons, types). */
      labels?: Readonly<Record<string, string>>;
    }
  | { type: 'currency'; urlKey: string; label: string }
  | { type: 'amountRange'; minKey: string; maxKey: string; label: string; currencyKey?: string }
  | { type: 'option'; urlKey: string; label: string; placeholder: string; source: OptionSource; apiKey: string };

export type ListFilterType = ListFilter['type'];

/** Every list that has a definition; saved views are stored under this key. */
export const LIST_KEYS = [
  'payments',
  'refunds',
  'payment-links',
  'exports',
  'report-schedules',
  'payin-services',
  'balance-transactions',
  'settlements',
  'settlement-batches',
  'settlement-batch-history',
  'disputes',
  'bank-accounts',
  'withdrawals',
  'payout-services',
  'payouts',
  'payout-batches',
  'agreements',
  'members',
  'audit-log',
  'webhook-deliveries',
] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/**
 * The menu that grants a list: a user sees a list (and may save views of it) only with its menu for
 * the active merchant's product (the server checks it with the same menu the client gets).
 */
export const LIST_MENUS: Record<ListKey, string> = {
  payments: '/transactions/payments',
  refunds: '/transactions/refunds',
  'payment-links': '/transactions/payment_link',
  exports: '/transactions/reports',
  'report-schedules': '/transactions/reports',
  'payin-services': '/services/payin',
  'balance-transactions': '/account/balance',
  settlements: '/settlements/history',
  'settlement-batches': '/settlements/batch',
  'settlement-batch-history': '/settlements/batch',
  disputes: '/transactions/disputes',
  'bank-accounts': '/settings/bank-accounts',
  withdrawals: '/account/withdraw',
  'payout-services': '/services/payout',
  payouts: '/payout/history',
  'payout-batches': '/payout/history',
  agreements: '/subscription/agreements',
  members: '/settings/team',
  'audit-log': '/settings/team',
  'webhook-deliveries': '/settings/integration',
};

export interface ListDefinition<C extends string = string, S extends string = string> {
  key: ListKey;
  /** "payment" / "payments": the totals ("1,204 payments") and the empty state ("No payments yet."). */
  noun: { one: string; many: string };
  /** The record's id field (the table's row key). */
  rowKey: string;
  columns: readonly ListColumn<C>[];
  filters: readonly ListFilter[];
  /** Allowed sorts, `${field}:asc|desc`; the first is not necessarily the default. */
  sorts: readonly S[];
  defaultSort?: S;
  /**
   * The status filter whose values the tiles above the list count (its urlKey), with the tiles' order: only for a
   * list with a status count call (the page gives the counts); see the header.
   */
  tiles?: { urlKey: string; statuses: readonly string[] };
  /** The report centre's export type of this list, when it has one. */
  exportType?: string;
  /** The columns its export can write (the export module adds each one's value). */
  exportColumns?: readonly ExportColumnSpec[];
}

/** Every URL key a definition's filters use, in order. */
export function filterUrlKeys(def: Pick<ListDefinition, 'filters'>): string[] {
  return def.filters.flatMap((f) => {
    switch (f.type) {
      case 'dateRange':
        return [f.fromKey, f.toKey];
      case 'amountRange':
        return [f.minKey, f.maxKey];
      default:
        return [f.urlKey];
    }
  });
}

/** The keys of the columns shown by default. */
export function defaultVisibleColumns(def: Pick<ListDefinition, 'columns'>): string[] {
  return def.columns.filter((c) => c.defaultVisible || c.required).map((c) => c.key);
}
