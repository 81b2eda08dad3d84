import { z } from 'zod';
import { defineJob } from '../jobs/job-definition';

/** Delivers one outbox mail over SMTP (see createMailer: claim, send with no transaction open, mark sent). */
export const sendMailJob = defineJob({
  name: 'mail.send',
  data: z.object({ emailId: z.number().int().positive() }),
  // An SMTP error is retried 5 times, after about 5, 10, 20, 40 and 80 s.
  retryLimit: 5,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  concurrency: 2,
  handle: async (job, app) => app.mailer.deliver(job.data.emailId),
});
