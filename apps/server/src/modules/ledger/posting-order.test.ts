import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { ledgerTransactions } from '../../db/payments-schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { brokenAccounts, createPayment, settleAll, unbalancedTransactions } from '../payments/test-payments';
import { createRefund, processDueRefunds } from '../refunds';
import { databaseError } from '../../lib/db-error';
import { sized } from '../../test/deep';
import { signal } from '../../test/signal';

const M = 'M1000001';
const WORKERS = { capture: 3, settle: 3, refund: 3, process: 1 } as const;
/**
 * The run is bound by work, not by the clock: every kind of posting runs at least this often
 * (a few seconds of overlap on PostgreSQL in every run; twenty times as much under test:deep).
 */
const ENOUGH = sized(
  { capture: 40, settle: 20, refund: 20, process: 2 },
  { capture: 800, settle: 400, refund: 400, process: 40 },
);

const sqlState = (err: unknown) => databaseError(err)?.code;

/**
 * Item 9 of the hardening issue: a capture (clearing, pending, fees), a refund (available, clearing,
 * with the balance check), a settlement (pending, available) and a failed refund's reversal each
 * list one merchant's accounts in another order. Posted in the callers' order they lock those rows
 * in a cycle and PostgreSQL kills one with a deadlock (40P01); postTransaction locks them in
 * ascending id order instead. Ten workers run them for one merchant and currency until each kind
 * has run ENOUGH times.
 * The deadlock is proved on PostgreSQL; PGlite has one connection that runs one transaction at a
 * time, so there the same workload shows only that interleaved work keeps the ledger balanced.
 */
describe('ledger posting order under parallel captures, settlements and refunds', () => {
  let t: TestApp;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxRefundDelayMs: 600_000 } });
    // Money in the available balance for the refunds, and the merchant's accounts in this currency.
    await createPayment(db(), { amount: 100_000_000, currency: 'USD' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it(
    'finishes every posting without a deadlock and leaves the ledger balanced',
    { timeout: sized(120_000, 1_800_000) },
    async () => {
      const unsettled: { id: string; net: number }[] = [];
      const refundable: string[] = [];
      const done = { capture: 0, settle: 0, refund: 0, process: 0 };
      const failures: { kind: string; state: string | undefined; message: string }[] = [];
      // Until every kind of posting ran often enough; a failure stops the run (it is reported below).
      const running = () =>
        !failures.length && (Object.keys(ENOUGH) as (keyof typeof done)[]).some((kind) => done[kind] < ENOUGH[kind]);
      // A worker with nothing to do yet (no capture to settle or refund, no refund due) waits for the
      // next posting of another worker, which may have made its work, not for a delay.
      let progress = signal();
      const posted = () => {
        progress.resolve();
        progress = signal();
      };

      async function worker(kind: keyof typeof done, step: () => Promise<boolean>) {
        while (running()) {
          const next = progress.promise;
          try {
            if (await step()) {
              done[kind] += 1;
              posted();
            } else await next;
          } catch (err) {
            failures.push({
              kind,
              state: sqlState(err),
              message: err instanceof Error ? err.message.slice(0, 300) : String(err),
            });
            posted();
          }
        }
        posted();
      }
      const steps: Record<keyof typeof done, () => Promise<boolean>> = {
        async capture() {
          const p = await createPayment(db(), { amount: 10_000, currency: 'USD', settle: false });
          unsettled.push({ id: p.id, net: p.net });
          refundable.push(p.id);
          return true;
        },
        async settle() {
          // The settlement cycle, as of a later day: settles every open batch, this capture's among them.
          if (!unsettled.shift()) return false;
          await settleAll(db(), M);
          return true;
        },
        async refund() {
          const paymentId = refundable.shift();
          if (!paymentId) return false;
          // Every other refund fails in the sandbox: its reversal posts available and clearing back.
          const note = done.refund % 2 ? 'sandbox:fail' : undefined;
          await createRefund(
            db(),
            { merchantId: M, userId: null, email: null, ip: null },
            { paymentId, amount: '1.00', reason: 'REQUESTED_BY_CUSTOMER', note },
            randomUUID(),
            { jobs: t.app.jobs, delayMs: 600_000 },
          );
          return true;
        },
        async process() {
          return (await processDueRefunds(db(), 0, 5)) > 0;
        },
      };
      const kinds = (Object.keys(WORKERS) as (keyof typeof WORKERS)[]).flatMap((kind) =>
        Array.from({ length: WORKERS[kind] }, () => kind),
      );
      if (t.kind === 'postgres') {
        // Every worker on its own connection, for the whole run: their transactions overlap freely.
        await Promise.all(kinds.map((kind) => worker(kind, steps[kind])));
      } else {
        // PGlite runs one transaction at a time and would let the captures starve the rest: rounds of one step each.
        while (running()) {
          await Promise.all(
            kinds.map(async (kind) => {
              try {
                if (await steps[kind]()) done[kind] += 1;
              } catch (err) {
                failures.push({
                  kind,
                  state: sqlState(err),
                  message: err instanceof Error ? err.message.slice(0, 300) : String(err),
                });
              }
            }),
          );
        }
      }

      expect(
        failures.filter((f) => f.state === '40P01'),
        'deadlocks',
      ).toEqual([]);
      expect(failures).toEqual([]);
      // It really ran in parallel, every kind of posting many times.
      for (const kind of Object.keys(ENOUGH) as (keyof typeof done)[])
        expect(done[kind], kind).toBeGreaterThanOrEqual(ENOUGH[kind]);
      const [reversals] = await db()
        .select({ n: count() })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.kind, 'REFUND_REVERSAL'));
      expect(reversals.n).toBeGreaterThan(0);

      expect(await unbalancedTransactions(db())).toEqual([]);
      expect(await brokenAccounts(db())).toEqual([]);
    },
  );
});
