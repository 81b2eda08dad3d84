import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { runSettlementCycle } from './settle-batches';

/**
 * Every minute (pg-boss's cron: one run per tick across all server instances): closes the batches
 * past their cut-off and settles the closed batches that are due (settle-batches.ts). Idempotent and
 * catching up: each run does whatever is due by then, so a server that was down settles the missed
 * days on its first run.
 */
export const settlementCycleJob = defineJob({
  name: 'settlements.cycle',
  data: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 10 * 60,
  cron: '* * * * *',
  handle: async (_job, app) => {
    const result = await runSettlementCycle(app.db, { jobs: app.jobs });
    if (result.closed || result.settlements) app.log.info(result, 'settlement cycle');
  },
});
