/**
 * Everything a list page holds, from its definition: filters, page and sort in the URL
 * (lib/use-url-filters), the visible columns kept per list (lib/use-column-visibility), and the
 * state a saved view stores and restores.
 */
import { useMemo } from 'react';
import { defaultVisibleColumns, type ListDefinition } from '@mbo/contracts/lists/list-definition';
import type { SavedViewState } from '@mbo/contracts/saved-views';
import { useColumnVisibility, type ColumnVisibility } from '@/lib/use-column-visibility';
import { countFilters, useUrlFilters, type FilterPatch, type UrlFilterValues } from '@/lib/use-url-filters';
import { urlSpecOf, type ListUrlValues } from './list-request';

export interface ListState<D extends ListDefinition = ListDefinition> {
  def: D;
  filters: ListUrlValues;
  setFilters(patch: FilterPatch<ListUrlValues>): void;
  clearFilters(): void;
  /** How many filters are set. */
  activeFilters: number;
  pageNum: number;
  pageSize: number;
  setPage(pageNum: number, pageSize?: number): void;
  sort: D['sorts'][number] | undefined;
  setSort(sort: D['sorts'][number] | undefined): void;
  columns: ColumnVisibility;
  /** What a saved view of the list stores now. */
  viewState(): SavedViewState;
  /** Shows a saved view: its filters, sort and columns (columns the list no longer has are dropped). */
  applyView(state: SavedViewState): void;
}

export function useListState<D extends ListDefinition>(def: D): ListState<D> {
  type Sort = D['sorts'][number];
  const spec = useMemo(() => urlSpecOf(def.filters), [def]);
  const url = useUrlFilters<typeof spec, Sort>(spec, {
    sorts: def.sorts,
    defaultSort: def.defaultSort as Sort | undefined,
  });
  const allKeys = useMemo(() => def.columns.map((c) => c.key), [def]);
  const hidden = useMemo(() => def.columns.filter((c) => !c.defaultVisible && !c.required).map((c) => c.key), [def]);
  const columns = useColumnVisibility(`mbo.columns.${def.key}`, allKeys, hidden);
  const filters = url.filters as ListUrlValues;

  return {
    def,
    filters,
    setFilters: (patch) => url.setFilters(patch as FilterPatch<Partial<UrlFilterValues<typeof spec>>>),
    clearFilters: url.clearFilters,
    activeFilters: countFilters(url.filters),
    pageNum: url.pageNum,
    pageSize: url.pageSize,
    setPage: url.setPage,
    sort: url.sort,
    setSort: url.setSort,
    columns,
    viewState: () => {
      const kept = Object.fromEntries(
        Object.entries(filters).filter((e): e is [string, string | string[]] => e[1] !== undefined),
      );
      return {
        filters: kept,
        columns: columns.visible,
        ...(url.sort && url.sort !== def.defaultSort ? { sort: url.sort } : {}),
      };
    },
    applyView: (state) => {
      url.replaceAll(state.filters as UrlFilterValues<typeof spec>, state.sort as Sort | undefined);
      const known = state.columns.filter((k) => allKeys.includes(k));
      columns.setVisible(
        known.length
          ? [...known, ...def.columns.filter((c) => c.required).map((c) => c.key)]
          : defaultVisibleColumns(def),
      );
    },
  };
}
