import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newId } from '../lib/ids';
import { zonedInstant } from '../lib/working-days';
import { batchRefundPostings, capturePostings } from '../modules/ledger';
import { methodKey, servicesByMethod, withinLimits, type ResolvedPayinService } from '../modules/payin-services';
import { computeFee, feeRuleSnapshot } from '../modules/payments';
import { recountOpenBatches } from '../modules/settlements';
import { addToShare, BatchAssigner, ensureBatches } from './generated-batches';
import { buildRefund, refundAmount, refundSettledPayments } from './generated-refunds';
import { generatePaymentShape, seededRandom, weighted, type Random, type TrafficProfile } from './payment-profiles';
import { replaySettlements } from './replay-settlements';
import { emptyChunk, lockChunkAccounts, writeChunk, type Chunk, type PaymentRow } from './write-generated-rows';

export interface GeneratePaymentsOptions {
  merchantId: string;
  count: number;
  profile?: TrafficProfile;
  /**
   * Payments per database transaction (default 1,000). The ledger's per-row trigger updates the
   * same few account rows for every entry, and within one transaction each update walks the row's
   * earlier versions: cost grows with the square of the batch, so batches stay small.
   */
  batchSize?: number;
  /** How far back the history goes (default 90 days; more recent days are denser). */
  days?: number;
  /** Share of successful payments refunded (default 0.06). */
  refundRate?: number;
  /** Seed of the pseudo-random data (ids stay unique across runs). */
  seed?: number;
  /**
   * Replay the settlement cycle over the history (default true). Off: every batch stays open, for
   * whoever settles them next (the benchmark times the settle job on them), and no refund of a
   * settled payment is made.
   */
  settle?: boolean;
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

export interface GeneratePaymentsResult {
  payments: number;
  succeeded: number;
  refunds: number;
  ledgerTransactions: number;
  settlements: number;
  ms: number;
}

const DAY = 24 * 60 * 60 * 1000;
/** How far back generated history goes unless asked otherwise (its settlement replay starts there). */
export const DEFAULT_HISTORY_DAYS = 90;
const STATUS_WEIGHTS = { SUCCESS: 85, FAILED: 10, PENDING: 3, CANCELLED: 2 } as const;
type Status = keyof typeof STATUS_WEIGHTS;
/**
 * Of the refunds, the share made before the payment's batch settled (deducted from it); the rest come later, from
 * available.
 */
const EARLY_REFUND_SHARE = 0.4;

const OUTSIDE_LIMITS = "Amount outside the payment method's limits";

/**
 * Writes `count` realistic payments for a merchant over the last `days` days, and what the running
 * server would have made of them:
 * 1. payments, their events and captures, each in its clearing batch (generated-batches.ts), priced
 *    by the merchant's pay-in service for its method and currency (whose rule it keeps as its
 *    snapshot; an amount outside the service's limits fails); some refunds made before the batch
 *    settled, deducted from it as the refund path does;
 * 2. the settlement cycle replayed day by day (replay-settlements.ts: the real job's code), so every
 *    batch past its due day is settled and today's are open;
 * 3. refunds of settled payments, from the available balance (never more than it holds).
 * Works in chunks, each one database transaction with multi-row inserts, so memory stays flat for any count.
 */
export async function generatePayments(db: Db, options: GeneratePaymentsOptions): Promise<GeneratePaymentsResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 1000;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seededRandom(seed);
  const now = options.now ?? new Date();
  const days = options.days ?? DEFAULT_HISTORY_DAYS;
  const from = new Date(now.getTime() - days * DAY - 120_000);
  const result: GeneratePaymentsResult = {
    payments: 0,
    succeeded: 0,
    refunds: 0,
    ledgerTransactions: 0,
    settlements: 0,
    ms: 0,
  };
  const services = await servicesByMethod(db, options.merchantId);
  const assigner = new BatchAssigner(options.merchantId, from, now);
  const runTag = newId('GEN');
  const rate = options.refundRate ?? 0.06;
  for (let done = 0; done < options.count; done += batchSize) {
    const size = Math.min(batchSize, options.count - done);
    await db.transaction(async (tx) => {
      const chunk = buildChunk(random, options, services, assigner, size, now.getTime(), rate * EARLY_REFUND_SHARE);
      // Batch rows first, then every account the chunk posts to, locked in id order: the capture path's lock order.
      const batchIds = await ensureBatches(tx, chunk.shares.values(), runTag);
      const accounts = await lockChunkAccounts(tx, options.merchantId, [
        ...new Set(chunk.ledger.map((l) => l.currency)),
      ]);
      await writeChunk(tx, options.merchantId, chunk, batchIds, accounts);
      result.payments += chunk.payments.length;
      result.succeeded += chunk.payments.filter((p) => p.status === 'SUCCESS').length;
      result.refunds += chunk.refunds.length;
      result.ledgerTransactions += chunk.ledger.length;
    });
    options.onProgress?.(done + size, options.count);
    // Fresh statistics as the tables grow (after chunks 1, 4, 16, 64…): the ledger's triggers plan
    // their look-ups once, from the statistics of the moment, and a plan made for an empty table
    // scans it; without autovacuum (or ahead of it) every chunk would then cost more than the last.
    if (isPowerOf4(done / batchSize + 1))
      await db.execute(sql`ANALYZE ledger_entries, ledger_transactions, payments, refunds`);
  }
  await recountOpenBatches(db, options.merchantId);
  if (options.settle === false) {
    result.ms = Math.round(performance.now() - started);
    return result;
  }
  const settled = await replaySettlements(db, { merchantId: options.merchantId, from, now });
  result.settlements = settled.settlements;
  result.ledgerTransactions += settled.settlements;
  const late = await refundSettledPayments(
    db,
    random,
    options.merchantId,
    now.getTime(),
    rate * (1 - EARLY_REFUND_SHARE),
    result.succeeded,
    batchSize,
  );
  result.refunds += late;
  result.ledgerTransactions += late;
  result.ms = Math.round(performance.now() - started);
  return result;
}

