import { sql } from 'drizzle-orm';
import { maskAccountNumber } from '@mbo/contracts/bank-account-numbers';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { bankAccountChangedEmail, type BankAccountChange } from '../../mail/money-out-templates';
import { merchantRecipients, type Notifier } from '../../mail/recipients';

/** Mails the merchant's owners (and its parent's) about a change to one of its accounts, in the caller's transaction. */
export async function mailBankAccountChange(
  tx: DbOrTx, merchantId: string, id: string, change: BankAccountChange, by: string | null, reason: string | null, notifier: Notifier,
): Promise<void> {
  const [row] = rowsOf<{ merchant_name: string; bank_name: string; last4: string; currency: string }>(
    await tx.execute(sql`SELECT m.name AS merchant_name, b.bank_name, b.last4, b.currency FROM bank_accounts b JOIN merchants m ON m.id = b.merchant_id WHERE b.id = ${id}`),
  );
  if (!row) return;
  const facts = {
    change, merchantName: row.merchant_name, account: `${row.bank_name} ${maskAccountNumber(row.last4)} (${row.currency})`, by, reason,
    link: `${notifier.publicUrl}/app/settings/bank-accounts`,
  };
  for (const to of await merchantRecipients(tx, merchantId, ['OWNER'])) await notifier.mailer.enqueue(tx, bankAccountChangedEmail(to, facts));
}
