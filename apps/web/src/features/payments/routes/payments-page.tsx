import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAYMENTS_LIST } from '@mbo/contracts/lists/payments-list';
import type { ListPaymentsRequest, PaymentFilters, PaymentRecord } from '@mbo/contracts/payments';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { paymentStatusCountQueryOptions } from '../api/count-payment-statuses';
import { listPaymentsQueryOptions } from '../api/list-payments';
import { usePaymentsTable } from '../components/payments-table';
import { paymentStatusLabels, PAYMENT_STATUS_TONE } from '../utils/payment-status';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';

/** The page's two calls: the rows, and the status tiles' counts (the same filters but the status). */
function paymentsQueries(list: ListQuery<typeof PAYMENTS_LIST>, tz: string | null | undefined, quiet = false) {
  const request: ListPaymentsRequest = {
    ...toApiFilters(PAYMENTS_LIST, list.filters, tz),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    sort: list.sort,
  };
  return {
    page: listPaymentsQueryOptions(request, { quiet }),
    counts: paymentStatusCountQueryOptions(
      toApiFilters(PAYMENTS_LIST, list.filters, tz, ['statusSet']) as PaymentFilters,
    ),
  };
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  const queries = paymentsQueries(readListQuery(PAYMENTS_LIST, search), timeZone, true);
  void queryClient.prefetchQuery(queries.page);
  void queryClient.prefetchQuery(queries.counts);
};

/** /transactions/payments: PAYMENTS_LIST rendered by the list kit, with its status tiles. */
export default function PaymentsPage() {
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(PAYMENTS_LIST);
  const queries = paymentsQueries(list, tz);
  const page = useQuery({ ...queries.page, placeholderData: keepPreviousData });
  const counts = useQuery({ ...queries.counts, placeholderData: keepPreviousData });
  const { t } = useTranslation('payments', { keyPrefix: 'page' });
  const label = useLabel();
  const header = { eyebrow: t('eyebrow'), title: t('title'), subtitle: t('subtitle') };
  return (
    <ListPage<PaymentRecord>
      list={list}
      header={header}
      query={page}
      {...usePaymentsTable()}
      statusLabels={paymentStatusLabels(label)}
      statusTones={PAYMENT_STATUS_TONE}
      tileCounts={{ data: counts.data, loading: counts.isFetching }}
    />
  );
}
