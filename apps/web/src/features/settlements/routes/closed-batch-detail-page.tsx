import type { PagePrefetch } from '@/lib/page-prefetch';
import BatchDetail, { prefetchBatch } from '../components/batch-detail';
import { BATCH_HISTORY_PATH } from '../utils/batch-status';

const LIST = { to: BATCH_HISTORY_PATH, label: 'Batch history' };

export const prefetch: PagePrefetch = prefetchBatch;

/** /settlements/batch/history/detail?batchId=: a batch opened from the batch history (its menu stays active). */
export default function ClosedBatchDetailPage() {
  return <BatchDetail list={LIST} />;
}
