/**
 * A list's filters, page and sort held in the URL query (PRODUCT.md: filters survive reload and are
 * shareable). A list declares its filters once as a spec (name → kind); the hook reads them from the
 * URL and writes changes back, going to page 1 whenever a filter or the sort changes.
 *
 *   const SPEC = { status: 'list', currency: 'string', from: 'date', to: 'date' } as const;
 *   const { filters, setFilters, pageNum, pageSize, setPage, sort, setSort } = useUrlFilters(SPEC);
 *
 * Kinds: 'string' (any text), 'list' (comma-joined values: status=SUCCESS,FAILED), 'date'
 * (YYYY-MM-DD, a calendar day in the merchant's zone), 'amount' (a decimal in major units: 12.50).
 * Reserved query keys: page, size, sort.
 */
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type UrlFilterKind = 'string' | 'list' | 'date' | 'amount';
export type UrlFilterSpec = Readonly<Record<string, UrlFilterKind>>;
/** The values of a spec's filters: lists for 'list', text for the rest (either, for a spec built at run time). */
export type UrlFilterValues<S extends UrlFilterSpec> = {
  [K in keyof S]?: S[K] extends 'list' ? string[] : 'list' extends S[K] ? string | string[] : string;
};

export const PAGE_PARAM = 'page';
export const SIZE_PARAM = 'size';
export const SORT_PARAM = 'sort';
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT_RE = /^\d{1,15}(\.\d{1,6})?$/;

function cleanValue(kind: UrlFilterKind, raw: unknown): string | string[] | undefined {
  if (kind === 'list') {
    const items = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [])
      .map((v) => String(v).trim())
      .filter(Boolean);
    return items.length ? Array.from(new Set(items)) : undefined;
  }
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (!text) return undefined;
  if (kind === 'date') return DATE_RE.test(text) ? text : undefined;
  if (kind === 'amount') return AMOUNT_RE.test(text) ? text : undefined;
  return text;
}

/** The spec's filters found in a query string; malformed values are dropped. */
export function readUrlFilters<S extends UrlFilterSpec>(spec: S, params: URLSearchParams): UrlFilterValues<S> {
  const out: Record<string, string | string[]> = {};
  for (const [name, kind] of Object.entries(spec)) {
    const raw = params.get(name);
    const value = raw === null ? undefined : cleanValue(kind, raw);
    if (value !== undefined) out[name] = value;
  }
  return out as UrlFilterValues<S>;
}

/**
 * A copy of `base` with the spec's keys replaced by `values` (empty values removed). Other keys
 * (page, size, sort, anything else) are kept.
 */
export function writeUrlFilters<S extends UrlFilterSpec>(
  spec: S,
  values: UrlFilterValues<S>,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const [name, kind] of Object.entries(spec)) {
    next.delete(name);
    const value = cleanValue(kind, (values as Record<string, unknown>)[name]);
    if (value === undefined) continue;
    next.set(name, Array.isArray(value) ? value.join(',') : value);
  }
  return next;
}

/** The query string of a set of filters alone (e.g. to carry them to the report centre). */
export function filtersQueryString<S extends UrlFilterSpec>(spec: S, values: UrlFilterValues<S>): string {
  return writeUrlFilters(spec, values).toString();
}

/** How many filters are set (for a "Clear filters (3)" button). */
export function countFilters<S extends UrlFilterSpec>(values: UrlFilterValues<S>): number {
  return Object.values(values).filter((v) => v !== undefined && (!Array.isArray(v) || v.length > 0)).length;
}

