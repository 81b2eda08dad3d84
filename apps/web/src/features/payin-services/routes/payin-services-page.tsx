import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAYIN_SERVICES_LIST } from '@mbo/contracts/lists/payin-services-list';
import type { ListPayinServicesRequest, PayinServiceRecord } from '@mbo/contracts/payin-services';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { listPayinServicesQueryOptions } from '../api/list-payin-services';
import { usePayinServicesTable } from '../components/payin-services-table';
import { PAYIN_SERVICE_STATUS_LABEL, PAYIN_SERVICE_STATUS_TONE } from '../utils/payin-service-status';

const HEADER = {
  eyebrow: 'Services',
  title: 'Pay-in services',
  subtitle:
    'The payment methods your customers can pay you with: what each payment costs, its limits, and when its money settles.',
};

function payinServicesQuery(list: ListQuery<typeof PAYIN_SERVICES_LIST>, tz: string | null | undefined, quiet = false) {
  const request: ListPayinServicesRequest = {
    ...toApiFilters(PAYIN_SERVICES_LIST, list.filters, tz),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    sort: list.sort,
  };
  return listPayinServicesQueryOptions(request, { quiet });
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  void queryClient.prefetchQuery(payinServicesQuery(readListQuery(PAYIN_SERVICES_LIST, search), timeZone, true));
};

/** /services/payin: PAYIN_SERVICES_LIST rendered by the list kit (by country). */
export default function PayinServicesPage() {
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(PAYIN_SERVICES_LIST);
  const page = useQuery({ ...payinServicesQuery(list, tz), placeholderData: keepPreviousData });
  return (
    <ListPage<PayinServiceRecord>
      list={list}
      header={HEADER}
      query={page}
      statusLabels={PAYIN_SERVICE_STATUS_LABEL}
      statusTones={PAYIN_SERVICE_STATUS_TONE}
      {...usePayinServicesTable()}
    />
  );
}
