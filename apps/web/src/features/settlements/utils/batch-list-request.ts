import type { ListDefinition } from '@mbo/contracts/lists/list-definition';
import type { BatchSort, ListBatchesRequest } from '@mbo/contracts/settlements';
import { toApiFilters, type ListQuery } from '@/components/list/list-request';

/** The batch list call for the URL's filters, page and sort: open batches or the history (closed and settled). */
export function batchListRequest(
  def: ListDefinition<string, BatchSort>,
  state: ListBatchesRequest['state'],
  list: ListQuery<ListDefinition<string, BatchSort>>,
  timeZone: string | null | undefined,
): ListBatchesRequest {
  return {
    ...(toApiFilters(def, list.filters, timeZone) as Pick<
      ListBatchesRequest,
      'currency' | 'keyword' | 'createdFrom' | 'createdTo'
    >),
    state,
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    sort: list.sort,
  };
}
