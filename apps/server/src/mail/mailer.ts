import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { rowsOf } from '../db/client';
import { outboxEmails } from '../db/schema';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Writes the mail to the outbox inside the caller's transaction: a rolled-back change sends nothing. */
  enqueue(db: DbOrTx, email: Email): Promise<void>;
  /** Delivers what is pending (call after the transaction commits). */
  kick(): void;
  /** Delivers pending mail now and resolves when done. */
  flush(): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
  close(): Promise<void>;
}

const MAX_ATTEMPTS = 5;
const RETRY_EVERY_MS = 10_000;

/**
 * With an SMTP URL, pending outbox rows are sent over SMTP (claimed with SKIP LOCKED, so several
 * server instances never send one twice). Without one, mail stays in the outbox for /dev/mailbox.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  let running: Promise<void> | null = null;
  let again = false;
  const timer = transport ? setInterval(() => mailer.kick(), RETRY_EVERY_MS) : null;
  timer?.unref();

  async function deliverPending(): Promise<void> {
    if (!transport) return;
    for (;;) {
      const sent = await db.transaction(async (tx) => {
        const rows = rowsOf<{ id: number; to_address: string; subject: string; text_body: string; html_body: string }>(
          await tx.execute(sql`
            SELECT id, to_address, subject, text_body, html_body FROM outbox_emails
             WHERE sent_at IS NULL AND attempts < ${MAX_ATTEMPTS}
             ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`),
        );
        const row = rows[0];
        if (!row) return false;
        try {
          await transport.sendMail({ from: opts.from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body });
          await tx.execute(sql`UPDATE outbox_emails SET sent_at = now(), attempts = attempts + 1 WHERE id = ${row.id}`);
        } catch (err) {
          opts.log.warn({ err, emailId: row.id }, 'mail delivery failed');
          await tx.execute(sql`UPDATE outbox_emails SET attempts = attempts + 1, last_error = ${String(err)} WHERE id = ${row.id}`);
          return false;
        }
        return true;
      });
      if (!sent) return;
    }
  }

  const mailer: Mailer = {
    mode: transport ? 'smtp' : 'outbox',
    async enqueue(tx, email) {
      await tx.insert(outboxEmails).values({ toAddress: email.to, subject: email.subject, textBody: email.text, htmlBody: email.html });
      if (!transport) opts.log.info({ subject: email.subject }, 'mail kept in the outbox: read it at /dev/mailbox');
    },
    kick() {
      void mailer.flush().catch((err) => opts.log.error({ err }, 'mail dispatcher failed'));
    },
    async flush() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await deliverPending();
        } while (again);
      })().finally(() => {
        running = null;
      });
      return running;
    },
    async close() {
      if (timer) clearInterval(timer);
      if (running) await running.catch(() => undefined);
      transport?.close();
    },
  };
  return mailer;
}
