import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REFUNDS_LIST } from '@mbo/contracts/lists/refunds-list';
import type { ListRefundsRequest, RefundRecord } from '@mbo/contracts/refunds';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { listRefundsQueryOptions } from '../api/list-refunds';
import { useRefundsTable } from '../components/refunds-table';
import { refundStatusLabels } from '../utils/refund-status';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';

function refundsQuery(list: ListQuery<typeof REFUNDS_LIST>, tz: string | null | undefined, quiet = false) {
  const request: ListRefundsRequest = {
    ...toApiFilters(REFUNDS_LIST, list.filters, tz),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
  };
  return listRefundsQueryOptions(request, { quiet });
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  void queryClient.prefetchQuery(refundsQuery(readListQuery(REFUNDS_LIST, search), timeZone, true));
};

/** /transactions/refunds: REFUNDS_LIST rendered by the list kit (newest first). */
export default function RefundsPage() {
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(REFUNDS_LIST);
  const page = useQuery({ ...refundsQuery(list, tz), placeholderData: keepPreviousData });
  const { t } = useTranslation('refunds', { keyPrefix: 'page' });
  const label = useLabel();
  const header = { eyebrow: t('eyebrow'), title: t('title'), subtitle: t('subtitle') };
  return (
    <ListPage<RefundRecord>
      list={list}
      header={header}
      query={page}
      statusLabels={refundStatusLabels(label)}
      {...useRefundsTable()}
    />
  );
}
