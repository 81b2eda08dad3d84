import { eq } from 'drizzle-orm';
import { maskAccountNumber } from '@mbo/contracts/bank-account-numbers';
import type { DbOrTx } from '../../db/client';
import { bankAccounts } from '../../db/money-out-schema';
import { merchants } from '../../db/schema';
import { bankAccountChangedEmail, type BankAccountChange } from '../../mail/money-out-templates';
import { merchantRecipients, type Notifier } from '../../mail/recipients';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

/**
 * Mails the merchant's owners (and its parent's) about a change to one of its accounts, in the caller's transaction.
 */
export async function mailBankAccountChange(
  tx: DbOrTx,
  merchantId: string,
  id: string,
  change: BankAccountChange,
  by: string | null,
  reason: string | null,
  notifier: Notifier,
): Promise<void> {
  const [row] = await tx
    .select({
      merchantName: merchants.name,
      bankName: bankAccounts.bankName,
      last4: bankAccounts.last4,
      currency: bankAccounts.currency,
    })
    .from(bankAccounts)
    .innerJoin(merchants, eq(merchants.id, bankAccounts.merchantId))
    .where(eq(bankAccounts.id, id));
  if (!row) return;
  const facts = {
    change,
    merchantName: row.merchantName,
    account: `${row.bankName} ${maskAccountNumber(row.last4)} (${row.currency})`,
    by,
    reason,
    link: `${notifier.publicUrl}/app/settings/bank-accounts`,
  };
  for (const to of await merchantRecipients(tx, merchantId, ['OWNER']))
    await notifier.mailer.enqueue(tx, bankAccountChangedEmail(to, facts));
}
