import { recordText } from '@mbo/contracts/record-texts';
import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { SANDBOX_REJECTED_ACCOUNT_SUFFIX } from '@mbo/contracts/bank-accounts';
import type { Db } from '../../db/client';
import { bankAccounts } from '../../db/money-out-schema';
import { merchants } from '../../db/schema';
import { defineJob } from '../../jobs/job-definition';
import { audit } from '../audit';
import type { Notifier } from '../../mail/recipients';
import { mailBankAccountChange } from './bank-account-mail';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

export const SANDBOX_REJECTION_REASON = recordText('bankAccountNameMismatch');

/**
 * The sandbox bank's verification of one account still PENDING_VERIFICATION (a rerun or a second
 * runner finds it decided and does nothing): REJECTED when its number ends in
 * SANDBOX_REJECTED_ACCOUNT_SUFFIX, else VERIFIED, and then the default of its currency when that has
 * none yet. The owners are mailed either way.
 */
export async function verifyBankAccount(
  db: Db,
  id: string,
  notifier: Notifier,
): Promise<'VERIFIED' | 'REJECTED' | null> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({
        merchantId: bankAccounts.merchantId,
        currency: bankAccounts.currency,
        last4: bankAccounts.last4,
        status: bankAccounts.status,
      })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), isNull(bankAccounts.removedAt)))
      .for('update');
    if (!account || account.status !== 'PENDING_VERIFICATION') return null;
    // The merchant row first, as every change to its accounts (the default rule below reads the others).
    await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, account.merchantId)).for('update');
    const rejected = account.last4 === SANDBOX_REJECTED_ACCOUNT_SUFFIX;
    if (rejected) {
      await tx
        .update(bankAccounts)
        .set({ status: 'REJECTED', rejectionReason: SANDBOX_REJECTION_REASON })
        .where(eq(bankAccounts.id, id));
    } else {
      const o = alias(bankAccounts, 'o');
      const hasDefault = tx
        .select({ one: sql`1` })
        .from(o)
        .where(
          and(
            eq(o.merchantId, account.merchantId),
            eq(o.currency, account.currency),
            eq(o.isDefault, true),
            isNull(o.removedAt),
          ),
        );
      await tx
        .update(bankAccounts)
        .set({ status: 'VERIFIED', verifiedAt: sql`now()`, isDefault: notExists(hasDefault) })
        .where(eq(bankAccounts.id, id));
    }
    const outcome = rejected ? 'REJECTED' : 'VERIFIED';
    await audit(tx, {
      action: 'BANK_ACCOUNT_VERIFICATION',
      outcome: rejected ? 'FAILURE' : 'SUCCESS',
      merchantId: account.merchantId,
      targetType: 'BANK_ACCOUNT',
      targetId: id,
      detail: { status: outcome, ...(rejected ? { reason: SANDBOX_REJECTION_REASON } : {}) },
    });
    await mailBankAccountChange(
      tx,
      account.merchantId,
      id,
      outcome,
      null,
      rejected ? SANDBOX_REJECTION_REASON : null,
      notifier,
    );
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
