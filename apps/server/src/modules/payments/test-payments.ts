import { recordText } from '@mbo/contracts/record-texts';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentStatus } from '@mbo/contracts/payments';
import { IDEMPOTENCY_HEADER, REFUND_PATHS } from '@mbo/contracts/refunds';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries } from '../../db/payments-schema';
import { computed, typedRows } from '../../db/typed-rows';
import type { JobQueue } from '../../jobs/job-queue';
import { priceCapture } from '../payin-services';
import { runSettlementCycle, type SettleResult } from '../settlements';
import { recordPayment } from './record-payment';

/** @reads ledger_accounts, ledger_entries, ledger_transactions (tables other modules own: db/table-owners.ts) */

/**
 * Test helpers (only tests import this file): payments made through recordPayment (captured into
 * their clearing batch), settled by the settlement cycle run as of a later day.
 */
export interface TestPayment {
  merchantId?: string;
  amount: number;
  currency?: string;
  status?: PaymentStatus;
  createdAt?: Date;
  customerEmail?: string;
  country?: string;
  payMethodType?: string;
  payMethodName?: string;
  /**
   * Settle it at once (default true for SUCCESS): the merchant's settlement cycle runs as of
   * SETTLE_AHEAD_DAYS from now, so its batch, and every other open batch of the merchant, settles.
   */
  settle?: boolean;
  /** The app's queue: the payment (and its settlement) emit their webhook events as in the product. */
  jobs?: JobQueue;
}

export async function createPayment(db: Db, p: TestPayment): Promise<{ id: string; fee: number; net: number }> {
  const merchantId = p.merchantId ?? 'M1000001';
  const currency = p.currency ?? 'USD';
  const status = p.status ?? 'SUCCESS';
  const payMethodName = p.payMethodName ?? 'VISA';
  const made = await db.transaction(async (tx) => {
    // Priced like every capture: the merchant's ACTIVE pay-in service for the method and currency.
    const pricing = await priceCapture(tx, merchantId, { payMethodName, currency, amount: p.amount });
    const { id, fee } = await recordPayment(
      tx,
      {
        merchantId,
        amount: p.amount,
        currency,
        status,
        createdAt: p.createdAt,
        payMethodType: p.payMethodType ?? 'CARD',
        payMethodName,
        country: p.country ?? 'NL',
        customerEmail: p.customerEmail ?? `buyer-${randomUUID().slice(0, 8)}@example.test`,
        customerName: 'Test Buyer',
        cardBin: '411111',
        cardLast4: '1111',
        failureReason: status === 'FAILED' ? recordText('declined') : null,
      },
      pricing,
      p.jobs,
    );
    return { id, fee, net: status === 'SUCCESS' ? p.amount - fee : 0 };
  });
  if (status === 'SUCCESS' && p.settle !== false) await settleAll(db, merchantId, p.jobs);
  return made;
}

/** Far enough ahead that every batch open today is due (T+N working days, N small in the demo services). */
export const SETTLE_AHEAD_DAYS = 45;

/**
 * Settles every batch of the merchant, open ones included: its settlement cycle as of SETTLE_AHEAD_DAYS from now
 * (recorded now).
 */
export async function settleAll(db: Db, merchantId: string, jobs?: JobQueue): Promise<SettleResult> {
  return runSettlementCycle(db, {
    merchantId,
    now: new Date(Date.now() + SETTLE_AHEAD_DAYS * 86_400_000),
    recordedAt: new Date(),
    jobs,
  });
}

export async function balanceOf(db: Db, merchantId: string, currency: string, type = 'AVAILABLE'): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.owner, merchantId), eq(ledgerAccounts.currency, currency), eq(ledgerAccounts.type, type)),
    );
  return Number(row?.balance ?? 0);
}

/** Ledger transactions that do not sum to zero per currency (must be none). */
export async function unbalancedTransactions(db: Db): Promise<unknown[]> {
  return typedRows(
    db,
    { transaction_id: ledgerEntries.transactionId, currency: ledgerEntries.currency, total: computed(Number) },
    sql`SELECT transaction_id, currency, sum(amount) AS total FROM ledger_entries GROUP BY 1, 2 HAVING sum(amount) <> 0`,
  );
}

/**
 * Accounts whose derived balance is not the sum of their entries, or PENDING/RESERVED below zero, or
 * AVAILABLE below zero where no dispute hold could have taken it there (must be none).
 */
export async function brokenAccounts(db: Db): Promise<unknown[]> {
  const a = ledgerAccounts;
  return typedRows(
    db,
    { id: a.id, owner: a.owner, type: a.type, currency: a.currency, balance: a.balance, entries: computed(Number) },
    sql`
      SELECT a.id, a.owner, a.type, a.currency, a.balance, coalesce(sum(e.amount), 0) AS entries
        FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
       GROUP BY a.id
      HAVING a.balance <> coalesce(sum(e.amount), 0) OR (a.type IN ('PENDING', 'RESERVED') AND a.balance < 0)
          OR (a.type = 'AVAILABLE' AND a.balance < 0
              AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.merchant_id = a.owner AND t.currency = a.currency AND t.kind = 'DISPUTE_HOLD'))`,
  );
}

/** POST a refund with an idempotency key (a fresh one unless given). */
export async function postRefund(
  app: FastifyInstance,
  cookie: string,
  body: Record<string, unknown>,
  key: string | null = randomUUID(),
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever data a call answers
): Promise<{ status: number; body: { code: string; msg: string; data: any } }> {
  const headers: Record<string, string> = { cookie };
  if (key !== null) headers[IDEMPOTENCY_HEADER] = key;
  const res = await app.inject({ method: 'POST', url: REFUND_PATHS.create, headers, payload: body });
  return { status: res.statusCode, body: res.json() };
}
