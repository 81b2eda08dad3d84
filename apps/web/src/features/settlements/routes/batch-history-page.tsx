import { useTranslation } from '@/i18n/use-translation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SETTLEMENT_BATCH_HISTORY_LIST } from '@mbo/contracts/lists/settlements-list';
import type { SettlementBatchRecord } from '@mbo/contracts/settlements';
import ListPage from '@/components/list/list-page';
import { readListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { listBatchesQueryOptions } from '../api/list-batches';
import { useBatchesTable } from '../components/batch-table';
import { BatchTabs } from '../components/batch-tabs';
import { batchListRequest } from '../utils/batch-list-request';
import { BATCH_HISTORY_PATH } from '../utils/batch-status';

const LIST = SETTLEMENT_BATCH_HISTORY_LIST;

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  void queryClient.prefetchQuery(
    listBatchesQueryOptions(batchListRequest(LIST, 'CLOSED', readListQuery(LIST, search), timeZone), { quiet: true }),
  );
};

/** /settlements/batch/history: SETTLEMENT_BATCH_HISTORY_LIST (closed and settled batches) on the list kit. */
export default function BatchHistoryPage() {
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(LIST);
  const { t } = useTranslation('settlements', { keyPrefix: 'pages' });
  const page = useQuery({
    ...listBatchesQueryOptions(batchListRequest(LIST, 'CLOSED', list, tz)),
    placeholderData: keepPreviousData,
  });
  return (
    <ListPage<SettlementBatchRecord>
      list={list}
      header={{ eyebrow: t('eyebrow'), title: t('batchHistory.title'), subtitle: t('batchHistory.subtitle') }}
      intro={<BatchTabs active={BATCH_HISTORY_PATH} />}
      query={page}
      {...useBatchesTable('history')}
    />
  );
}
