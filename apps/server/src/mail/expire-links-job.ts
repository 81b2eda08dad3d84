import { z } from 'zod';
import { defineJob } from '../jobs/job-definition';
import { removeExpiredLinks } from './one-time-link';

/**
 * Every 10 minutes: removes the one-time link of every stored mail whose link expired (at the app's
 * clock), so no reset or invitation link outlives its use in the outbox: unsent mail (the outbox
 * without SMTP, a mail whose delivery failed or whose sender died) included. Sent mail lost its link
 * when it was marked sent (mail/mailer.ts).
 */
export const expireMailLinksJob = defineJob({
  name: 'mail.expire-links',
  data: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  cron: '*/10 * * * *',
  handle: async (_job, app) => {
    const removed = await removeExpiredLinks(app.db, new Date(app.config.clock()));
    if (removed) app.log.info({ removed }, 'expired one-time links removed from stored mail');
  },
});
