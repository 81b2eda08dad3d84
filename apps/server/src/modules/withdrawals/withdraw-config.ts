import { sql } from 'drizzle-orm';
import { maskAccountNumber } from '@mbo/contracts/bank-account-numbers';
import type { WithdrawConfig, WithdrawalAgreement } from '@mbo/contracts/withdrawals';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { listBalances } from '../account';
import { withdrawalHoursAt, withdrawalHoursOf } from './working-hours';

type Num = string | number;
interface AgreementRow { currency: string; fee_percent_bps: number; fee_fixed_minor: Num; fee_minimum_minor: Num | null; min_amount: Num; max_amount: Num | null }

const toAgreement = (r: AgreementRow): WithdrawalAgreement => ({
  currency: r.currency,
  fee: { percentBps: Number(r.fee_percent_bps), fixedMinor: Number(r.fee_fixed_minor), minimumMinor: r.fee_minimum_minor === null ? null : Number(r.fee_minimum_minor), currency: r.currency },
  minAmount: Number(r.min_amount),
  maxAmount: r.max_amount === null ? null : Number(r.max_amount),
});

const AGREEMENT_COLUMNS = sql`currency, fee_percent_bps, fee_fixed_minor, fee_minimum_minor, min_amount, max_amount`;

/** The merchant's withdrawal agreement for a currency, or null (006001B005). */
export async function agreementOf(db: DbOrTx, merchantId: string, currency: string): Promise<WithdrawalAgreement | null> {
  const [row] = rowsOf<AgreementRow>(await db.execute(sql`SELECT ${AGREEMENT_COLUMNS} FROM withdrawal_agreements WHERE merchant_id = ${merchantId} AND currency = ${currency}`));
  return row ? toAgreement(row) : null;
}

/** What the withdraw page needs before the form: hours (open now?), agreements, balances and the verified accounts. */
export async function readWithdrawConfig(db: Db, merchantId: string, now: Date = new Date()): Promise<WithdrawConfig> {
  const [hours, agreementRows, balances, accountRows] = await Promise.all([
    withdrawalHoursOf(db, merchantId),
    db.execute(sql`SELECT ${AGREEMENT_COLUMNS} FROM withdrawal_agreements WHERE merchant_id = ${merchantId} ORDER BY currency`),
    listBalances(db, merchantId),
    db.execute(sql`
      SELECT id, bank_name, last4, currency, is_default FROM bank_accounts
       WHERE merchant_id = ${merchantId} AND removed_at IS NULL AND status = 'VERIFIED' ORDER BY currency, is_default DESC, created_at DESC`),
  ]);
  const verdict = withdrawalHoursAt(hours, now);
  return {
    hours,
    openNow: verdict.open,
    closedReason: verdict.reason,
    nextOpenAt: verdict.nextOpenAt?.toISOString() ?? null,
    agreements: rowsOf<AgreementRow>(agreementRows).map(toAgreement),
    balances,
    accounts: rowsOf<{ id: string; bank_name: string; last4: string; currency: string; is_default: boolean }>(accountRows).map((a) => ({
      bankAccountId: a.id, bankName: a.bank_name, maskedNumber: maskAccountNumber(a.last4), currency: a.currency, isDefault: a.is_default,
    })),
  };
}