function isPowerOf4(n: number): boolean {
  while (n > 1 && n % 4 === 0) n /= 4;
  return n === 1;
}

function buildChunk(
  random: Random,
  options: GeneratePaymentsOptions,
  services: Map<string, ResolvedPayinService>,
  assigner: BatchAssigner,
  size: number,
  now: number,
  earlyRate: number,
): Chunk {
  const { merchantId } = options;
  const days = options.days ?? DEFAULT_HISTORY_DAYS;
  const chunk = emptyChunk();
  for (let i = 0; i < size; i++) {
    const shape = generatePaymentShape(random, options.profile ?? 'GLOBAL');
    const createdAt = new Date(now - Math.floor(days * DAY * random() ** 1.5) - 60_000);
    const drawn: Status = weighted(random, STATUS_WEIGHTS);
    const service = services.get(methodKey(shape.payMethodName, shape.currency));
    if (!service)
      throw new Error(
        `${merchantId} has no pay-in service for ${shape.payMethodName} in ${shape.currency}: every generated payment is priced by one`,
      );
    const outsideLimits = !withinLimits(service.limits, shape.amount);
    const status: Status = outsideLimits ? 'FAILED' : drawn;
    const fee =
      status === 'SUCCESS' ? computeFee({ amount: shape.amount, currency: shape.currency, rule: service.rule }) : 0;
    const pricing =
      status === 'SUCCESS' || status === 'PENDING' ? { serviceId: service.serviceId, rule: service.rule } : null;
    const id = newId('PAY', createdAt.getTime());
    const finishedAt = new Date(Math.min(createdAt.getTime() + 2_000 + Math.floor(random() * 60_000), now - 1_000));
    const payment: PaymentRow = {
      id,
      merchantId,
      merchantOrderNo: `SO-${createdAt.toISOString().slice(2, 10).replaceAll('-', '')}-${String(Math.floor(random() * 1e6)).padStart(6, '0')}`,
      amount: shape.amount,
      currency: shape.currency,
      fee,
      status,
      payMethodType: shape.payMethodType,
      payMethodName: shape.payMethodName,
      country: shape.country,
      customerEmail: shape.customerEmail,
      customerName: shape.customerName,
      cardBin: shape.cardBin,
      cardLast4: shape.cardLast4,
      description: shape.description,
      failureReason: outsideLimits
        ? OUTSIDE_LIMITS
        : status === 'FAILED'
          ? shape.declineReason
          : status === 'CANCELLED'
            ? 'Cancelled by the customer'
            : null,
      ...feeRuleSnapshot(pricing),
      createdAt,
      paidAt: status === 'SUCCESS' ? finishedAt : null,
      updatedAt: status === 'PENDING' ? createdAt : finishedAt,
    };
    chunk.payments.push(payment);
    chunk.events.push({
      merchantId,
      entityType: 'PAYMENT',
      entityId: id,
      type: 'CREATED',
      status: 'PENDING',
      createdAt,
    });
    if (status !== 'PENDING') {
      chunk.events.push({
        merchantId,
        entityType: 'PAYMENT',
        entityId: id,
        type: status === 'SUCCESS' ? 'CAPTURED' : status,
        status,
        note: payment.failureReason,
        createdAt: finishedAt,
      });
    }
    if (status !== 'SUCCESS') continue;
    chunk.ledger.push({
      kind: 'CAPTURE',
      referenceType: 'PAYMENT',
      referenceId: id,
      currency: shape.currency,
      at: finishedAt,
      postings: capturePostings(merchantId, shape.amount, fee),
    });
    const { key, window, terms } = assigner.windowOf(service, shape.currency, finishedAt);
    chunk.batchKeyOf.set(id, key);
    const share = addToShare(
      chunk.shares,
      { key, merchantId, currency: shape.currency, terms, window, openedAt: finishedAt },
      { paymentCount: 1, gross: shape.amount, fees: fee },
    );
    if (random() >= earlyRate) continue;
    // A refund before the batch settles (from its first moment of the due day on, it may have): deducted from the batch
    // while its net covers it.
    const amount = refundAmount(random, shape.amount);
    const settlesFrom = zonedInstant(window.dueDay, '00:00', terms.timeZone).getTime();
    const until = Math.min(settlesFrom, now) - 60_000;
    if (until <= finishedAt.getTime() || share.gross - share.fees - share.refunds < amount) continue;
    const at = new Date(finishedAt.getTime() + Math.floor(random() * (until - finishedAt.getTime())));
    addToShare(chunk.shares, share, { refundCount: 1, refunds: amount });
    const refund = buildRefund(random, chunk, payment, amount, at, Math.min(until, at.getTime() + 600_000));
    refund.batchKey = key;
    chunk.ledger.push({
      kind: 'REFUND',
      referenceType: 'REFUND',
      referenceId: refund.id,
      currency: shape.currency,
      at,
      postings: batchRefundPostings(merchantId, amount),
    });
  }
  return chunk;
}
