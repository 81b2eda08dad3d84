import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { typedRows } from '../db/typed-rows';
import { recipientLocale, type Locale } from '../lib/i18n/i18n';
import type { Mailer } from './mailer';

/** @reads merchants, users (tables other modules own: db/table-owners.ts) */

/** What a module needs to mail about a change: the outbox and the base of the links. */
export interface Notifier {
  mailer: Mailer;
  publicUrl: string;
}

/** A recipient of a mail: the address, and the language the mail is written in (users.locale, else English). */
export interface Recipient {
  email: string;
  locale: Locale;
}

/**
 * Who is told about something that happened to a merchant: its active users with one of `roles`, and
 * those of its parent (who may switch into it), by email.
 */
export async function merchantRecipients(tx: DbOrTx, merchantId: string, roles: readonly string[]): Promise<string[]> {
  return (await merchantRecipientsIn(tx, merchantId, roles)).map((r) => r.email);
}

/** merchantRecipients with each one's language, for a mail written in it. */
export async function merchantRecipientsIn(
  tx: DbOrTx,
  merchantId: string,
  roles: readonly string[],
): Promise<Recipient[]> {
  const rows = await typedRows(
    tx,
    { email: users.email, locale: users.locale },
    sql`
      SELECT DISTINCT u.email, u.locale FROM users u
       WHERE u.status = 'ACTIVE' AND u.role_code IN (${sql.join(
         roles.map((r) => sql`${r}`),
         sql`, `,
       )})
         AND (u.merchant_id = ${merchantId} OR u.merchant_id = (SELECT parent_id FROM merchants WHERE id = ${merchantId}))
       ORDER BY u.email`,
  );
  return rows.map((r) => ({ email: r.email, locale: recipientLocale(r.locale) }));
}
