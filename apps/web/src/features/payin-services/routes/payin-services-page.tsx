import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { PAYIN_SERVICE_STATUSES } from '@mbo/contracts/payin-services';
import { useLabel } from '@/i18n/use-label';
import { PAYIN_SERVICES_LIST } from '@mbo/contracts/lists/payin-services-list';
import type { ListPayinServicesRequest, PayinServiceRecord } from '@mbo/contracts/payin-services';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { listPayinServicesQueryOptions } from '../api/list-payin-services';
import { usePayinServicesTable } from '../components/payin-services-table';
import { PAYIN_SERVICE_STATUS_TONE } from '../utils/payin-service-status';

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
  const { t } = useTranslation('payin-services', { keyPrefix: 'page' });
  const label = useLabel();
  const statusLabels = Object.fromEntries(PAYIN_SERVICE_STATUSES.map((s) => [s, label('PAYIN_SERVICE_STATUSES', s)]));
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(PAYIN_SERVICES_LIST);
  const page = useQuery({ ...payinServicesQuery(list, tz), placeholderData: keepPreviousData });
  return (
    <ListPage<PayinServiceRecord>
      list={list}
      header={{ eyebrow: t('eyebrow'), title: t('title'), subtitle: t('subtitle') }}
      query={page}
      statusLabels={statusLabels}
      statusTones={PAYIN_SERVICE_STATUS_TONE}
      {...usePayinServicesTable()}
    />
  );
}
