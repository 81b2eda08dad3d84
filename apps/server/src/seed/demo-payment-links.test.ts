import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { paymentLinks, payments as paymentsTable } from '../db/payments-schema';
import { computed, computedOrNull, typedRows, type RowField } from '../db/typed-rows';
import { brokenAccounts, unbalancedTransactions } from '../modules/payments/test-payments';
import { call, createTestApp, loginAs, type TestApp } from '../test/harness';
import { DEMO_LINKS, seedDemoPaymentLinks } from './demo-payment-links';

interface LinkShape {
  description: string;
  amount: number;
  currency: string;
  reusable: boolean;
  status: string;
  paidCount: number;
  payments: string[];
}

describe('demo payment links', () => {
  let t: TestApp;
  let owner: string;
  const read = <S extends Record<string, RowField>>(shape: S, query: SQL) => typedRows(t.database.db, shape, query);

  /**
   * What a merchant sees of its one-off links (subscription links: demo-subscriptions.test.ts), without ids and dates:
   * status as shown, payments oldest first.
   */
  async function shapeOf(merchantId: string): Promise<LinkShape[]> {
    const links = await read(
      {
        id: paymentLinks.id,
        description: paymentLinks.description,
        amount: computed(String),
        currency: paymentLinks.currency,
        reusable: paymentLinks.reusable,
        status: paymentLinks.status,
        // Null for a link that never expires.
        expired: computedOrNull(Boolean),
        paid_count: paymentLinks.paidCount,
      },
      sql`
      SELECT id, description, amount::text, currency, reusable, status, expires_at <= now() AS expired, paid_count
        FROM payment_links WHERE merchant_id = ${merchantId} AND plan_interval IS NULL ORDER BY description`,
    );
    const out: LinkShape[] = [];
    for (const l of links) {
      const payments = await t.database.db
        .select({ status: paymentsTable.status })
        .from(paymentsTable)
        .where(eq(paymentsTable.paymentLinkId, l.id))
        .orderBy(paymentsTable.createdAt);
      out.push({
        description: l.description,
        amount: Number(l.amount),
        currency: l.currency,
        reusable: l.reusable,
        status: l.status === 'ACTIVE' && l.expired ? 'EXPIRED' : l.status,
        paidCount: l.paid_count,
        payments: payments.map((p) => p.status),
      });
    }
    return out;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives Demo Store a link in every state, and the payout merchant none', async () => {
    const links = await shapeOf('M1000001');
    expect(links).toHaveLength(DEMO_LINKS.length);
    const one = (description: string) => links.find((l) => l.description === description)!;
    // Active single-use, not paid.
    expect(one('Gift card, spring collection')).toMatchObject({
      status: 'ACTIVE',
      reusable: false,
      paidCount: 0,
      payments: [],
    });
    // Active reusable with payments.
    expect(one('Yoga class drop-in')).toMatchObject({
      status: 'ACTIVE',
      reusable: true,
      paidCount: 4,
      payments: ['SUCCESS', 'SUCCESS', 'FAILED', 'SUCCESS', 'SUCCESS'],
    });
    // Paid (used) single-use.
    expect(one('Invoice INV-2026-0142')).toMatchObject({
      status: 'PAID',
      reusable: false,
      paidCount: 1,
      payments: ['FAILED', 'SUCCESS'],
    });
    // Held by a pending payment.
    expect(one('Custom bike fitting')).toMatchObject({
      status: 'ACTIVE',
      reusable: false,
      paidCount: 0,
      payments: ['PENDING'],
    });
    // Expired and deactivated.
    expect(one('Workshop seat, March edition')).toMatchObject({
      status: 'EXPIRED',
      paidCount: 0,
      payments: ['FAILED'],
    });
    expect(one('Tokyo pop-up ticket')).toMatchObject({
      status: 'DEACTIVATED',
      currency: 'JPY',
      amount: 3000,
      paidCount: 2,
    });
    expect(new Set(links.map((l) => l.status))).toEqual(new Set(['ACTIVE', 'PAID', 'EXPIRED', 'DEACTIVATED']));
    expect(
      await t.database.db
        .select({ id: paymentLinks.id })
        .from(paymentLinks)
        .where(eq(paymentLinks.merchantId, 'M2000001')),
    ).toEqual([]);

    // The merchant's list shows them (the page no longer starts empty), filtered by status as shown
    // (besides the subscription links of past campaigns, expired too).
    const listed = await call(t.app, 'POST', PAYMENT_LINK_PATHS.list, {
      cookie: owner,
      payload: { status: ['EXPIRED'], pageSize: 100 },
    });
    const records = listed.body.data.records as { description: string; subscription: unknown }[];
    expect(records.filter((r) => r.subscription === null).map((r) => r.description)).toEqual([
      'Workshop seat, March edition',
    ]);
  });

  it('writes real payments: the link amount, its successes captured and counted, the books balanced', async () => {
    // One-off links: a subscription link's renewals are its agreement's (demo-subscriptions.test.ts).
    const wrong = await read(
      { id: paymentsTable.id },
      sql`
      SELECT p.id FROM payments p JOIN payment_links l ON l.id = p.payment_link_id AND l.plan_interval IS NULL
       WHERE p.amount <> l.amount OR p.currency <> l.currency OR p.merchant_id <> l.merchant_id OR p.created_at < l.created_at
          OR p.description <> l.description OR (p.status = 'FAILED') <> (p.failure_reason IS NOT NULL)`,
    );
    expect(wrong).toEqual([]);
    const counts = await read(
      { id: paymentLinks.id },
      sql`
      SELECT l.id FROM payment_links l
       WHERE l.plan_interval IS NULL AND l.paid_count <> (SELECT count(*) FROM payments p WHERE p.payment_link_id = l.id AND p.status = 'SUCCESS')`,
    );
    expect(counts).toEqual([]);
    const uncaptured = await read(
      { id: paymentsTable.id },
      sql`
      SELECT p.id FROM payments p
        LEFT JOIN ledger_transactions t ON t.reference_type = 'PAYMENT' AND t.reference_id = p.id AND t.kind = 'CAPTURE'
       WHERE p.payment_link_id IS NOT NULL AND (p.status = 'SUCCESS') <> (t.id IS NOT NULL)`,
    );
    expect(uncaptured).toEqual([]);
    expect(await unbalancedTransactions(t.database.db)).toEqual([]);
    expect(await brokenAccounts(t.database.db)).toEqual([]);
  });

  it('is deterministic: seeding again writes the same links and payments', async () => {
    // Demo Store Europe has no links of its own: seed the same set there and compare.
    expect(await seedDemoPaymentLinks(t.database.db, 'M1000002', 'owner@demo.test')).toBe(DEMO_LINKS.length);
    expect(await shapeOf('M1000002')).toEqual(await shapeOf('M1000001'));
  });
});
