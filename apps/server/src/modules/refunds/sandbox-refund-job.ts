import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { finishRefundById } from './sandbox-refund-processor';

/**
 * The sandbox processor's decision on one refund, sent by createRefund in its transaction to start after
 * SANDBOX_REFUND_DELAY_MS.
 */
export const sandboxRefundJob = defineJob({
  name: 'refunds.sandbox-finish',
  data: z.object({ refundId: z.string().min(1).max(64) }),
  retryLimit: 5,
  retryDelaySeconds: 2,
  expireInSeconds: 60,
  concurrency: 2,
  handle: async (job, app) => {
    await finishRefundById(app.db, job.data.refundId, app.jobs);
  },
});
