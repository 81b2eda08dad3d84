import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { maskAccountNumber } from '@mbo/contracts/bank-account-numbers';
import type { WithdrawConfig, WithdrawalAgreement } from '@mbo/contracts/withdrawals';
import type { Db, DbOrTx } from '../../db/client';
import { bankAccounts, withdrawalAgreements } from '../../db/money-out-schema';
import { listBalances } from '../account';
import { withdrawalHoursAt, withdrawalHoursOf } from './working-hours';

/** @reads bank_accounts (tables other modules own: db/table-owners.ts) */

const wa = withdrawalAgreements;

/** A withdrawal agreement's columns, read typed from the schema (amounts in minor units, as numbers). */
const selectAgreements = (db: DbOrTx) =>
  db
    .select({
      currency: wa.currency,
      feePercentBps: wa.feePercentBps,
      feeFixedMinor: wa.feeFixedMinor,
      feeMinimumMinor: wa.feeMinimumMinor,
      minAmount: wa.minAmount,
      maxAmount: wa.maxAmount,
    })
    .from(wa);

const toAgreement = (r: Awaited<ReturnType<typeof selectAgreements>>[number]): WithdrawalAgreement => ({
  currency: r.currency,
  fee: {
    percentBps: r.feePercentBps,
    fixedMinor: r.feeFixedMinor,
    minimumMinor: r.feeMinimumMinor,
    currency: r.currency,
  },
  minAmount: r.minAmount,
  maxAmount: r.maxAmount,
});

/** The merchant's withdrawal agreement for a currency, or null (006001B005). */
export async function agreementOf(
  db: DbOrTx,
  merchantId: string,
  currency: string,
): Promise<WithdrawalAgreement | null> {
  const [row] = await selectAgreements(db).where(and(eq(wa.merchantId, merchantId), eq(wa.currency, currency)));
  return row ? toAgreement(row) : null;
}

/** What the withdraw page needs before the form: hours (open now?), agreements, balances and the verified accounts. */
export async function readWithdrawConfig(db: Db, merchantId: string, now: Date = new Date()): Promise<WithdrawConfig> {
  const [hours, agreementRows, balances, accountRows] = await Promise.all([
    withdrawalHoursOf(db, merchantId),
    selectAgreements(db).where(eq(wa.merchantId, merchantId)).orderBy(asc(wa.currency)),
    listBalances(db, merchantId),
    db
      .select({
        id: bankAccounts.id,
        bankName: bankAccounts.bankName,
        last4: bankAccounts.last4,
        currency: bankAccounts.currency,
        isDefault: bankAccounts.isDefault,
      })
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.merchantId, merchantId),
          isNull(bankAccounts.removedAt),
          eq(bankAccounts.status, 'VERIFIED'),
        ),
      )
      .orderBy(asc(bankAccounts.currency), desc(bankAccounts.isDefault), desc(bankAccounts.createdAt)),
  ]);
  const verdict = withdrawalHoursAt(hours, now);
  return {
    hours,
    openNow: verdict.open,
    closedReason: verdict.reason,
    nextOpenAt: verdict.nextOpenAt?.toISOString() ?? null,
    agreements: agreementRows.map(toAgreement),
    balances,
    accounts: accountRows.map((a) => ({
      bankAccountId: a.id,
      bankName: a.bankName,
      maskedNumber: maskAccountNumber(a.last4),
      currency: a.currency,
      isDefault: a.isDefault,
    })),
  };
}
