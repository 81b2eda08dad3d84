import { eq, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import type {
  ListPayoutServicesQuery,
  PayoutArrival,
  PayoutMethodType,
  PayoutServiceRecord,
  PayoutServiceSort,
  PayoutServiceStatus,
} from '@mbo/contracts/payout-services';
import type { DbOrTx } from '../../db/client';
import { payoutServices } from '../../db/money-out-schema';
import { computed, typedRows, type RowOf } from '../../db/typed-rows';
import { iso } from '../../lib/iso-timestamp';
import { escapeLike } from '../../lib/list-where';

const ps = payoutServices;
/** A payout_services row as the list reads it (`SELECT *`, snake case), typed from the schema. */
const PAYOUT_SERVICE = {
  id: ps.id,
  country: ps.country,
  method_type: ps.methodType,
  method_name: ps.methodName,
  currency: ps.currency,
  fee_percent_bps: ps.feePercentBps,
  fee_fixed_minor: ps.feeFixedMinor,
  fee_minimum_minor: ps.feeMinimumMinor,
  min_amount: ps.minAmount,
  max_amount: ps.maxAmount,
  cutoff_time: ps.cutoffTime,
  time_zone: ps.timeZone,
  arrival: ps.arrival,
  status: ps.status,
  created_at: ps.createdAt,
};
type PayoutServiceRow = RowOf<typeof PAYOUT_SERVICE>;

export function toPayoutServiceRecord(r: PayoutServiceRow): PayoutServiceRecord {
  return {
    serviceId: r.id,
    country: r.country,
    methodType: r.method_type as PayoutMethodType,
    methodName: r.method_name,
    currency: r.currency,
    fee: {
      percentBps: r.fee_percent_bps,
      fixedMinor: r.fee_fixed_minor,
      minimumMinor: r.fee_minimum_minor,
      currency: r.currency,
    },
    minAmount: r.min_amount,
    maxAmount: r.max_amount,
    cutoffTime: r.cutoff_time,
    timeZone: r.time_zone,
    arrival: r.arrival as PayoutArrival,
    status: r.status as PayoutServiceStatus,
    createdAt: iso(r.created_at),
  };
}

/** Every sort ends on the id, so pages never overlap. */
const ORDER: Record<PayoutServiceSort, SQL> = {
  'country:asc': sql`country, method_name, currency, id`,
  'country:desc': sql`country DESC, method_name, currency, id`,
  'currency:asc': sql`currency, country, method_name, id`,
  'currency:desc': sql`currency DESC, country, method_name, id`,
  'methodName:asc': sql`method_name, country, currency, id`,
  'methodName:desc': sql`method_name DESC, country, currency, id`,
};

/**
 * A page of the merchant's payout services, every condition scoped to the merchant; the keyword is a prefix of the id
 * or the method name.
 */
export async function listPayoutServices(
  db: DbOrTx,
  merchantId: string,
  q: ListPayoutServicesQuery,
): Promise<Page<PayoutServiceRecord>> {
  const where: SQL[] = [sql`merchant_id = ${merchantId}`];
  if (q.status?.length)
    where.push(
      sql`status IN (${sql.join(
        q.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (q.methodType?.length)
    where.push(
      sql`method_type IN (${sql.join(
        q.methodType.map((m) => sql`${m}`),
        sql`, `,
      )})`,
    );
  if (q.country) where.push(sql`country = ${q.country}`);
  if (q.currency) where.push(sql`currency = ${q.currency}`);
  if (q.keyword) {
    const pattern = `${escapeLike(q.keyword)}%`;
    where.push(sql`(id ILIKE ${pattern} OR method_name ILIKE ${pattern})`);
  }
  const condition = sql.join(where, sql` AND `);
  const [countRows, rows] = await Promise.all([
    typedRows(db, { total: computed(Number) }, sql`SELECT count(*) AS total FROM payout_services WHERE ${condition}`),
    typedRows(
      db,
      PAYOUT_SERVICE,
      sql`SELECT * FROM payout_services WHERE ${condition} ORDER BY ${ORDER[q.sort]} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return {
    total: countRows[0]?.total ?? 0,
    records: rows.map(toPayoutServiceRecord),
  };
}

/** Every payout service of the merchant (the row rules take the active one of a country, method and currency). */
export async function payoutServicesOf(db: DbOrTx, merchantId: string): Promise<PayoutServiceRecord[]> {
  const rows = await db.select(PAYOUT_SERVICE).from(ps).where(eq(ps.merchantId, merchantId));
  return rows.map(toPayoutServiceRecord);
}
