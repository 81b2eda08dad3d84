import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SANDBOX_REJECTED_ACCOUNT_SUFFIX } from '@mbo/contracts/bank-accounts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { defineJob } from '../../jobs/job-definition';
import { audit } from '../../lib/audit';
import type { Notifier } from '../../mail/recipients';
import { mailBankAccountChange } from './bank-account-mail';

export const SANDBOX_REJECTION_REASON = 'The account holder’s name does not match the bank’s records.';

/**
 * The sandbox bank's verification of one account still PENDING_VERIFICATION (a rerun or a second
 * runner finds it decided and does nothing): REJECTED when its number ends in
 * SANDBOX_REJECTED_ACCOUNT_SUFFIX, else VERIFIED, and then the default of its currency when that has
 * none yet. The owners are mailed either way.
 */
export async function verifyBankAccount(db: Db, id: string, notifier: Notifier): Promise<'VERIFIED' | 'REJECTED' | null> {
  return db.transaction(async (tx) => {
    const [account] = rowsOf<{ merchant_id: string; currency: string; last4: string; status: string }>(
      await tx.execute(sql`SELECT merchant_id, currency, last4, status FROM bank_accounts WHERE id = ${id} AND removed_at IS NULL FOR UPDATE`),
    );
    if (!account || account.status !== 'PENDING_VERIFICATION') return null;
    // The merchant row first, as every change to its accounts (the default rule below reads the others).
    await tx.execute(sql`SELECT id FROM merchants WHERE id = ${account.merchant_id} FOR UPDATE`);
    const rejected = account.last4 === SANDBOX_REJECTED_ACCOUNT_SUFFIX;
    if (rejected) {
      await tx.execute(sql`UPDATE bank_accounts SET status = 'REJECTED', rejection_reason = ${SANDBOX_REJECTION_REASON} WHERE id = ${id}`);
    } else {
      await tx.execute(sql`
        UPDATE bank_accounts SET status = 'VERIFIED', verified_at = now(),
               is_default = NOT EXISTS (SELECT 1 FROM bank_accounts o WHERE o.merchant_id = ${account.merchant_id} AND o.currency = ${account.currency}
                                          AND o.is_default AND o.removed_at IS NULL)
         WHERE id = ${id}`);
    }
    const outcome = rejected ? 'REJECTED' : 'VERIFIED';
    await audit(tx, {
      action: 'BANK_ACCOUNT_VERIFICATION', outcome: rejected ? 'FAILURE' : 'SUCCESS', merchantId: account.merchant_id, targetType: 'BANK_ACCOUNT', targetId: id,
      detail: { status: outcome, ...(rejected ? { reason: SANDBOX_REJECTION_REASON } : {}) },
    });
    await mailBankAccountChange(tx, account.merchant_id, id, outcome, null, rejected ? SANDBOX_REJECTION_REASON : null, notifier);
    return outcome;
  });
}

/** Sent by addBankAccount in its transaction, to start after SANDBOX_BANK_VERIFY_DELAY_MS. */
export const sandboxVerifyBankAccountJob = defineJob({
  name: 'bank-accounts.sandbox-verify',
  data: z.object({ bankAccountId: z.string().min(1).max(64) }),
  retryLimit: 5,
  retryDelaySeconds: 2,
  expireInSeconds: 60,
  concurrency: 2,
  handle: async (job, app) => {
    await verifyBankAccount(app.db, job.data.bankAccountId, { mailer: app.mailer, publicUrl: app.config.publicUrl });
  },
});
