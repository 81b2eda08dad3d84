import type { PagePrefetch } from '@/lib/page-prefetch';
import BatchDetail, { prefetchBatch } from '../components/batch-detail';
import { OPEN_BATCHES_PATH } from '../utils/batch-status';

const LIST = { to: OPEN_BATCHES_PATH, label: 'Clearing batches' };

export const prefetch: PagePrefetch = prefetchBatch;

/** /settlements/batch/detail?batchId=: a batch opened from the open batches. */
export default function BatchDetailPage() {
  return <BatchDetail list={LIST} />;
}
