import { useTranslation } from '@/i18n/use-translation';
import type { PagePrefetch } from '@/lib/page-prefetch';
import BatchDetail, { prefetchBatch } from '../components/batch-detail';
import { OPEN_BATCHES_PATH } from '../utils/batch-status';

export const prefetch: PagePrefetch = prefetchBatch;

/** /settlements/batch/detail?batchId=: a batch opened from the open batches. */
export default function BatchDetailPage() {
  const { t } = useTranslation('settlements', { keyPrefix: 'pages' });
  return <BatchDetail list={{ to: OPEN_BATCHES_PATH, label: t('batches.title') }} />;
}
