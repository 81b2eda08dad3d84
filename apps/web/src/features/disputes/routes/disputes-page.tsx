import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DISPUTES_LIST } from '@mbo/contracts/lists/disputes-list';
import type { DisputeRecord, ListDisputesRequest } from '@mbo/contracts/disputes';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState, type AlertInfo } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { listDisputesQueryOptions } from '../api/disputes-api';
import { useDisputesTable } from '../components/disputes-table';
import { DISPUTE_STATUS_LABEL, DISPUTE_STATUS_TONE } from '../utils/dispute-status';

const HEADER = {
  eyebrow: 'Transactions',
  title: 'Disputes',
  subtitle: 'Customer disputes and chargebacks of your payments: answer each before its due date, or accept it.',
};

function disputesQuery(list: ListQuery<typeof DISPUTES_LIST>, tz: string | null | undefined, quiet = false) {
  const request = {
    ...toApiFilters(DISPUTES_LIST, list.filters, tz),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    sort: list.sort,
  } as ListDisputesRequest;
  return listDisputesQueryOptions(request, { quiet });
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  void queryClient.prefetchQuery(disputesQuery(readListQuery(DISPUTES_LIST, search), timeZone, true));
};

/** The tabs' labels, each with its count of disputes that need evidence (the header badge's numbers). */
export function tabLabels(alert: AlertInfo): Record<string, string> {
  const need = (n: number) => (n > 0 ? ` (${n} need evidence)` : '');
  return {
    CUSTOMER_DISPUTE: `Customer disputes${need(alert.customerDisputeCount)}`,
    CHARGEBACK: `Chargebacks${need(alert.chargebackCount)}`,
  };
}

/** /transactions/disputes: DISPUTES_LIST rendered by the list kit, with a tab per kind. */
export default function DisputesPage() {
  const { user, alertInfo } = useGlobalState();
  const list = useListState(DISPUTES_LIST);
  const page = useQuery({ ...disputesQuery(list, user?.timeZone), placeholderData: keepPreviousData });
  return (
    <ListPage<DisputeRecord>
      list={list}
      header={HEADER}
      query={page}
      statusLabels={{ ...DISPUTE_STATUS_LABEL, ...tabLabels(alertInfo) }}
      statusTones={DISPUTE_STATUS_TONE}
      {...useDisputesTable()}
    />
  );
}