function positiveInt(raw: string | null, fallback: number, max: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

export interface UrlFiltersOptions<T extends string> {
  defaultPageSize?: number;
  /** The allowed sort values; anything else in the URL falls back to defaultSort. */
  sorts?: readonly T[];
  defaultSort?: T;
}

/** Page, page size and sort as a query string holds them (defaults for missing or malformed values). */
export function readUrlPaging<T extends string>(
  params: URLSearchParams,
  options: UrlFiltersOptions<T> = {},
): { pageNum: number; pageSize: number; sort: T | undefined } {
  const rawSort = params.get(SORT_PARAM) as T | null;
  return {
    pageNum: positiveInt(params.get(PAGE_PARAM), 1, 100000),
    pageSize: positiveInt(params.get(SIZE_PARAM), options.defaultPageSize ?? DEFAULT_PAGE_SIZE, 200),
    sort: rawSort && (!options.sorts || options.sorts.includes(rawSort)) ? rawSort : options.defaultSort,
  };
}

/**
 * A change of filters: the values to merge, or a function of the filters as last written (a control
 * that adds one value to a list, such as a multiple select, must not build on a render that has not
 * caught up with a change just made, e.g. "Clear filters" a moment before).
 */
export type FilterPatch<V> = V | ((current: V) => V);

export interface UrlFilters<S extends UrlFilterSpec, T extends string> {
  filters: UrlFilterValues<S>;
  /** Merges a change into the filters (undefined / empty clears one) and goes to page 1. */
  setFilters(patch: FilterPatch<Partial<UrlFilterValues<S>>>): void;
  /** Removes every filter (page size and sort stay). */
  clearFilters(): void;
  pageNum: number;
  pageSize: number;
  setPage(pageNum: number, pageSize?: number): void;
  sort: T | undefined;
  /** Sets the sort (undefined → the default) and goes to page 1. */
  setSort(sort: T | undefined): void;
  /** Replaces every filter and the sort at once (a saved view), page 1; the page size stays. */
  replaceAll(filters: UrlFilterValues<S>, sort: T | undefined): void;
  searchParams: URLSearchParams;
}

export function useUrlFilters<S extends UrlFilterSpec, T extends string = string>(
  spec: S,
  options: UrlFiltersOptions<T> = {},
): UrlFilters<S, T> {
  const [searchParams, setSearchParamsRaw] = useSearchParams();
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const key = searchParams.toString();

  // The router renders a navigation as a transition: while the user keeps typing, the committed
  // searchParams (and the closures made from them) can lag behind what was already written. Every
  // change is therefore made on top of the last query written, not the last one rendered, so a quick
  // second change never drops the first.
  const written = useRef<{ latest: string; pending: string[] }>({ latest: key, pending: [] });
  useLayoutEffect(() => {
    const w = written.current;
    const at = w.pending.indexOf(key);
    if (at >= 0) w.pending = w.pending.slice(at + 1);
    else w.pending = []; // a navigation of someone else (back button, a link): start from it
    if (w.pending.length === 0) w.latest = key;
  }, [key]);
  const setSearchParams = useCallback(
    (update: (prev: URLSearchParams) => URLSearchParams) => {
      const w = written.current;
      const next = update(new URLSearchParams(w.pending.length ? w.latest : key)).toString();
      w.latest = next;
      w.pending.push(next);
      setSearchParamsRaw(new URLSearchParams(next));
    },
    [key, setSearchParamsRaw],
  );

  const filters = useMemo(() => readUrlFilters(spec, new URLSearchParams(key)), [spec, key]);
  const { pageNum, pageSize, sort } = readUrlPaging(searchParams, options);

  const setFilters = useCallback(
    (patch: FilterPatch<Partial<UrlFilterValues<S>>>) =>
      setSearchParams((prev) => {
        const current = readUrlFilters(spec, prev);
        const next = writeUrlFilters(
          spec,
          { ...current, ...(typeof patch === 'function' ? patch(current) : patch) },
          prev,
        );
        next.delete(PAGE_PARAM);
        return next;
      }),
    [spec, setSearchParams],
  );
  const clearFilters = useCallback(
    () =>
      setSearchParams((prev) => {
        const next = writeUrlFilters(spec, {}, prev);
        next.delete(PAGE_PARAM);
        return next;
      }),
    [spec, setSearchParams],
  );
  const setPage = useCallback(
    (page: number, size?: number) =>
      setSearchParams((prev) => {
        const next = new URLSearchParams(prev);
        const sizeChanged = size !== undefined && size !== positiveInt(prev.get(SIZE_PARAM), defaultPageSize, 200);
        if (size !== undefined) {
          if (size === defaultPageSize) next.delete(SIZE_PARAM);
          else next.set(SIZE_PARAM, String(size));
        }
        const target = sizeChanged ? 1 : page;
        if (target <= 1) next.delete(PAGE_PARAM);
        else next.set(PAGE_PARAM, String(target));
        return next;
      }),
    [setSearchParams, defaultPageSize],
  );
  const setSort = useCallback(
    (value: T | undefined) =>
      setSearchParams((prev) => {
        const next = new URLSearchParams(prev);
        if (!value || value === options.defaultSort) next.delete(SORT_PARAM);
        else next.set(SORT_PARAM, value);
        next.delete(PAGE_PARAM);
        return next;
      }),
    [setSearchParams, options.defaultSort],
  );

  const replaceAll = useCallback(
    (values: UrlFilterValues<S>, value: T | undefined) =>
      setSearchParams((prev) => {
        const next = writeUrlFilters(spec, values, prev);
        const allowed = value && (!options.sorts || options.sorts.includes(value));
        if (!allowed || value === options.defaultSort) next.delete(SORT_PARAM);
        else next.set(SORT_PARAM, value);
        next.delete(PAGE_PARAM);
        return next;
      }),
    [spec, setSearchParams, options.sorts, options.defaultSort],
  );

  return { filters, setFilters, clearFilters, pageNum, pageSize, setPage, sort, setSort, replaceAll, searchParams };
}
