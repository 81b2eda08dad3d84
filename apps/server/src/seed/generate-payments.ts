import { recordText } from '@mbo/contracts/record-texts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RefundReason } from '@mbo/contracts/refunds';
import type { Db, DbOrTx } from '../db/client';
import { ledgerAccounts, ledgerTransactions, payments, type events, type refunds } from '../db/payments-schema';
import { settlementBatches } from '../db/settlements-schema';
import { typedRows, type RowField, type RowOf } from '../db/typed-rows';
import { newId } from '../lib/ids';
import { zonedInstant } from '../lib/working-days';
import { type Posting, batchRefundPostings, capturePostings, refundPostings } from '../modules/ledger';
import { methodKey, servicesByMethod, withinLimits, type ResolvedPayinService } from '../modules/payin-services';
import { computeFee, feeRuleSnapshot } from '../modules/payments';
import { recountOpenBatches } from '../modules/settlements';
import { addToShare, BatchAssigner, ensureBatches, type BatchShare } from './generated-batches';
import {
  generatePaymentShape,
  pick,
  seededRandom,
  weighted,
  type Random,
  type TrafficProfile,
} from './payment-profiles';
import { replaySettlements } from './replay-settlements';

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
const REASON_WEIGHTS: Record<RefundReason, number> = {
  REQUESTED_BY_CUSTOMER: 50,
  PRODUCT_NOT_RECEIVED: 14,
  PRODUCT_UNSATISFACTORY: 18,
  DUPLICATE: 8,
  FRAUDULENT: 4,
  OTHER: 6,
};
const OTHER_NOTES = [
  'Goodwill gesture after a late delivery',
  'Price adjustment agreed with the customer',
  'Order cancelled by the shop',
];
/**
 * Of the refunds, the share made before the payment's batch settled (deducted from it); the rest come later, from
 * available.
 */
const EARLY_REFUND_SHARE = 0.4;

type PaymentRow = typeof payments.$inferInsert;
type RefundRow = typeof refunds.$inferInsert;
type EventRow = typeof events.$inferInsert;
interface LedgerTx {
  kind: string;
  referenceType: string;
  referenceId: string;
  currency: string;
  at: Date;
  postings: Posting[];
}

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

