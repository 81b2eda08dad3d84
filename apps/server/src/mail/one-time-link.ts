import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outboxEmails } from '../db/schema';
import { typedRows } from '../db/typed-rows';
import { escapeHtml } from '../lib/escape-html';
import type { Email, OneTimeLink } from './email';

/**
 * What a stored mail body holds where its one-time link goes. The outbox keeps the link itself in
 * outbox_emails.one_time_link, apart from the bodies; delivery (and the dev mailbox) put it in.
 * Only characters layout() leaves as they are, so it reads the same in the HTML body.
 */
export const ONE_TIME_LINK_MARK = '{{one-time-link}}';

/** What a stored body says once its mail was sent: the link went to the recipient only. */
export const LINK_REMOVED_AFTER_SENDING = '[link removed after sending]';
/** What a stored body says once its link expired (unsent mail, the dev mailbox). */
export const LINK_REMOVED_EXPIRED = '[link removed: it expired]';

/**
 * The one way a template puts a one-time link in a mail: it renders with the mark in place of the
 * link, and the link travels beside the bodies. The mails that carry one are exactly the callers of
 * this function: resetPasswordEmail and invitationEmail (mail/templates.ts). No other mail carries a
 * secret (two-factor secrets and recovery codes, API key secrets and webhook signing secrets are
 * shown once on screen, never mailed); a new mail that does must be made here.
 */
export function withOneTimeLink(link: OneTimeLink, render: (url: string) => Omit<Email, 'oneTimeLink'>): Email {
  return { ...render(ONE_TIME_LINK_MARK), oneTimeLink: link };
}

/** A stored mail's bodies with its link (or, once removed, `fallback`) where the mark is. */
export function fillOneTimeLink(
  bodies: { text: string; html: string },
  link: string | null,
  fallback: string,
): { text: string; html: string } {
  const shown = link ?? fallback;
  return {
    text: bodies.text.replaceAll(ONE_TIME_LINK_MARK, shown),
    html: bodies.html.replaceAll(ONE_TIME_LINK_MARK, escapeHtml(shown)),
  };
}

/**
 * Removes the one-time link of every stored mail whose link expired by `now` (the app's clock),
 * sent or not: the mark in its bodies becomes LINK_REMOVED_EXPIRED, the row stays for the record.
 * Run by the mail.expire-links job and by the dev mailbox before it reads. Returns how many.
 */
export async function removeExpiredLinks(db: DbOrTx, now: Date): Promise<number> {
  const rows = await typedRows(
    db,
    { id: outboxEmails.id },
    sql`
    UPDATE outbox_emails
       SET one_time_link = NULL,
           text_body = replace(text_body, ${ONE_TIME_LINK_MARK}, ${LINK_REMOVED_EXPIRED}),
           html_body = replace(html_body, ${ONE_TIME_LINK_MARK}, ${LINK_REMOVED_EXPIRED})
     WHERE one_time_link IS NOT NULL AND link_expires_at <= ${now.toISOString()}::timestamptz
    RETURNING id`,
  );
  return rows.length;
}
