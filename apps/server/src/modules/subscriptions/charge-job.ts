import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { chargeDueAgreements } from './charge-agreements';

/**
 * Every minute (one tick across all instances): charge what is due. A second runner or a rerun charges nothing twice.
 */
export const chargeDueAgreementsJob = defineJob({
  name: 'subscriptions.charge-due',
  data: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 10 * 60,
  cron: '* * * * *',
  handle: async (_job, app) => {
    const result = await chargeDueAgreements(app.db, { jobs: app.jobs });
    if (result.charged || result.declined || result.cancelled || result.expired)
      app.log.info(result, 'subscription charges');
  },
});
