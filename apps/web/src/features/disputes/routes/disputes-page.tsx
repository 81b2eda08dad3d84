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
import { disputeStatusLabels, DISPUTE_STATUS_TONE } from '../utils/dispute-status';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import { DISPUTE_REASON_CODES } from '@mbo/contracts/dispute-reasons';
import { useLabel } from '@/i18n/use-label';

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

/**
 * The tabs' labels, each with its count of disputes that need evidence (the header badge's numbers). `t` is
 * useTranslation('disputes', { keyPrefix: 'page' })'s.
 */
export function tabLabels(alert: AlertInfo, t: TFunction): Record<string, string> {
  const need = (count: number) => (count > 0 ? t('need', { count }) : '');
  return {
    CUSTOMER_DISPUTE: t('customerDisputes', { need: need(alert.customerDisputeCount) }),
    CHARGEBACK: t('chargebacks', { need: need(alert.chargebackCount) }),
  };
}

/** /transactions/disputes: DISPUTES_LIST rendered by the list kit, with a tab per kind. */
export default function DisputesPage() {
  const { user, alertInfo } = useGlobalState();
  const list = useListState(DISPUTES_LIST);
  const page = useQuery({ ...disputesQuery(list, user?.timeZone), placeholderData: keepPreviousData });
  const { t } = useTranslation('disputes', { keyPrefix: 'page' });
  const label = useLabel();
  const header = { eyebrow: t('eyebrow'), title: t('title'), subtitle: t('subtitle') };
  const reasons = Object.fromEntries(DISPUTE_REASON_CODES.map((r) => [r, label('DISPUTE_REASON_CODES', r)]));
  return (
    <ListPage<DisputeRecord>
      list={list}
      header={header}
      query={page}
      statusLabels={{ ...disputeStatusLabels(label), ...reasons, ...tabLabels(alertInfo, t) }}
      statusTones={DISPUTE_STATUS_TONE}
      {...useDisputesTable()}
    />
  );
}
