import { sql } from 'drizzle-orm';
import { merchantTimeZone } from '../merchants';
import type { KpiWindow, PaymentKpis } from '@mbo/contracts/payments';
import type { Db } from '../../db/client';
import { ledgerAccounts } from '../../db/payments-schema';
import { computed, typedRows } from '../../db/typed-rows';

/** @reads ledger_accounts, refunds (tables other modules own: db/table-owners.ts) */

/**
 * The home page's KPIs in one currency: today, the last 7 and 30 days (calendar days in the merchant's
 * time zone, today included), and the daily volume of the last 30 days. Without a currency, the
 * merchant's most used one (among its last 1,000 payments).
 */
export async function paymentKpis(db: Db, merchantId: string, requested?: string): Promise<PaymentKpis> {
  const tz = await merchantTimeZone(db, merchantId);
  const today = sql`date_trunc('day', now() AT TIME ZONE ${tz})`;
  const since = sql`((${today} - interval '29 days') AT TIME ZONE ${tz})`;

  // Currencies with ledger accounts, the most used among the last 1,000 payments first.
  const currencies = (
    await typedRows(
      db,
      { currency: ledgerAccounts.currency },
      sql`
      SELECT a.currency FROM (SELECT DISTINCT currency FROM ledger_accounts WHERE owner = ${merchantId}) a
        LEFT JOIN (SELECT currency, count(*) AS n FROM (
                     SELECT currency FROM payments WHERE merchant_id = ${merchantId} ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 1000) recent
                    GROUP BY currency) p ON p.currency = a.currency
       ORDER BY coalesce(p.n, 0) DESC, a.currency`,
    )
  ).map((r) => r.currency);
  const currency = requested ?? currencies[0] ?? 'USD';

  // One row per day of the last 30 (merchant's zone): one pass over the payments, one over the refunds.
  const n = computed(Number);
  const days = await typedRows(
    db,
    { date: computed(String), n, s: n, f: n, v: n, rc: n, ra: n },
    sql`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(p.n, 0) AS n, coalesce(p.s, 0) AS s, coalesce(p.f, 0) AS f, coalesce(p.v, 0) AS v,
             coalesce(r.rc, 0) AS rc, coalesce(r.ra, 0) AS ra
        FROM generate_series(${today} - interval '29 days', ${today}, interval '1 day') AS d(day)
        LEFT JOIN (
          SELECT date_trunc('day', created_at AT TIME ZONE ${tz}) AS day, count(*) AS n,
                 count(*) FILTER (WHERE status = 'SUCCESS') AS s, count(*) FILTER (WHERE status = 'FAILED') AS f,
                 sum(amount) FILTER (WHERE status = 'SUCCESS') AS v
            FROM payments WHERE merchant_id = ${merchantId} AND currency = ${currency} AND created_at >= ${since}
           GROUP BY 1) p ON p.day = d.day
        LEFT JOIN (
          SELECT date_trunc('day', created_at AT TIME ZONE ${tz}) AS day, count(*) AS rc, sum(amount) AS ra
            FROM refunds WHERE merchant_id = ${merchantId} AND currency = ${currency} AND status <> 'FAILED' AND created_at >= ${since}
           GROUP BY 1) r ON r.day = d.day
       ORDER BY d.day`,
  );
  const kpi = (last: number): KpiWindow => {
    const w = days.slice(-last);
    const sum = (key: 'n' | 's' | 'f' | 'v' | 'rc' | 'ra') => w.reduce((acc, d) => acc + Number(d[key]), 0);
    const successCount = sum('s');
    const finished = successCount + sum('f');
    return {
      volume: sum('v'),
      count: sum('n'),
      successCount,
      successRate: finished === 0 ? null : successCount / finished,
      refundedAmount: sum('ra'),
      refundCount: sum('rc'),
    };
  };
  return {
    currency,
    currencies: currencies.includes(currency) ? currencies : [currency, ...currencies],
    today: kpi(1),
    last7Days: kpi(7),
    last30Days: kpi(30),
    daily: days.map((d) => ({ date: d.date, volume: Number(d.v), count: Number(d.s) })),
  };
}
