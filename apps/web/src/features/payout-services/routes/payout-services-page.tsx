import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { PAYOUT_METHOD_TYPES, PAYOUT_SERVICE_STATUSES } from '@mbo/contracts/payout-services';
import { useLabel } from '@/i18n/use-label';
import { PAYOUT_SERVICES_LIST } from '@mbo/contracts/lists/payout-services-list';
import type { ListPayoutServicesRequest, PayoutServiceRecord } from '@mbo/contracts/payout-services';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { listPayoutServicesQueryOptions } from '../api/list-payout-services';
import { usePayoutServicesTable } from '../components/payout-services-table';
import { PAYOUT_SERVICE_STATUS_TONE } from '../utils/payout-service-status';

function payoutServicesQuery(
  list: ListQuery<typeof PAYOUT_SERVICES_LIST>,
  tz: string | null | undefined,
  quiet = false,
) {
  const request = {
    ...toApiFilters(PAYOUT_SERVICES_LIST, list.filters, tz),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    sort: list.sort,
  } as ListPayoutServicesRequest;
  return listPayoutServicesQueryOptions(request, { quiet });
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  void queryClient.prefetchQuery(payoutServicesQuery(readListQuery(PAYOUT_SERVICES_LIST, search), timeZone, true));
};

/** /services/payout: PAYOUT_SERVICES_LIST rendered by the list kit (by country). */
export default function PayoutServicesPage() {
  const { t } = useTranslation('payout-services', { keyPrefix: 'page' });
  const label = useLabel();
  // The chips of both status-set filters: the services' statuses and the method types (their codes do not overlap).
  const statusLabels = Object.fromEntries([
    ...PAYOUT_SERVICE_STATUSES.map((s) => [s, label('PAYOUT_SERVICE_STATUSES', s)]),
    ...PAYOUT_METHOD_TYPES.map((m) => [m, label('PAYOUT_METHOD_TYPES', m)]),
  ]);
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(PAYOUT_SERVICES_LIST);
  const page = useQuery({ ...payoutServicesQuery(list, tz), placeholderData: keepPreviousData });
  return (
    <ListPage<PayoutServiceRecord>
      list={list}
      header={{ eyebrow: t('eyebrow'), title: t('title'), subtitle: t('subtitle') }}
      query={page}
      statusLabels={statusLabels}
      statusTones={PAYOUT_SERVICE_STATUS_TONE}
      {...usePayoutServicesTable()}
    />
  );
}
