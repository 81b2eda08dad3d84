import { sql } from 'drizzle-orm';
import { DISPUTE_REASONS } from '@mbo/contracts/dispute-reasons';
import { DISPUTE_FEES } from '@mbo/contracts/disputes';
import type { Db } from '../db/client';
import { computed, typedRows } from '../db/typed-rows';

const CHUNK = 10_000;

/**
 * Writes up to `count` disputes of a merchant over its successful, undisputed payments, set-based in
 * chunks, for the benchmark's disputes list (100,000 rows in seconds). Statuses in realistic shares
 * (8 % evidence required, due in the next 10 days; 7 % under review; won 35 %, lost 35 %, accepted
 * 10 %, expired 5 %), both kinds, every reason, opened 1 to 20 days after their payment.
 *
 * These rows are list data, not money: `held` is 0, so no hold was posted and an outcome would
 * release or debit nothing (dispute-money.ts). The demo's disputes (demo-disputes.ts) and everything
 * the product does go through the dispute module, whose holds are in the ledger.
 */
export async function generateDisputes(db: Db, merchantId: string, count: number): Promise<number> {
  const fee = sql.raw(
    `CASE p.currency ${Object.entries(DISPUTE_FEES)
      .map(([c, f]) => `WHEN '${c}' THEN ${f}`)
      .join(' ')} ELSE 0 END`,
  );
  const reasons = sql.raw(
    `(ARRAY[${DISPUTE_REASONS.map((r) => `'${r.code}'`).join(', ')}])[1 + (h % ${DISPUTE_REASONS.length})]`,
  );
  let made = 0;
  while (made < count) {
    const rows = await typedRows(
      db,
      { n: computed(Number) },
      sql`
        WITH picked AS (
          SELECT p.id, p.currency, p.amount, p.created_at, ${fee} AS fee, abs(hashtext(p.id)) AS h
            FROM payments p
           WHERE p.merchant_id = ${merchantId} AND p.status = 'SUCCESS' AND p.dispute_status IS NULL AND p.refund_status = 'NONE'
           ORDER BY p.id LIMIT ${Math.min(CHUNK, count - made)}
        ), shaped AS (
          SELECT picked.*, least(created_at + ((1 + h % 20) * interval '1 day'), now() - interval '1 hour') AS opened_at,
                 CASE WHEN h % 100 < 8 THEN 'EVIDENCE_REQUIRED' WHEN h % 100 < 15 THEN 'UNDER_REVIEW' WHEN h % 100 < 50 THEN 'WON'
                      WHEN h % 100 < 85 THEN 'LOST' WHEN h % 100 < 95 THEN 'ACCEPTED' ELSE 'EXPIRED' END AS status
            FROM picked
        ), made AS (
          INSERT INTO disputes (id, merchant_id, type, status, payment_id, amount, fee, currency, reason, due_at, created_at, updated_at, submitted_at, decided_at)
          SELECT 'DSP' || upper(substr(md5(id), 1, 20)), ${merchantId}, CASE WHEN h % 3 = 0 THEN 'CUSTOMER_DISPUTE' ELSE 'CHARGEBACK' END, status, id, amount, fee,
                 currency, ${reasons},
                 CASE WHEN status = 'EVIDENCE_REQUIRED' THEN now() + ((h % 240) * interval '1 hour') ELSE opened_at + interval '7 days' END,
                 opened_at, opened_at,
                 CASE WHEN status IN ('UNDER_REVIEW', 'WON', 'LOST') THEN opened_at + interval '2 days' END,
                 CASE WHEN status IN ('WON', 'LOST', 'ACCEPTED', 'EXPIRED') THEN opened_at + interval '7 days' END
            FROM shaped
          RETURNING payment_id, status
        ), marked AS (
          UPDATE payments p SET dispute_status = made.status FROM made WHERE p.id = made.payment_id RETURNING 1
        )
        SELECT count(*)::int AS n FROM marked`,
    );
    const n = rows[0]?.n ?? 0;
    if (n === 0) break;
    made += n;
  }
  return made;
}
