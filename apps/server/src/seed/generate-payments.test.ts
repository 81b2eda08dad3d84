import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { createTestApp, type TestApp } from '../test/harness';
import { sized } from '../test/deep';
import { generatePayments } from './generate-payments';

/** Generated payments: three batches in every run, thirty under `npm run test:deep`. */
const GENERATED = sized(900, 9_000);

describe('payment generator', () => {
  let t: TestApp;
  const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(text));

  beforeAll(
    async () => {
      t = await createTestApp();
      // On top of the demo seed: more payments in small batches (several transactions per run).
      const result = await generatePayments(t.database.db, {
        merchantId: 'M1000003',
        count: GENERATED,
        profile: 'ASIA',
        batchSize: 300,
        seed: 7,
        refundRate: 0.15,
      });
      expect(result.payments).toBe(GENERATED);
      expect(result.refunds).toBeGreaterThan(0);
    },
    sized(180_000, 1_800_000),
  );
  afterAll(async () => {
    await t?.close();
  });

  it('leaves every ledger transaction balanced per currency', async () => {
    const unbalanced = await query(
      sql`SELECT transaction_id, currency, sum(amount) FROM ledger_entries GROUP BY transaction_id, currency HAVING sum(amount) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    const empty = await query(
      sql`SELECT t.id FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id WHERE e.id IS NULL`,
    );
    expect(empty).toEqual([]);
  });

  it('keeps every balance equal to the sum of its entries and none of the merchant balances negative', async () => {
    const drift = await query(sql`
      SELECT a.id, a.balance, coalesce(s.total, 0) AS total FROM ledger_accounts a
        LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
       WHERE a.balance <> coalesce(s.total, 0)`);
    expect(drift).toEqual([]);
    const negative = await query(
      sql`SELECT owner, currency, type, balance FROM ledger_accounts WHERE type IN ('AVAILABLE', 'PENDING', 'RESERVED') AND balance < 0`,
    );
    expect(negative).toEqual([]);
    const available = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE owner = 'M1000001' AND type = 'AVAILABLE' AND balance > 0`,
    );
    expect(available[0].n).toBeGreaterThan(0);
  });

  it('respects the refund rules: one per payment, only of successful payments, never more than the payment', async () => {
    const twice = await query(
      sql`SELECT payment_id FROM refunds WHERE status <> 'FAILED' GROUP BY payment_id HAVING count(*) > 1`,
    );
    expect(twice).toEqual([]);
    const wrong = await query(sql`
      SELECT r.id FROM refunds r JOIN payments p ON p.id = r.payment_id
       WHERE p.status <> 'SUCCESS' OR r.amount > p.amount OR r.currency <> p.currency OR r.merchant_id <> p.merchant_id
          OR (r.status = 'SUCCESS' AND p.refunded_amount <> r.amount)
          OR p.refund_status <> CASE WHEN r.amount = p.amount THEN 'REFUNDED' ELSE 'PARTIALLY_REFUNDED' END
          OR r.created_at < p.created_at`);
    expect(wrong).toEqual([]);
    const orphan = await query(
      sql`SELECT p.id FROM payments p WHERE p.refunded_amount > 0 AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.status = 'SUCCESS')`,
    );
    expect(orphan).toEqual([]);
    // Each successful refund took its amount out of the available balance in the ledger.
    const unposted = await query(sql`
      SELECT r.id FROM refunds r
        LEFT JOIN ledger_transactions t ON t.reference_type = 'REFUND' AND t.reference_id = r.id
        LEFT JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount < 0
       WHERE r.status = 'SUCCESS' AND (e.amount IS NULL OR -e.amount <> r.amount)`);
    expect(unposted).toEqual([]);
    const partial = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM payments WHERE refund_status = 'PARTIALLY_REFUNDED'`,
    );
    expect(partial[0].n).toBeGreaterThan(0);
  });

  it('posts a capture for each successful payment and none for the others', async () => {
    const missing = await query(sql`
      SELECT p.id FROM payments p LEFT JOIN ledger_transactions t ON t.reference_type = 'PAYMENT' AND t.reference_id = p.id AND t.kind = 'CAPTURE'
       WHERE (p.status = 'SUCCESS') <> (t.id IS NOT NULL)`);
    expect(missing).toEqual([]);
  });

  it('writes realistic payments: status mix, masked cards only for cards, zero-decimal currencies, customers', async () => {
    // The generated history, its order numbers SO-…: the demo payment links (demo-payment-links.test.ts) and
    // the open-batch dispute (demo-disputes.ts) add payments of their own.
    const mix = await query<{ status: string; n: number }>(sql`
      SELECT status, count(*)::int AS n FROM payments WHERE merchant_id = 'M1000001' AND payment_link_id IS NULL AND merchant_order_no LIKE 'SO-%' GROUP BY status`);
    const total = mix.reduce((s, r) => s + r.n, 0);
    const share = (status: string) => (mix.find((r) => r.status === status)?.n ?? 0) / total;
    expect(total).toBe(2500);
    expect(share('SUCCESS')).toBeGreaterThan(0.78);
    expect(share('FAILED')).toBeGreaterThan(0.05);
    expect(share('PENDING')).toBeGreaterThan(0);
    expect(share('CANCELLED')).toBeGreaterThan(0);
    const cards = await query(sql`
      SELECT id FROM payments WHERE (pay_method_type = 'CARD') <> (card_bin IS NOT NULL AND card_last4 ~ '^[0-9]{4}$' AND length(card_bin) = 6)`);
    expect(cards).toEqual([]);
    const asia = await query<{ currency: string }>(
      sql`SELECT DISTINCT currency FROM payments WHERE merchant_id = 'M1000003'`,
    );
    expect(asia.map((r) => r.currency)).toEqual(expect.arrayContaining(['JPY', 'IDR', 'SGD']));
    const idr = await query(
      sql`SELECT id FROM payments WHERE currency = 'IDR' AND pay_method_name NOT IN ('VISA', 'MASTERCARD', 'OVO', 'VA_BCA', 'QRIS')`,
    );
    expect(idr).toEqual([]);
    const blank = await query(
      sql`SELECT id FROM payments WHERE customer_email NOT LIKE '%@%' OR customer_name = '' OR merchant_order_no = '' OR created_at > now()`,
    );
    expect(blank).toEqual([]);
    const none = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM payments WHERE merchant_id = 'M2000001'`,
    );
    expect(none[0].n).toBe(0);
  });

  it('links the seeded disputes to real payments of the same merchant, which show the dispute status', async () => {
    const disputes = await query<{ id: string; ok: boolean }>(sql`
      SELECT d.id, (p.id IS NOT NULL AND p.merchant_id = d.merchant_id AND p.currency = d.currency AND p.dispute_status = d.status AND p.amount = d.amount) AS ok
        FROM disputes d LEFT JOIN payments p ON p.id = d.payment_id`);
    expect(disputes.length).toBeGreaterThan(0);
    expect(disputes.filter((d) => !d.ok)).toEqual([]);
  });
});