interface Chunk {
  payments: PaymentRow[];
  events: EventRow[];
  refunds: (RefundRow & { batchKey?: string })[];
  ledger: LedgerTx[];
  /** Each payment's batch key (successful ones). */
  batchKeyOf: Map<string, string>;
  shares: Map<string, BatchShare>;
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
  const chunk: Chunk = { payments: [], events: [], refunds: [], ledger: [], batchKeyOf: new Map(), shares: new Map() };
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

/** A refund's amount: the whole payment, or (35 %) a part of it. */
function refundAmount(random: Random, paymentAmount: number): number {
  if (random() >= 0.35) return paymentAmount;
  const part = Math.round((paymentAmount * (0.2 + random() * 0.6)) / 100) * 100;
  return Math.min(paymentAmount, Math.max(1, part || Math.floor(paymentAmount / 2)));
}

/** A successful refund of `payment` at `at`, with the same timeline as one made in the app; updates the payment. */
function buildRefund(
  random: Random,
  chunk: Pick<Chunk, 'refunds' | 'events'>,
  payment: PaymentRow,
  amount: number,
  at: Date,
  doneBy: number,
): RefundRow & { batchKey?: string } {
  const { merchantId } = payment;
  const done = new Date(
    Math.max(at.getTime() + 1_000, Math.min(doneBy, at.getTime() + 30_000 + Math.floor(random() * 600_000))),
  );
  const reason = weighted(random, REASON_WEIGHTS);
  const id = newId('REF', at.getTime());
  const refund: RefundRow & { batchKey?: string } = {
    id,
    merchantId,
    paymentId: payment.id!,
    amount,
    currency: payment.currency,
    reason,
    note: reason === 'OTHER' ? pick(random, OTHER_NOTES) : null,
    status: 'SUCCESS',
    createdAt: at,
    finishedAt: done,
  };
  chunk.refunds.push(refund);
  Object.assign(payment, {
    refundedAmount: amount,
    refundStatus: amount === payment.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
    updatedAt: done,
  });
  chunk.events.push(
    // The same timeline as a refund made in the app (create-refund.ts, sandbox-refund-processor.ts).
    {
      merchantId,
      entityType: 'REFUND',
      entityId: id,
      type: 'CREATED',
      status: 'PROCESSING',
      note: recordText('refundOfPayment', { paymentId: payment.id }),
      createdAt: at,
    },
    {
      merchantId,
      entityType: 'PAYMENT',
      entityId: payment.id!,
      type: 'REFUND_REQUESTED',
      status: 'PROCESSING',
      note: recordText('refundRef', { id }),
      createdAt: at,
    },
    {
      merchantId,
      entityType: 'REFUND',
      entityId: id,
      type: 'SUCCEEDED',
      status: 'SUCCESS',
      note: null,
      createdAt: done,
    },
    {
      merchantId,
      entityType: 'PAYMENT',
      entityId: payment.id!,
      type: 'REFUNDED',
      status: 'SUCCESS',
      note: recordText('refundRef', { id }),
      createdAt: done,
    },
  );
  return refund;
}

/**
 * Refunds some settled payments after their settlement, from the available balance (never more than
 * it holds at that point), a few settled batches at a time.
 */
async function refundSettledPayments(
  db: Db,
  random: Random,
  merchantId: string,
  now: number,
  rate: number,
  succeeded: number,
  chunkSize: number,
): Promise<number> {
  if (rate <= 0 || succeeded === 0) return 0;
  let made = 0;
  // Batch by batch (payments_batch_idx), a few batches at a time: the settled payments of the merchant without a
  // refund.
  const batchIds = (
    await db
      .select({ id: settlementBatches.id })
      .from(settlementBatches)
      .where(and(eq(settlementBatches.merchantId, merchantId), eq(settlementBatches.status, 'SETTLED')))
      .orderBy(settlementBatches.id)
  ).map((r) => r.id);
  const BATCHES_PER_READ = 20;
  const candidatesOf = (ids: string[]) =>
    db
      .select({
        id: payments.id,
        amount: payments.amount,
        currency: payments.currency,
        settledAt: settlementBatches.settledAt,
      })
      .from(payments)
      .innerJoin(settlementBatches, eq(settlementBatches.id, payments.batchId))
      .where(
        and(
          inArray(payments.batchId, ids),
          eq(payments.merchantId, merchantId),
          eq(payments.status, 'SUCCESS'),
          eq(payments.refundStatus, 'NONE'),
        ),
      )
      .orderBy(payments.id);
  const picks: Awaited<ReturnType<typeof candidatesOf>> = [];
  for (let i = 0; i < batchIds.length; i += BATCHES_PER_READ) {
    picks.push(...(await candidatesOf(batchIds.slice(i, i + BATCHES_PER_READ))).filter(() => random() < rate));
    if (picks.length < chunkSize && i + BATCHES_PER_READ < batchIds.length) continue;
    const picked = picks.splice(0, picks.length);
    if (!picked.length) continue;
    made += await db.transaction(async (tx) => {
      const accounts = await lockChunkAccounts(tx, merchantId, [...new Set(picked.map((p) => p.currency))]);
      const chunk: Chunk = {
        payments: [],
        events: [],
        refunds: [],
        ledger: [],
        batchKeyOf: new Map(),
        shares: new Map(),
      };
      const available = new Map(
        [...accounts].filter(([k]) => k.endsWith('|AVAILABLE')).map(([k, v]) => [k.split('|')[1], v.balance]),
      );
      for (const c of picked) {
        const payment: PaymentRow = {
          id: c.id,
          merchantId,
          amount: Number(c.amount),
          currency: c.currency,
        } as PaymentRow;
        const amount = refundAmount(random, payment.amount);
        const left = available.get(c.currency) ?? 0;
        if (amount > left) continue;
        available.set(c.currency, left - amount);
        // (A settled batch has its settled_at; a missing one reads as the epoch, as new Date(null) did.)
        const settledAt = c.settledAt?.getTime() ?? 0;
        const at = new Date(settledAt + Math.floor(random() * Math.max(1, now - 120_000 - settledAt)));
        const refund = buildRefund(random, chunk, payment, amount, at, now - 1_000);
        chunk.payments.push(payment);
        chunk.ledger.push({
          kind: 'REFUND',
          referenceType: 'REFUND',
          referenceId: refund.id,
          currency: c.currency,
          at,
          postings: refundPostings(merchantId, amount),
        });
      }
      await writeRefunds(tx, chunk.refunds, new Map());
      await bulkInsert(tx, 'events', EVENT_COLUMNS, chunk.events.map(eventValues));
      if (chunk.payments.length) {
        const values = chunk.payments.map(
          (p) =>
            sql`(${p.id}, ${p.refundedAmount}::bigint, ${p.refundStatus}, ${(p.updatedAt as Date).toISOString()}::timestamptz)`,
        );
        await tx.execute(sql`
          UPDATE payments p SET refunded_amount = v.refunded, refund_status = v.status, updated_at = v.at
            FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, refunded, status, at) WHERE p.id = v.id`);
      }
      await writeLedger(tx, merchantId, chunk.ledger, accounts);
      return chunk.refunds.length;
    });
  }
  return made;
}

/** A SQL literal of generated data (strings quoted, standard_conforming_strings). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return String(v);
  if (v instanceof Date) return `'${v.toISOString()}'`;
  return `'${String(v).replaceAll("'", "''")}'`;
}

/**
 * Multi-row INSERT of generated rows, written as literals: building the statement by hand costs a
 * fraction of the query builder's time, which matters at a million payments.
 */
async function bulkInsert<S extends Record<string, RowField>>(
  tx: DbOrTx,
  table: string,
  columns: string[],
  rows: unknown[][],
  /** The columns to return, keyed by their names in the table, each its column of the schema. */
  returning?: S,
): Promise<RowOf<S>[]> {
  const out: RowOf<S>[] = [];
  for (let i = 0; i < rows.length; i += 2000) {
    const values = rows
      .slice(i, i + 2000)
      .map((r) => `(${r.map(literal).join(',')})`)
      .join(',\n');
    const insert = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`;
    if (returning)
      out.push(
        ...(await typedRows(tx, returning, sql.raw(`${insert} RETURNING ${Object.keys(returning).join(', ')}`))),
      );
    else await tx.execute(sql.raw(insert));
  }
  return out;
}

const PAYMENT_COLUMNS = [
  'id',
  'merchant_id',
  'merchant_order_no',
  'amount',
  'currency',
  'fee',
  'status',
  'refund_status',
  'refunded_amount',
  'pay_method_type',
  'pay_method_name',
  'country',
  'customer_email',
  'customer_name',
  'card_bin',
  'card_last4',
  'description',
  'failure_reason',
  'payin_service_id',
  'fee_percent_bps',
  'fee_fixed_minor',
  'fee_minimum_minor',
  'batch_id',
  'created_at',
  'paid_at',
  'updated_at',
];

const EVENT_COLUMNS = ['merchant_id', 'entity_type', 'entity_id', 'type', 'status', 'note', 'created_at'];
const eventValues = (e: EventRow) => [e.merchantId, e.entityType, e.entityId, e.type, e.status, e.note, e.createdAt];

async function writeRefunds(tx: DbOrTx, rows: (RefundRow & { batchKey?: string })[], batchIds: Map<string, string>) {
  await bulkInsert(
    tx,
    'refunds',
    [
      'id',
      'merchant_id',
      'payment_id',
      'amount',
      'currency',
      'reason',
      'note',
      'status',
      'batch_id',
      'created_at',
      'finished_at',
    ],
    rows.map((r) => [
      r.id,
      r.merchantId,
      r.paymentId,
      r.amount,
      r.currency,
      r.reason,
      r.note,
      r.status,
      r.batchKey ? batchIds.get(r.batchKey) : null,
      r.createdAt,
      r.finishedAt,
    ]),
  );
}

async function writeChunk(
  tx: DbOrTx,
  merchantId: string,
  chunk: Chunk,
  batchIds: Map<string, string>,
  accounts: ChunkAccounts,
) {
  await bulkInsert(
    tx,
    'payments',
    PAYMENT_COLUMNS,
    chunk.payments.map((p) => [
      p.id,
      p.merchantId,
      p.merchantOrderNo,
      p.amount,
      p.currency,
      p.fee,
      p.status,
      p.refundStatus ?? 'NONE',
      p.refundedAmount ?? 0,
      p.payMethodType,
      p.payMethodName,
      p.country,
      p.customerEmail,
      p.customerName,
      p.cardBin,
      p.cardLast4,
      p.description,
      p.failureReason,
      p.payinServiceId,
      p.feePercentBps,
      p.feeFixedMinor,
      p.feeMinimumMinor,
      chunk.batchKeyOf.has(p.id!) ? batchIds.get(chunk.batchKeyOf.get(p.id!)!) : null,
      p.createdAt,
      p.paidAt,
      p.updatedAt,
    ]),
  );
  await writeRefunds(tx, chunk.refunds, batchIds);
  await bulkInsert(tx, 'events', EVENT_COLUMNS, chunk.events.map(eventValues));
  await writeLedger(tx, merchantId, chunk.ledger, accounts);
}

/**
 * Ledger transactions and their entries; captures first, so each entry's balance check sees the money that came before
 * it.
 */
async function writeLedger(tx: DbOrTx, merchantId: string, ledgerTxs: LedgerTx[], accounts: ChunkAccounts) {
  if (!ledgerTxs.length) return;
  const order: Record<string, number> = { CAPTURE: 0, REFUND: 1 };
  const ledger = [...ledgerTxs].sort((a, b) => order[a.kind] - order[b.kind]);
  const ids = await bulkInsert(
    tx,
    'ledger_transactions',
    ['merchant_id', 'kind', 'currency', 'reference_type', 'reference_id', 'created_at'],
    ledger.map((l) => [merchantId, l.kind, l.currency, l.referenceType, l.referenceId, l.at]),
    { id: ledgerTransactions.id, reference_id: ledgerTransactions.referenceId },
  );
  const idByRef = new Map(ids.map((r) => [r.reference_id, r.id]));
  const entries = ledger.flatMap((l) =>
    l.postings
      .filter((p) => p.amount !== 0)
      .map((p) => [
        idByRef.get(l.referenceId),
        accounts.get(`${p.owner}|${l.currency}|${p.type}`)!.id,
        l.currency,
        p.amount,
        l.at,
      ]),
  );
  await bulkInsert(tx, 'ledger_entries', ['transaction_id', 'account_id', 'currency', 'amount', 'created_at'], entries);
}

type ChunkAccounts = Map<string, { id: number; balance: number }>;

/**
 * The merchant's ledger accounts in these currencies (PENDING, AVAILABLE, FEES, CLEARING), created
 * when missing, then locked in ascending id order before the batch writes anything, as
 * postTransaction does; keyed owner|currency|type.
 */
async function lockChunkAccounts(tx: DbOrTx, merchantId: string, currencies: string[]): Promise<ChunkAccounts> {
  const map: ChunkAccounts = new Map();
  if (!currencies.length) return map;
  const wanted = [...currencies]
    .sort()
    .flatMap((c) => [
      sql`(${merchantId}, ${c}, 'AVAILABLE')`,
      sql`(${merchantId}, ${c}, 'CLEARING')`,
      sql`(${merchantId}, ${c}, 'FEES')`,
      sql`(${merchantId}, ${c}, 'PENDING')`,
    ]);
  await tx.execute(
    sql`INSERT INTO ledger_accounts (owner, currency, type) VALUES ${sql.join(wanted, sql`, `)} ON CONFLICT DO NOTHING`,
  );
  const a = ledgerAccounts;
  const rows = await typedRows(
    tx,
    { id: a.id, owner: a.owner, currency: a.currency, type: a.type, balance: a.balance },
    sql`
      SELECT id, owner, currency, type, balance FROM ledger_accounts
       WHERE owner = ${merchantId} AND currency IN (${sql.join(
         currencies.map((c) => sql`${c}`),
         sql`, `,
       )}) AND type IN ('AVAILABLE', 'CLEARING', 'FEES', 'PENDING')
       ORDER BY id FOR UPDATE`,
  );
  for (const r of rows) map.set(`${r.owner}|${r.currency}|${r.type}`, { id: r.id, balance: r.balance });
  return map;
}
