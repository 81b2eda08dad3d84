import { useTranslation } from '@/i18n/use-translation';
import type { PagePrefetch } from '@/lib/page-prefetch';
import BatchDetail, { prefetchBatch } from '../components/batch-detail';
import { BATCH_HISTORY_PATH } from '../utils/batch-status';

export const prefetch: PagePrefetch = prefetchBatch;

/** /settlements/batch/history/detail?batchId=: a batch opened from the batch history (its menu stays active). */
export default function ClosedBatchDetailPage() {
  const { t } = useTranslation('settlements', { keyPrefix: 'pages' });
  return <BatchDetail list={{ to: BATCH_HISTORY_PATH, label: t('batchHistory.title') }} />;
}
