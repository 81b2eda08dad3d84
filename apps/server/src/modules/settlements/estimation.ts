/**
 * Settlement estimation (/settlements/estimation and the home page's next settlement): for today and
 * the coming days, per due day and currency, the net of every batch that has not settled, open ones
 * included. Read from the same batch rows and due days the settle job uses (settle-batches.ts pays a
 * day's batches as one settlement of exactly these sums), so the estimate is what the job will pay
 * for the money captured so far; open batches can still grow. A batch whose due day has passed
 * without being settled (the job has not run yet) counts on today.
 */
import { sql } from 'drizzle-orm';
import type { EstimationDay, SettlementEstimation } from '@mbo/contracts/settlements';
import type { DbOrTx } from '../../db/client';
import { settlementBatches } from '../../db/settlements-schema';
import { computed, typedRows } from '../../db/typed-rows';
import { merchantTimeZone } from '../merchants';
import { addDays, dayOf } from '../../lib/working-days';

export interface EstimationOptions {
  days?: number;
  now?: Date;
}

/**
 * Unsettled batches per due day (overdue ones on `today`) and currency, up to `to`; only those settling in `country`
 * when given.
 */
export async function expectedByDay(
  db: DbOrTx,
  merchantId: string,
  today: string,
  to: string,
  country?: string,
): Promise<EstimationDay[]> {
  const rows = await typedRows(
    db,
    {
      day: computed(String),
      currency: settlementBatches.currency,
      batch_count: computed(Number),
      payment_count: computed(Number),
      gross: computed(Number),
      refunds: computed(Number),
      disputes: computed(Number),
      fees: computed(Number),
      includes_open: computed(Boolean),
    },
    sql`
      SELECT greatest(due_day, ${today}::date)::text AS day, currency, count(*) AS batch_count, sum(payment_count) AS payment_count,
             sum(gross) AS gross, sum(refunds) AS refunds, sum(disputes) AS disputes, sum(fees) AS fees, bool_or(status = 'OPEN') AS includes_open
        FROM settlement_batches
       WHERE merchant_id = ${merchantId} AND status IN ('OPEN', 'CLOSED') AND due_day <= ${to}::date
         ${country ? sql`AND settlement_country = ${country}` : sql``}
       GROUP BY 1, currency
       ORDER BY 1, currency`,
  );
  return rows.map((r) => ({
    day: r.day,
    currency: r.currency,
    batchCount: r.batch_count,
    paymentCount: r.payment_count,
    gross: r.gross,
    refunds: r.refunds,
    fees: r.fees,
    disputes: r.disputes,
    net: r.gross - r.refunds - r.fees - r.disputes,
    includesOpen: r.includes_open,
  }));
}

export async function estimateSettlements(
  db: DbOrTx,
  merchantId: string,
  options: EstimationOptions = {},
): Promise<SettlementEstimation> {
  const days = options.days ?? 30;
  const from = dayOf(options.now ?? new Date(), await merchantTimeZone(db, merchantId));
  const to = addDays(from, days - 1);
  const expected = await expectedByDay(db, merchantId, from, to);
  const first = expected.find((d) => d.net > 0);
  const next = first
    ? {
        day: first.day,
        amounts: expected
          .filter((d) => d.day === first.day && d.net > 0)
          .map((d) => ({ currency: d.currency, net: d.net })),
      }
    : null;
  return { from, to, days: expected, next };
}
