import { SEARCH_PATHS, type SearchResults } from '@mbo/contracts/search';
import { post } from '@/lib/http/request';

/** Query keys of the global search (the active merchant's, like every key outside lib/query-keys.ts). */
export const searchKeys = {
  all: ['search'] as const,
  query: (query: string) => [...searchKeys.all, query] as const,
};

/** One search of the active merchant's records. Quiet: the dialog says when it fails. */
export function searchRecords(query: string, signal?: AbortSignal): Promise<SearchResults> {
  return post<SearchResults>(SEARCH_PATHS.search, { query }, { signal, showErrorMessage: false });
}

export function searchQueryOptions(query: string) {
  return {
    queryKey: searchKeys.query(query),
    queryFn: ({ signal }: { signal: AbortSignal }) => searchRecords(query, signal),
    staleTime: 30_000,
  };
}
