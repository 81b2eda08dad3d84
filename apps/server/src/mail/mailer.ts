import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { outboxEmails } from '../db/schema';
import { typedRows } from '../db/typed-rows';
import type { JobQueue } from '../jobs/job-queue';
import { sendMailJob } from './send-mail-job';
import type { Email } from './email';
import { fillOneTimeLink, LINK_REMOVED_AFTER_SENDING, LINK_REMOVED_EXPIRED, ONE_TIME_LINK_MARK } from './one-time-link';

export interface Mailer {
  /**
   * Writes the mail to the outbox inside the caller's transaction and, with SMTP, sends its
   * delivery job in the same transaction: a rolled-back change leaves neither mail nor job.
   */
  enqueue(tx: DbOrTx, email: Email): Promise<void>;
  /** Starts delivery of what was just committed without waiting for the next poll (call after the commit). */
  kick(): void;
  /** Waits until every queued job has run (tests). */
  flush(): Promise<void>;
  /** Delivers one outbox mail over SMTP (the send-mail job's work). */
  deliver(emailId: number): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
  close(): Promise<void>;
}

/** What a claim reads of the mail; link_expires_at is set for a mail that carries a one-time link (even removed). */
const CLAIMED_MAIL = {
  to_address: outboxEmails.toAddress,
  subject: outboxEmails.subject,
  text_body: outboxEmails.textBody,
  html_body: outboxEmails.htmlBody,
  one_time_link: outboxEmails.oneTimeLink,
  link_expires_at: outboxEmails.linkExpiresAt,
};

/**
 * With an SMTP URL every mail is delivered by a send-mail job (mail/send-mail-job.ts), with no
 * database transaction open while SMTP talks:
 * 1. claim: one committed UPDATE sets the row's claim token (only if unsent and unclaimed);
 * 2. send over SMTP;
 * 3. mark sent (sent_at), or on an SMTP error release the claim and fail the job, which pg-boss
 *    retries with backoff. Every step after the claim is conditioned on the token.
 * At most once: a mail is sent only by the run that claimed it, so two instances never send one
 * twice. A run that dies between claim and result (a killed process) leaves the mail claimed and
 * it is not sent again, since the SMTP server may have taken it: `last_error` stays empty and
 * `claimed_at` shows when. Without SMTP, mail stays in the outbox for /dev/mailbox.
 *
 * A one-time link (mail/one-time-link.ts) is stored apart from the bodies and put in at delivery;
 * marking the mail sent removes it (the bodies then say LINK_REMOVED_AFTER_SENDING), and the
 * mail.expire-links job removes it from any mail whose link expired.
 */
export function createMailer(
  db: Db,
  jobs: JobQueue,
  opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger },
): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  return {
    mode: transport ? 'smtp' : 'outbox',
    async enqueue(tx, email) {
      const [row] = await tx
        .insert(outboxEmails)
        .values({
          toAddress: email.to,
          subject: email.subject,
          textBody: email.text,
          htmlBody: email.html,
          oneTimeLink: email.oneTimeLink?.url ?? null,
          linkExpiresAt: email.oneTimeLink?.expiresAt ?? null,
        })
        .returning({ id: outboxEmails.id });
      if (transport) await jobs.send(sendMailJob, { emailId: row.id }, { tx });
      else opts.log.info({ subject: email.subject }, 'mail kept in the outbox: read it at /dev/mailbox');
    },
    kick() {
      if (transport) jobs.wake(sendMailJob.name);
    },
    flush: () => jobs.drain(),
    async deliver(emailId) {
      if (!transport) return;
      const token = randomUUID();
      const [mail] = await typedRows(
        db,
        CLAIMED_MAIL,
        sql`
        UPDATE outbox_emails SET claim_token = ${token}, claimed_at = now(), attempts = attempts + 1
         WHERE id = ${emailId} AND sent_at IS NULL AND claim_token IS NULL
         RETURNING to_address, subject, text_body, html_body, one_time_link, link_expires_at`,
      );
      if (!mail) return; // sent already, or claimed by another run
      const stored = { text: mail.text_body, html: mail.html_body };
      const body =
        mail.link_expires_at === null ? stored : fillOneTimeLink(stored, mail.one_time_link, LINK_REMOVED_EXPIRED);
      try {
        await transport.sendMail({
          from: opts.from,
          to: mail.to_address,
          subject: mail.subject,
          text: body.text,
          html: body.html,
        });
      } catch (err) {
        await db.execute(
          sql`UPDATE outbox_emails SET claim_token = NULL, last_error = ${String(err).slice(0, 1000)} WHERE id = ${emailId} AND claim_token = ${token}`,
        );
        throw err;
      }
      // Sent: the link went to the recipient only; the row keeps the mail without it.
      await db.execute(sql`
        UPDATE outbox_emails SET sent_at = now(), claim_token = NULL, last_error = NULL, one_time_link = NULL,
               text_body = CASE WHEN one_time_link IS NULL THEN text_body ELSE replace(text_body, ${ONE_TIME_LINK_MARK}, ${LINK_REMOVED_AFTER_SENDING}) END,
               html_body = CASE WHEN one_time_link IS NULL THEN html_body ELSE replace(html_body, ${ONE_TIME_LINK_MARK}, ${LINK_REMOVED_AFTER_SENDING}) END
         WHERE id = ${emailId} AND claim_token = ${token}`);
    },
    async close() {
      transport?.close();
    },
  };
}
