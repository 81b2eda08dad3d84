import { eq } from 'drizzle-orm';
import { maskAccountNumber } from '@mbo/contracts/bank-account-numbers';
import type { DbOrTx } from '../../db/client';
import { bankAccounts } from '../../db/money-out-schema';
import { merchants } from '../../db/schema';
import { bankAccountChangedEmail, type BankAccountChange } from '../../mail/money-out-templates';
import { merchantRecipientsIn, type MailAudience, type Notifier } from '../../mail/recipients';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

/**
 * Who is told about a change to a bank account: the members (of the merchant and its parent) who may change its bank
 * accounts: Owners, and a custom role that may.
 */
const BANK_ACCOUNT_AUDIENCE: MailAudience = { may: { permission: 'API_BANK_ACCOUNT_UPDATE' }, builtIn: ['OWNER'] };

/**
 * Mails BANK_ACCOUNT_AUDIENCE about a change to one of the merchant's accounts, in the caller's transaction, each
 * recipient in their language (users.locale).
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
  for (const { email, locale } of await merchantRecipientsIn(tx, merchantId, BANK_ACCOUNT_AUDIENCE))
    await notifier.mailer.enqueue(tx, bankAccountChangedEmail(email, facts, locale));
}
