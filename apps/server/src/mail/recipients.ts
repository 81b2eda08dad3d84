import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { typedRows } from '../db/typed-rows';
import type { Mailer } from './mailer';

/** @reads merchants, users (tables other modules own: db/table-owners.ts) */

/** What a module needs to mail about a change: the outbox and the base of the links. */
export interface Notifier {
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Who is told about something that happened to a merchant: its active users with one of `roles`, and
 * those of its parent (who may switch into it), by email.
 */
export async function merchantRecipients(tx: DbOrTx, merchantId: string, roles: readonly string[]): Promise<string[]> {
  const rows = await typedRows(
    tx,
    { email: users.email },
    sql`
      SELECT DISTINCT u.email FROM users u
       WHERE u.status = 'ACTIVE' AND u.role_code IN (${sql.join(
         roles.map((r) => sql`${r}`),
         sql`, `,
       )})
         AND (u.merchant_id = ${merchantId} OR u.merchant_id = (SELECT parent_id FROM merchants WHERE id = ${merchantId}))
       ORDER BY u.email`,
  );
  return rows.map((r) => r.email);
}
