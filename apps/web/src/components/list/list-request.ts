/**
 * A list definition's URL filters → the list call's filters (the same for its status counts and its
 * export): days become instants in the merchant's zone, amounts minor units of the chosen currency,
 * statuses only the list's own. Unknown or malformed values are left out, never sent.
 */
import { isSupportedCurrency } from '@mbo/contracts/money';
import type { ListDefinition, ListFilter } from '@mbo/contracts/lists/list-definition';
import { amountRangeToMinor } from '@/lib/amount-filter';
import { readUrlFilters, readUrlPaging, type UrlFilterKind, type UrlFilterSpec } from '@/lib/use-url-filters';
import { dayRangeToIso } from '@/lib/zoned-date';

/** The filters of a list as the URL holds them: lists for status sets, text for the rest. */
export type ListUrlValues = Partial<Record<string, string | string[]>>;

/** The use-url-filters spec of a definition's filters. */
export function urlSpecOf(filters: readonly ListFilter[]): UrlFilterSpec {
  const spec: Record<string, UrlFilterKind> = {};
  for (const f of filters) {
    if (f.type === 'dateRange') Object.assign(spec, { [f.fromKey]: 'date', [f.toKey]: 'date' });
    else if (f.type === 'amountRange') Object.assign(spec, { [f.minKey]: 'amount', [f.maxKey]: 'amount' });
    else spec[f.urlKey] = f.type === 'statusSet' ? 'list' : 'string';
  }
  return spec;
}

/** What a list's calls are made of: its URL filters, page and sort (ListState holds the same). */
export interface ListQuery<D extends ListDefinition = ListDefinition> {
  filters: ListUrlValues;
  pageNum: number;
  pageSize: number;
  sort: D['sorts'][number] | undefined;
}

/** The list query a URL's search holds, as the list page will read it (for a route's prefetch). */
export function readListQuery<D extends ListDefinition>(def: D, search: URLSearchParams): ListQuery<D> {
  type Sort = D['sorts'][number];
  const paging = readUrlPaging<Sort>(search, { sorts: def.sorts, defaultSort: def.defaultSort as Sort | undefined });
  return { filters: readUrlFilters(urlSpecOf(def.filters), search) as ListUrlValues, ...paging };
}

const text = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : []);

/** The currency a definition's filters have chosen, when it is one we know. */
export function chosenCurrency(filters: readonly ListFilter[], values: ListUrlValues): string | undefined {
  const f = filters.find((x) => x.type === 'currency');
  const c = f ? text(values[f.urlKey]) : undefined;
  return isSupportedCurrency(c) ? c : undefined;
}

/** The status filter's values that are statuses of the list. */
export function chosenStatuses(filters: readonly ListFilter[], values: ListUrlValues): string[] {
  // The list's status filter: the statusSet sent as `status` (others, such as a reason or a kind, carry an apiKey).
  const sets = filters.filter((x) => x.type === 'statusSet');
  const f = sets.find((x) => x.type === 'statusSet' && !x.apiKey) ?? sets[0];
  if (!f || f.type !== 'statusSet') return [];
  return list(values[f.urlKey]).filter((s) => f.statuses.includes(s));
}

/**
 * The call's filters for the URL values. `omit` leaves filter types out (the status tiles count
 * without the status; an export takes its dates apart).
 */
export function toApiFilters(
  def: Pick<ListDefinition, 'filters'>,
  values: ListUrlValues,
  timeZone: string | null | undefined,
  omit: readonly ListFilter['type'][] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const currency = chosenCurrency(def.filters, values);
  for (const f of def.filters) {
    if (omit.includes(f.type)) continue;
    switch (f.type) {
      case 'search': {
        const q = text(values[f.urlKey])?.trim();
        if (q) out.keyword = q.slice(0, 200);
        break;
      }
      case 'dateRange': {
        const range = dayRangeToIso({ from: text(values[f.fromKey]), to: text(values[f.toKey]) }, timeZone);
        if (range.createdFrom) out[f.apiFromKey ?? 'createdFrom'] = range.createdFrom;
        if (range.createdTo) out[f.apiToKey ?? 'createdTo'] = range.createdTo;
        break;
      }
      case 'statusSet': {
        const status = chosenStatuses([f], values);
        if (status.length) out[f.apiKey ?? 'status'] = status;
        break;
      }
      case 'currency':
        if (currency) out.currency = currency;
        break;
      case 'amountRange':
        Object.assign(out, amountRangeToMinor({ min: text(values[f.minKey]), max: text(values[f.maxKey]) }, currency));
        break;
      case 'option': {
        const v = text(values[f.urlKey])?.trim();
        if (!v || v.length > 100) break;
        if (f.source === 'countries' || f.source === 'agreementCountries') {
          if (/^[A-Za-z]{2}$/.test(v)) out[f.apiKey] = v.toUpperCase();
        } else out[f.apiKey] = v;
        break;
      }
    }
  }
  return out;
}
