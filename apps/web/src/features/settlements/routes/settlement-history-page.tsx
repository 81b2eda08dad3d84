import { useTranslation } from '@/i18n/use-translation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SETTLEMENTS_LIST } from '@mbo/contracts/lists/settlements-list';
import { SETTLEMENT_STATUSES, type ListSettlementsRequest, type SettlementRecord } from '@mbo/contracts/settlements';
import { useLabel } from '@/i18n/use-label';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { listSettlementsQueryOptions } from '../api/list-settlements';
import { SettlementTotalsStrip } from '../components/settlement-totals';
import { useSettlementsTable } from '../components/settlements-table';
import { SETTLEMENT_STATUS_TONE } from '../utils/settlement-status';

const LIST = SETTLEMENTS_LIST;

/** The list call for the URL's filters, page and sort (the date range bounds the settlement day). */
function settlementsRequest(list: ListQuery<typeof LIST>, tz: string | null | undefined): ListSettlementsRequest {
  return {
    ...(toApiFilters(LIST, list.filters, tz) as Omit<ListSettlementsRequest, 'pageNum' | 'pageSize' | 'sort'>),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    sort: list.sort,
  };
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  void queryClient.prefetchQuery(
    listSettlementsQueryOptions(settlementsRequest(readListQuery(LIST, search), timeZone), { quiet: true }),
  );
};

/** /settlements/history: the totals per currency of the filtered settlements, then SETTLEMENTS_LIST on the list kit. */
export default function SettlementHistoryPage() {
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(LIST);
  const { t } = useTranslation('settlements', { keyPrefix: 'pages' });
  const label = useLabel();
  const statusLabels = Object.fromEntries(SETTLEMENT_STATUSES.map((s) => [s, label('SETTLEMENT_STATUSES', s)]));
  const page = useQuery({
    ...listSettlementsQueryOptions(settlementsRequest(list, tz)),
    placeholderData: keepPreviousData,
  });
  return (
    <ListPage<SettlementRecord>
      list={list}
      header={{ eyebrow: t('eyebrow'), title: t('history.title'), subtitle: t('history.subtitle') }}
      intro={
        <SettlementTotalsStrip totals={page.data?.totals} loading={page.isFetching} filtered={list.activeFilters > 0} />
      }
      query={page}
      statusLabels={statusLabels}
      statusTones={SETTLEMENT_STATUS_TONE}
      {...useSettlementsTable()}
    />
  );
}
