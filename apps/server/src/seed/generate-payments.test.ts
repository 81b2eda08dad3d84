import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payments, refunds } from '../db/payments-schema';
import { disputes as disputesTable } from '../db/schema';
import { computed, computedOrNull, typedRows, type RowField } from '../db/typed-rows';
import { createTestApp, type TestApp } from '../test/harness';
import { sized } from '../test/deep';
import { generatePayments } from './generate-payments';

/** Generated payments: three batches in every run, thirty under `npm run test:deep`. */
const GENERATED = sized(900, 9_000);

describe('payment generator', () => {
  let t: TestApp;
  const read = <S extends Record<string, RowField>>(shape: S, query: SQL) => typedRows(t.database.db, shape, query);
  const count = { n: computed(Number) };

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
    const unbalanced = await read(
      { transaction_id: ledgerEntries.transactionId, currency: ledgerEntries.currency, sum: computed(String) },
      sql`SELECT transaction_id, currency, sum(amount) FROM ledger_entries GROUP BY transaction_id, currency HAVING sum(amount) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    const empty = await read(
      { id: ledgerTransactions.id },
      sql`SELECT t.id FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id WHERE e.id IS NULL`,
    );
    expect(empty).toEqual([]);
  });

  it('keeps every balance equal to the sum of its entries and none of the merchant balances negative', async () => {
    const drift = await read(
      { id: ledgerAccounts.id, balance: ledgerAccounts.balance, total: computed(String) },
      sql`
      SELECT a.id, a.balance, coalesce(s.total, 0) AS total FROM ledger_accounts a
        LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
       WHERE a.balance <> coalesce(s.total, 0)`,
    );
    expect(drift).toEqual([]);
    const negative = await read(
      {
        owner: ledgerAccounts.owner,
        currency: ledgerAccounts.currency,
        type: ledgerAccounts.type,
        balance: ledgerAccounts.balance,
      },
      sql`SELECT owner, currency, type, balance FROM ledger_accounts WHERE type IN ('AVAILABLE', 'PENDING', 'RESERVED') AND balance < 0`,
    );
    expect(negative).toEqual([]);
    const available = await read(
      count,
      sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE owner = 'M1000001' AND type = 'AVAILABLE' AND balance > 0`,
    );
    expect(available[0].n).toBeGreaterThan(0);
  });

  it('respects the refund rules: one per payment, only of successful payments, never more than the payment', async () => {
    const twice = await read(
      { payment_id: refunds.paymentId },
      sql`SELECT payment_id FROM refunds WHERE status <> 'FAILED' GROUP BY payment_id HAVING count(*) > 1`,
    );
    expect(twice).toEqual([]);
    const wrong = await read(
      { id: refunds.id },
      sql`
      SELECT r.id FROM refunds r JOIN payments p ON p.id = r.payment_id
       WHERE p.status <> 'SUCCESS' OR r.amount > p.amount OR r.currency <> p.currency OR r.merchant_id <> p.merchant_id
          OR (r.status = 'SUCCESS' AND p.refunded_amount <> r.amount)
          OR p.refund_status <> CASE WHEN r.amount = p.amount THEN 'REFUNDED' ELSE 'PARTIALLY_REFUNDED' END
          OR r.created_at < p.created_at`,
    );
    expect(wrong).toEqual([]);
    const orphan = await read(
      { id: payments.id },
      sql`SELECT p.id FROM payments p WHERE p.refunded_amount > 0 AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.status = 'SUCCESS')`,
    );
    expect(orphan).toEqual([]);
    // Each successful refund took its amount out of the available balance in the ledger.
    const unposted = await read(
      { id: refunds.id },
      sql`
      SELECT r.id FROM refunds r
        LEFT JOIN ledger_transactions t ON t.reference_type = 'REFUND' AND t.reference_id = r.id
        LEFT JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount < 0
       WHERE r.status = 'SUCCESS' AND (e.amount IS NULL OR -e.amount <> r.amount)`,
    );
    expect(unposted).toEqual([]);
    const partial = await read(
      count,
      sql`SELECT count(*)::int AS n FROM payments WHERE refund_status = 'PARTIALLY_REFUNDED'`,
    );
    expect(partial[0].n).toBeGreaterThan(0);
  });

  it('posts a capture for each successful payment and none for the others', async () => {
    const missing = await read(
      { id: payments.id },
      sql`
      SELECT p.id FROM payments p LEFT JOIN ledger_transactions t ON t.reference_type = 'PAYMENT' AND t.reference_id = p.id AND t.kind = 'CAPTURE'
       WHERE (p.status = 'SUCCESS') <> (t.id IS NOT NULL)`,
    );
    expect(missing).toEqual([]);
  });

  it('writes realistic payments: status mix, masked cards only for cards, zero-decimal currencies, customers', async () => {
    // The generated history, its order numbers SO-…: the demo payment links (demo-payment-links.test.ts) and
    // the open-batch dispute (demo-disputes.ts) add payments of their own.
    const mix = await read(
      { status: payments.status, n: computed(Number) },
      sql`
      SELECT status, count(*)::int AS n FROM payments WHERE merchant_id = 'M1000001' AND payment_link_id IS NULL AND merchant_order_no LIKE 'SO-%' GROUP BY status`,
    );
    const total = mix.reduce((s, r) => s + r.n, 0);
    const share = (status: string) => (mix.find((r) => r.status === status)?.n ?? 0) / total;
    expect(total).toBe(2500);
    expect(share('SUCCESS')).toBeGreaterThan(0.78);
    expect(share('FAILED')).toBeGreaterThan(0.05);
    expect(share('PENDING')).toBeGreaterThan(0);
    expect(share('CANCELLED')).toBeGreaterThan(0);
    const cards = await read(
      { id: payments.id },
      sql`
      SELECT id FROM payments WHERE (pay_method_type = 'CARD') <> (card_bin IS NOT NULL AND card_last4 ~ '^[0-9]{4}$' AND length(card_bin) = 6)`,
    );
    expect(cards).toEqual([]);
    const asia = await read(
      { currency: payments.currency },
      sql`SELECT DISTINCT currency FROM payments WHERE merchant_id = 'M1000003'`,
    );
    expect(asia.map((r) => r.currency)).toEqual(expect.arrayContaining(['JPY', 'IDR', 'SGD']));
    const idr = await read(
      { id: payments.id },
      sql`SELECT id FROM payments WHERE currency = 'IDR' AND pay_method_name NOT IN ('VISA', 'MASTERCARD', 'OVO', 'VA_BCA', 'QRIS')`,
    );
    expect(idr).toEqual([]);
    const blank = await read(
      { id: payments.id },
      sql`SELECT id FROM payments WHERE customer_email NOT LIKE '%@%' OR customer_name = '' OR merchant_order_no = '' OR created_at > now()`,
    );
    expect(blank).toEqual([]);
    const none = await read(count, sql`SELECT count(*)::int AS n FROM payments WHERE merchant_id = 'M2000001'`);
    expect(none[0].n).toBe(0);
  });

  it('links the seeded disputes to real payments of the same merchant, which show the dispute status', async () => {
    // ok is null when the payment has no dispute status: not ok either.
    const disputes = await read(
      { id: disputesTable.id, ok: computedOrNull(Boolean) },
      sql`
      SELECT d.id, (p.id IS NOT NULL AND p.merchant_id = d.merchant_id AND p.currency = d.currency AND p.dispute_status = d.status AND p.amount = d.amount) AS ok
        FROM disputes d LEFT JOIN payments p ON p.id = d.payment_id`,
    );
    expect(disputes.length).toBeGreaterThan(0);
    expect(disputes.filter((d) => !d.ok)).toEqual([]);
  });
});
