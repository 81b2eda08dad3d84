import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAYOUT_SERVICES_LIST } from '@mbo/contracts/lists/payout-services-list';
import type { ListPayoutServicesRequest, PayoutServiceRecord } from '@mbo/contracts/payout-services';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { listPayoutServicesQueryOptions } from '../api/list-payout-services';
import { usePayoutServicesTable } from '../components/payout-services-table';
import { PAYOUT_SERVICE_STATUS_LABEL, PAYOUT_SERVICE_STATUS_TONE } from '../utils/payout-service-status';

const HEADER = {
  eyebrow: 'Services',
  title: 'Payout services',
  subtitle:
    'The methods you can pay your beneficiaries with: what each payout costs, its limits, its cut-off and when the money arrives.',
};

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
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(PAYOUT_SERVICES_LIST);
  const page = useQuery({ ...payoutServicesQuery(list, tz), placeholderData: keepPreviousData });
  return (
    <ListPage<PayoutServiceRecord>
      list={list}
      header={HEADER}
      query={page}
      statusLabels={PAYOUT_SERVICE_STATUS_LABEL}
      statusTones={PAYOUT_SERVICE_STATUS_TONE}
      {...usePayoutServicesTable()}
    />
  );
}
