import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { currencyExponent } from '@mbo/contracts/money';
import { payments as paymentsTable } from '../../db/payments-schema';
import { computed, typedRows } from '../../db/typed-rows';
import { propertyRuns, sized } from '../../test/deep';
import { createTestApp, loginAs, type TestApp } from '../../test/harness';
import {
  brokenAccounts,
  createPayment,
  postRefund,
  settleAll,
  unbalancedTransactions,
} from '../payments/test-payments';
import { processDueRefunds } from './sandbox-refund-processor';

const M = 'M1000001';
const CURRENCIES = ['USD', 'JPY', 'EUR'] as const;

type Action =
  | { kind: 'capture'; currency: (typeof CURRENCIES)[number]; amount: number; settleNow: boolean }
  | { kind: 'settle'; pick: number }
  | { kind: 'refund'; pick: number; share: number; fail: boolean }
  | { kind: 'burst'; picks: number[]; share: number }
  | { kind: 'process' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('capture' as const),
      currency: fc.constantFrom(...CURRENCIES),
      amount: fc.integer({ min: 1, max: 2_000_000 }),
      settleNow: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('settle' as const), pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      share: fc.double({ min: 0.01, max: 1.2, noNaN: true }),
      fail: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      picks: fc.array(fc.nat(), { minLength: 2, maxLength: 6 }),
      share: fc.double({ min: 0.1, max: 1, noNaN: true }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('process' as const) }) },
);

/** A major-unit decimal string for an amount in minor units. */
function major(minor: number, currency: string): string {
  const e = currencyExponent(currency);
  return e === 0 ? String(minor) : `${Math.floor(minor / 10 ** e)}.${String(minor % 10 ** e).padStart(e, '0')}`;
}

/**
 * QUALITY.md money row: after any workload of captures, settlements, refunds (some failing in the
 * sandbox) and parallel refund bursts, every ledger transaction sums to zero per currency, every
 * account's balance is the sum of its entries, no available balance is below zero, and each payment's
 * refunded amount is the sum of its live refunds.
 */
describe('ledger under a randomized workload', () => {
  let t: TestApp;
  let owner: string;
  const db = () => t.database.db;
  const payments: { id: string; currency: string; amount: number; net: number; settled: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxRefundDelayMs: 600_000 } });
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  async function run(a: Action) {
    const pick = (n: number) => payments[n % payments.length];
    if (a.kind === 'capture') {
      const p = await createPayment(db(), { amount: a.amount, currency: a.currency, settle: a.settleNow });
      payments.push({ id: p.id, currency: a.currency, amount: a.amount, net: p.net, settled: a.settleNow });
    } else if (a.kind === 'settle' && payments.length) {
      const p = pick(a.pick);
      if (!p.settled) {
        // The settlement cycle as of a later day: every open batch settles, this payment's among them.
        await settleAll(db(), M);
        for (const q of payments) q.settled = true;
      }
    } else if (a.kind === 'refund' && payments.length) {
      const p = pick(a.pick);
      const amount = Math.max(1, Math.round(p.amount * a.share));
      const body = a.fail
        ? { paymentId: p.id, amount: major(amount, p.currency), reason: 'OTHER', note: 'sandbox:fail please' }
        : { paymentId: p.id, amount: major(amount, p.currency), reason: 'REQUESTED_BY_CUSTOMER' };
      const res = await postRefund(t.app, owner, body);
      expect(['000000', '003001B021', '003001B034', '001000B001'], JSON.stringify(res.body)).toContain(res.body.code);
    } else if (a.kind === 'burst' && payments.length) {
      const answers = await Promise.all(
        a.picks.map((n) => {
          const p = pick(n);
          return postRefund(t.app, owner, {
            paymentId: p.id,
            amount: major(Math.max(1, Math.round(p.amount * a.share)), p.currency),
            reason: 'DUPLICATE',
          });
        }),
      );
      for (const res of answers)
        expect(['000000', '003001B021', '003001B034'], JSON.stringify(res.body)).toContain(res.body.code);
    } else if (a.kind === 'process') {
      await processDueRefunds(db(), 0);
    }
  }

  it(
    'keeps every ledger transaction balanced and every available balance >= 0 and equal to its entries',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 25 }), async (actions) => {
          for (const a of actions) await run(a);
          expect(await unbalancedTransactions(db())).toEqual([]);
          expect(await brokenAccounts(db())).toEqual([]);
          const drift = await typedRows(
            db(),
            { id: paymentsTable.id, refunded_amount: paymentsTable.refundedAmount, live: computed(Number) },
            sql`
            SELECT p.id, p.refunded_amount, coalesce(sum(r.amount) FILTER (WHERE r.status <> 'FAILED'), 0) AS live
              FROM payments p LEFT JOIN refunds r ON r.payment_id = p.id
             WHERE p.merchant_id = ${M}
             GROUP BY p.id HAVING p.refunded_amount <> coalesce(sum(r.amount) FILTER (WHERE r.status <> 'FAILED'), 0)`,
          );
          expect(drift).toEqual([]);
        }),
        propertyRuns(12, 150),
      );
      // At least one refund and one sandbox failure, whatever the random draw was.
      await run({ kind: 'capture', currency: 'USD', amount: 10_000, settleNow: true });
      await run({ kind: 'refund', pick: payments.length - 1, share: 0.5, fail: true });
      await run({ kind: 'process' });
      expect(await unbalancedTransactions(db())).toEqual([]);
      expect(await brokenAccounts(db())).toEqual([]);
      const [kinds] = await typedRows(
        db(),
        { refunds: computed(Number), reversals: computed(Number) },
        sql`SELECT count(*) FILTER (WHERE kind = 'REFUND') AS refunds, count(*) FILTER (WHERE kind = 'REFUND_REVERSAL') AS reversals FROM ledger_transactions`,
      );
      expect(Number(kinds.refunds)).toBeGreaterThan(0);
      expect(Number(kinds.reversals)).toBeGreaterThan(0);
    },
    sized(120_000, 3_600_000),
  );
});
