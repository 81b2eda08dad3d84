/** The API payout from a payouts row. */
import { sql } from 'drizzle-orm';
import type { ApiPayout } from '@mbo/contracts/merchant-api';
import type { PayoutPurpose } from '@mbo/contracts/payout-rows';
import type { PayoutStatus } from '@mbo/contracts/payouts';
import type { DbOrTx } from '../../../db/client';
import { payouts } from '../../../db/money-out-schema';
import type { RowOf } from '../../../db/typed-rows';
import { iso, isoOrNull } from '../../../lib/iso-timestamp';
import { firstRow } from './shared';

/** @reads payouts (tables other modules own: db/table-owners.ts) */

/** Never the full account number: its last 4 only. */
export const API_PAYOUT_COLUMNS =
  sql.raw(`id, batch_id, beneficiary_name, trim(country) AS country, method, last4, currency, amount, fee, purpose,
  reference, status, failure_reason, bank_reference, created_at, finished_at`);

/** A payouts row as the back-office reads it (payout-record.ts), without the batch row number and the maker. */
/** The row API_PAYOUT_COLUMNS select. */
export const API_PAYOUT_ROW = {
  id: payouts.id,
  batch_id: payouts.batchId,
  beneficiary_name: payouts.beneficiaryName,
  country: payouts.country,
  method: payouts.method,
  last4: payouts.last4,
  currency: payouts.currency,
  amount: payouts.amount,
  fee: payouts.fee,
  purpose: payouts.purpose,
  reference: payouts.reference,
  status: payouts.status,
  failure_reason: payouts.failureReason,
  bank_reference: payouts.bankReference,
  created_at: payouts.createdAt,
  finished_at: payouts.finishedAt,
};
export type ApiPayoutRow = RowOf<typeof API_PAYOUT_ROW>;

export function toApiPayout(r: ApiPayoutRow): ApiPayout {
  return {
    id: r.id,
    object: 'payout',
    batchId: r.batch_id,
    beneficiaryName: r.beneficiary_name,
    country: r.country,
    method: r.method as ApiPayout['method'],
    accountLast4: r.last4,
    amount: Number(r.amount),
    fee: Number(r.fee),
    currency: r.currency.trim(),
    purpose: r.purpose as PayoutPurpose,
    reference: r.reference,
    status: r.status as PayoutStatus,
    failureReason: r.failure_reason,
    bankReference: r.bank_reference,
    createdAt: iso(r.created_at),
    finishedAt: isoOrNull(r.finished_at),
  };
}

export async function apiPayout(db: DbOrTx, merchantId: string, payoutId: string): Promise<ApiPayout | null> {
  const row = await firstRow(
    db,
    API_PAYOUT_ROW,
    sql`SELECT ${API_PAYOUT_COLUMNS} FROM payouts WHERE id = ${payoutId} AND merchant_id = ${merchantId}`,
  );
  return row && toApiPayout(row);
}
