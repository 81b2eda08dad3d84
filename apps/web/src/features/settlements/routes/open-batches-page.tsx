import { useTranslation } from '@/i18n/use-translation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SETTLEMENT_BATCHES_LIST } from '@mbo/contracts/lists/settlements-list';
import type { SettlementBatchRecord } from '@mbo/contracts/settlements';
import ListPage from '@/components/list/list-page';
import { readListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { listBatchesQueryOptions } from '../api/list-batches';
import { useBatchesTable } from '../components/batch-table';
import { BatchTabs } from '../components/batch-tabs';
import { OPEN_TOTALS_REQUEST, OpenBatchTotals } from '../components/batch-totals';
import { SandboxClockButton } from '../components/sandbox-clock-button';
import { batchListRequest } from '../utils/batch-list-request';
import { OPEN_BATCHES_PATH } from '../utils/batch-status';

const LIST = SETTLEMENT_BATCHES_LIST;

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  void queryClient.prefetchQuery(listBatchesQueryOptions(OPEN_TOTALS_REQUEST, { quiet: true }));
  void queryClient.prefetchQuery(
    listBatchesQueryOptions(batchListRequest(LIST, 'OPEN', readListQuery(LIST, search), timeZone), { quiet: true }),
  );
};

/**
 * /settlements/batch: the running totals of the open batches per currency, then SETTLEMENT_BATCHES_LIST on the list
 * kit;
 * on a sandbox server, "Move time forward" settles them as of a later day.
 */
export default function OpenBatchesPage() {
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(LIST);
  const { t } = useTranslation('settlements', { keyPrefix: 'pages' });
  const page = useQuery({
    ...listBatchesQueryOptions(batchListRequest(LIST, 'OPEN', list, tz)),
    placeholderData: keepPreviousData,
  });
  const intro = (
    <>
      <BatchTabs active={OPEN_BATCHES_PATH} />
      <OpenBatchTotals />
    </>
  );
  return (
    <ListPage<SettlementBatchRecord>
      list={list}
      header={{ eyebrow: t('eyebrow'), title: t('batches.title'), subtitle: t('batches.subtitle') }}
      intro={intro}
      actions={<SandboxClockButton />}
      query={page}
      {...useBatchesTable('open')}
    />
  );
}
