import { sql } from 'drizzle-orm';
import { label } from '@mbo/contracts/labels';
import { amountWithCode } from '@mbo/contracts/money';
import type { DbOrTx } from '../../db/client';
import { disputes, merchants } from '../../db/schema';
import { typedRows } from '../../db/typed-rows';
import { disputeDueSoonEmail, disputeOpenedEmail, type DisputeMailFacts } from '../../mail/dispute-templates';
import { merchantRecipientsIn, type MailAudience, type Notifier, type Recipient } from '../../mail/recipients';
import { formatInZone } from '../../lib/zoned-time';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

/** What a dispute mail needs from the app: the outbox and the base of the link. */
export type DisputeNotifier = Notifier;

/**
 * Who is told about a dispute: the active members of its merchant and of its parent (who may switch into it) whose
 * role has the disputes page: Owners and Finance users, and any custom role with the page (a Support desk).
 */
export const DISPUTE_AUDIENCE: MailAudience = {
  may: { menu: '/transactions/disputes' },
  builtIn: ['OWNER', 'FINANCE'],
};

export function disputeRecipients(tx: DbOrTx, merchantId: string): Promise<Recipient[]> {
  return merchantRecipientsIn(tx, merchantId, DISPUTE_AUDIENCE);
}

/**
 * Mails a dispute's owners and finance users (DISPUTE_AUDIENCE) through the outbox, in the caller's transaction (the
 * mail goes when the change commits, never without it): when it opens, and two days before its due date.
 * Each recipient reads it in their language (users.locale).
 */
export async function queueDisputeMail(
  tx: DbOrTx,
  disputeId: string,
  kind: 'OPENED' | 'DUE_SOON',
  notifier: DisputeNotifier,
): Promise<number> {
  const [d] = await typedRows(
    tx,
    {
      merchant_id: disputes.merchantId,
      merchant_name: merchants.name,
      time_zone: merchants.timeZone,
      type: disputes.type,
      amount: disputes.amount,
      fee: disputes.fee,
      currency: disputes.currency,
      reason: disputes.reason,
      due_at: disputes.dueAt,
    },
    sql`
      SELECT d.merchant_id, m.name AS merchant_name, m.time_zone, d.type, d.amount, d.fee, d.currency, d.reason, d.due_at
        FROM disputes d JOIN merchants m ON m.id = d.merchant_id WHERE d.id = ${disputeId}`,
  );
  if (!d) return 0;
  const facts: Omit<DisputeMailFacts, 'reason'> = {
    disputeId,
    type: d.type === 'CHARGEBACK' ? 'CHARGEBACK' : 'CUSTOMER_DISPUTE',
    merchantName: d.merchant_name,
    amount: amountWithCode(d.amount, d.currency),
    fee: amountWithCode(d.fee, d.currency),
    due: `${formatInZone(d.due_at, d.time_zone).slice(0, 16)} (${d.time_zone})`,
    link: `${notifier.publicUrl}/app/transactions/disputes/detail?disputeId=${encodeURIComponent(disputeId)}`,
  };
  const recipients = await disputeRecipients(tx, d.merchant_id);
  for (const { email: to, locale } of recipients) {
    const inLocale = { ...facts, reason: label('DISPUTE_REASON_CODES', d.reason, locale) };
    await notifier.mailer.enqueue(
      tx,
      kind === 'OPENED' ? disputeOpenedEmail(to, inLocale, locale) : disputeDueSoonEmail(to, inLocale, locale),
    );
  }
  return recipients.length;
}
