import { sql } from 'drizzle-orm';
import type { RefundReason } from '@mbo/contracts/refunds';
import type { Db, DbOrTx } from '../db/client';
import { rowsOf } from '../db/client';
import type { events, payments, refunds } from '../db/payments-schema';
import { newId } from '../lib/ids';
import type { Posting } from '../modules/ledger/post-transaction';
import { capturePostings, refundPostings, settlePostings } from '../modules/ledger/postings';
import { methodKey, servicesByMethod, withinLimits, type ResolvedPayinService } from '../modules/payin-services/resolve-fee-rule';
import { computeFee } from '../modules/payments/fees';
import { feeRuleSnapshot } from '../modules/payments/record-payment';
import { generatePaymentShape, pick, seededRandom, weighted, type Random, type TrafficProfile } from './payment-profiles';

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
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

export interface GeneratePaymentsResult {
  payments: number;
  succeeded: number;
  refunds: number;
  ledgerTransactions: number;
  ms: number;
}

const DAY = 24 * 60 * 60 * 1000;
const SETTLE_AFTER_DAYS = 2;
const STATUS_WEIGHTS = { SUCCESS: 85, FAILED: 10, PENDING: 3, CANCELLED: 2 } as const;
type Status = keyof typeof STATUS_WEIGHTS;
const REASON_WEIGHTS: Record<RefundReason, number> = { REQUESTED_BY_CUSTOMER: 50, PRODUCT_NOT_RECEIVED: 14, PRODUCT_UNSATISFACTORY: 18, DUPLICATE: 8, FRAUDULENT: 4, OTHER: 6 };
const OTHER_NOTES = ['Goodwill gesture after a late delivery', 'Price adjustment agreed with the customer', 'Order cancelled by the shop'];

type PaymentRow = typeof payments.$inferInsert;
type RefundRow = typeof refunds.$inferInsert;
type EventRow = typeof events.$inferInsert;
interface LedgerTx { kind: string; referenceType: string; referenceId: string; currency: string; at: Date; postings: Posting[] }

const OUTSIDE_LIMITS = 'Amount outside the payment method\'s limits';

/**
 * Writes `count` realistic payments for a merchant, with their events and ledger postings: captures
 * of successful payments, settlements (pending → available) of those older than two days, and
 * refunds (one per payment, never more than the available balance). Each payment is priced by the
 * merchant's pay-in service for its method and currency (loaded once), whose rule it keeps as its
 * snapshot; an amount outside the service's limits fails. Works in batches, each one database
 * transaction with multi-row inserts, so memory stays flat for any count.
 */
export async function generatePayments(db: Db, options: GeneratePaymentsOptions): Promise<GeneratePaymentsResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 1000;
  const random = seededRandom(options.seed ?? Math.floor(Math.random() * 2 ** 31));
  const now = options.now ?? new Date();
  const result: GeneratePaymentsResult = { payments: 0, succeeded: 0, refunds: 0, ledgerTransactions: 0, ms: 0 };
  const services = await servicesByMethod(db, options.merchantId);
  for (let done = 0; done < options.count; done += batchSize) {
    const size = Math.min(batchSize, options.count - done);
    await db.transaction(async (tx) => {
      const batch = buildBatch(random, options, services, size, now.getTime());
      // Every account the batch posts to, locked first and in id order: the ledger's one lock order.
      const accounts = await lockBatchAccounts(tx, options.merchantId, [...new Set(batch.ledger.map((l) => l.currency))]);
      await applyRefunds(tx, random, options.merchantId, batch, now.getTime(), options.refundRate ?? 0.06, accounts);
      await writeBatch(tx, options.merchantId, batch, accounts);
      result.payments += batch.payments.length;
      result.succeeded += batch.payments.filter((p) => p.status === 'SUCCESS').length;
      result.refunds += batch.refunds.length;
      result.ledgerTransactions += batch.ledger.length;
    });
    options.onProgress?.(done + size, options.count);
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}

interface Batch {
  payments: PaymentRow[];
  events: EventRow[];
  refunds: RefundRow[];
  ledger: LedgerTx[];
  /** Successful, settled payments: candidates for a refund. */
  settled: { payment: PaymentRow; settledAt: number }[];
  /** Net amount settled per currency in this batch. */
  settledNet: Map<string, number>;
}

function buildBatch(random: Random, options: GeneratePaymentsOptions, services: Map<string, ResolvedPayinService>, size: number, now: number): Batch {
  const { merchantId } = options;
  const days = options.days ?? 90;
  const batch: Batch = { payments: [], events: [], refunds: [], ledger: [], settled: [], settledNet: new Map() };
  const settlements = new Map<string, { currency: string; at: number; net: number }>();
  for (let i = 0; i < size; i++) {
    const shape = generatePaymentShape(random, options.profile ?? 'GLOBAL');
    const createdAt = new Date(now - Math.floor(days * DAY * random() ** 1.5) - 60_000);
    const drawn: Status = weighted(random, STATUS_WEIGHTS);
    const service = services.get(methodKey(shape.payMethodName, shape.currency));
    if (!service) throw new Error(`${merchantId} has no pay-in service for ${shape.payMethodName} in ${shape.currency}: every generated payment is priced by one`);
    const outsideLimits = !withinLimits(service.limits, shape.amount);
    const status: Status = outsideLimits ? 'FAILED' : drawn;
    const fee = status === 'SUCCESS' ? computeFee({ amount: shape.amount, currency: shape.currency, rule: service.rule }) : 0;
    const pricing = status === 'SUCCESS' || status === 'PENDING' ? { serviceId: service.serviceId, rule: service.rule } : null;
    const id = newId('PAY', createdAt.getTime());
    const finishedAt = new Date(createdAt.getTime() + 2_000 + Math.floor(random() * 60_000));
    const payment: PaymentRow = {
      id, merchantId,
      merchantOrderNo: `SO-${createdAt.toISOString().slice(2, 10).replaceAll('-', '')}-${String(Math.floor(random() * 1e6)).padStart(6, '0')}`,
      amount: shape.amount, currency: shape.currency, fee, status,
      payMethodType: shape.payMethodType, payMethodName: shape.payMethodName, country: shape.country,
      customerEmail: shape.customerEmail, customerName: shape.customerName, cardBin: shape.cardBin, cardLast4: shape.cardLast4,
      description: shape.description,
      failureReason: outsideLimits ? OUTSIDE_LIMITS : status === 'FAILED' ? shape.declineReason : status === 'CANCELLED' ? 'Cancelled by the customer' : null,
      ...feeRuleSnapshot(pricing),
      createdAt, paidAt: status === 'SUCCESS' ? finishedAt : null, updatedAt: status === 'PENDING' ? createdAt : finishedAt,
    };
    batch.payments.push(payment);
    batch.events.push({ merchantId, entityType: 'PAYMENT', entityId: id, type: 'CREATED', status: 'PENDING', createdAt });
    if (status !== 'PENDING') {
      batch.events.push({ merchantId, entityType: 'PAYMENT', entityId: id, type: status === 'SUCCESS' ? 'CAPTURED' : status, status, note: payment.failureReason, createdAt: finishedAt });
    }
    if (status !== 'SUCCESS') continue;
    batch.ledger.push({ kind: 'CAPTURE', referenceType: 'PAYMENT', referenceId: id, currency: shape.currency, at: finishedAt, postings: capturePostings(merchantId, shape.amount, fee) });
    // Settled T+2 at 06:00 UTC, in one settlement per currency and day.
    const settleAt = Math.floor(createdAt.getTime() / DAY) * DAY + SETTLE_AFTER_DAYS * DAY + 6 * 3600_000;
    if (settleAt > now) continue;
    const key = `${shape.currency}|${settleAt}`;
    const s = settlements.get(key) ?? { currency: shape.currency, at: settleAt, net: 0 };
    s.net += shape.amount - fee;
    settlements.set(key, s);
    batch.settled.push({ payment, settledAt: settleAt });
  }
  for (const s of settlements.values()) {
    batch.ledger.push({ kind: 'SETTLEMENT', referenceType: 'SETTLEMENT', referenceId: newId('STL', s.at), currency: s.currency, at: new Date(s.at), postings: settlePostings(merchantId, s.net) });
    batch.settledNet.set(s.currency, (batch.settledNet.get(s.currency) ?? 0) + s.net);
  }
  return batch;
}

/** Refunds some settled payments, each within what the available balance holds at that point. */
async function applyRefunds(tx: DbOrTx, random: Random, merchantId: string, batch: Batch, now: number, rate: number, accounts: BatchAccounts) {
  const available = new Map<string, number>();
  for (const [currency, net] of batch.settledNet) available.set(currency, (accounts.get(`${merchantId}|${currency}|AVAILABLE`)?.balance ?? 0) + net);
  // Settled payments are ~96 % of successful ones; scale so ~rate of all successful get a refund.
  const succeeded = batch.payments.filter((p) => p.status === 'SUCCESS').length;
  const chance = batch.settled.length ? Math.min(1, (rate * succeeded) / batch.settled.length) : 0;
  for (const { payment, settledAt } of batch.settled) {
    if (random() >= chance) continue;
    const partial = random() < 0.35;
    const amount = partial ? Math.max(1, Math.round((payment.amount * (0.2 + random() * 0.6)) / 100) * 100 || Math.floor(payment.amount / 2)) : payment.amount;
    const left = available.get(payment.currency) ?? 0;
    if (amount <= 0 || amount > left || amount > payment.amount) continue;
    available.set(payment.currency, left - amount);
    const at = new Date(settledAt + Math.floor(random() * (now - settledAt)));
    const done = new Date(at.getTime() + 30_000 + Math.floor(random() * 600_000));
    const reason = weighted(random, REASON_WEIGHTS);
    const id = newId('REF', at.getTime());
    const refundStatus = amount === payment.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    batch.refunds.push({
      id, merchantId, paymentId: payment.id, amount, currency: payment.currency, reason, note: reason === 'OTHER' ? pick(random, OTHER_NOTES) : null,
      status: 'SUCCESS', createdAt: at, finishedAt: done,
    });
    Object.assign(payment, { refundedAmount: amount, refundStatus, updatedAt: done });
    batch.events.push(
      // The same timeline as a refund made in the app (create-refund.ts, sandbox-refund-processor.ts).
      { merchantId, entityType: 'REFUND', entityId: id, type: 'CREATED', status: 'PROCESSING', note: `Refund of payment ${payment.id}`, createdAt: at },
      { merchantId, entityType: 'PAYMENT', entityId: payment.id, type: 'REFUND_REQUESTED', status: 'PROCESSING', note: `Refund ${id}`, createdAt: at },
      { merchantId, entityType: 'REFUND', entityId: id, type: 'SUCCEEDED', status: 'SUCCESS', note: null, createdAt: done },
      { merchantId, entityType: 'PAYMENT', entityId: payment.id, type: 'REFUNDED', status: 'SUCCESS', note: `Refund ${id}`, createdAt: done },
    );
    batch.ledger.push({ kind: 'REFUND', referenceType: 'REFUND', referenceId: id, currency: payment.currency, at, postings: refundPostings(merchantId, amount) });
  }
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
async function bulkInsert(tx: DbOrTx, table: string, columns: string[], rows: unknown[][], returning?: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < rows.length; i += 2000) {
    const values = rows.slice(i, i + 2000).map((r) => `(${r.map(literal).join(',')})`).join(',\n');
    const result = await tx.execute(sql.raw(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}${returning ? ` RETURNING ${returning}` : ''}`));
    if (returning) out.push(...rowsOf<Record<string, unknown>>(result));
  }
  return out;
}

const PAYMENT_COLUMNS = [
  'id', 'merchant_id', 'merchant_order_no', 'amount', 'currency', 'fee', 'status', 'refund_status', 'refunded_amount', 'pay_method_type', 'pay_method_name',
  'country', 'customer_email', 'customer_name', 'card_bin', 'card_last4', 'description', 'failure_reason',
  'payin_service_id', 'fee_percent_bps', 'fee_fixed_minor', 'fee_minimum_minor', 'created_at', 'paid_at', 'updated_at',
];

async function writeBatch(tx: DbOrTx, merchantId: string, batch: Batch, accounts: BatchAccounts) {
  await bulkInsert(tx, 'payments', PAYMENT_COLUMNS, batch.payments.map((p) => [
    p.id, p.merchantId, p.merchantOrderNo, p.amount, p.currency, p.fee, p.status, p.refundStatus ?? 'NONE', p.refundedAmount ?? 0, p.payMethodType, p.payMethodName,
    p.country, p.customerEmail, p.customerName, p.cardBin, p.cardLast4, p.description, p.failureReason,
    p.payinServiceId, p.feePercentBps, p.feeFixedMinor, p.feeMinimumMinor, p.createdAt, p.paidAt, p.updatedAt,
  ]));
  await bulkInsert(tx, 'refunds', ['id', 'merchant_id', 'payment_id', 'amount', 'currency', 'reason', 'note', 'status', 'created_at', 'finished_at'], batch.refunds.map((r) => [
    r.id, r.merchantId, r.paymentId, r.amount, r.currency, r.reason, r.note, r.status, r.createdAt, r.finishedAt,
  ]));
  await bulkInsert(tx, 'events', ['merchant_id', 'entity_type', 'entity_id', 'type', 'status', 'note', 'created_at'], batch.events.map((e) => [
    e.merchantId, e.entityType, e.entityId, e.type, e.status, e.note, e.createdAt,
  ]));
  // Captures first, then settlements, then refunds: each entry's balance check sees the money that came before it.
  const order: Record<string, number> = { CAPTURE: 0, SETTLEMENT: 1, REFUND: 2 };
  const ledger = [...batch.ledger].sort((a, b) => order[a.kind] - order[b.kind]);
  const ids = await bulkInsert(tx, 'ledger_transactions', ['merchant_id', 'kind', 'currency', 'reference_type', 'reference_id', 'created_at'],
    ledger.map((l) => [merchantId, l.kind, l.currency, l.referenceType, l.referenceId, l.at]), 'id, reference_id');
  const idByRef = new Map(ids.map((r) => [String(r.reference_id), Number(r.id)]));
  const entries = ledger.flatMap((l) =>
    l.postings.filter((p) => p.amount !== 0).map((p) => [idByRef.get(l.referenceId), accounts.get(`${p.owner}|${l.currency}|${p.type}`)!.id, l.currency, p.amount, l.at]),
  );
  await bulkInsert(tx, 'ledger_entries', ['transaction_id', 'account_id', 'currency', 'amount', 'created_at'], entries);
}

type BatchAccounts = Map<string, { id: number; balance: number }>;

/**
 * The merchant's ledger accounts in these currencies (PENDING, AVAILABLE, FEES, CLEARING), created
 * when missing, then locked in ascending id order before the batch writes anything, as
 * postTransaction does; keyed owner|currency|type.
 */
async function lockBatchAccounts(tx: DbOrTx, merchantId: string, currencies: string[]): Promise<BatchAccounts> {
  const map: BatchAccounts = new Map();
  if (!currencies.length) return map;
  const wanted = [...currencies].sort().flatMap((c) => [
    sql`(${merchantId}, ${c}, 'AVAILABLE')`, sql`(${merchantId}, ${c}, 'CLEARING')`, sql`(${merchantId}, ${c}, 'FEES')`, sql`(${merchantId}, ${c}, 'PENDING')`,
  ]);
  await tx.execute(sql`INSERT INTO ledger_accounts (owner, currency, type) VALUES ${sql.join(wanted, sql`, `)} ON CONFLICT DO NOTHING`);
  const rows = rowsOf<{ id: number; owner: string; currency: string; type: string; balance: string | number }>(
    await tx.execute(sql`
      SELECT id, owner, currency, type, balance FROM ledger_accounts
       WHERE owner = ${merchantId} AND currency IN (${sql.join(currencies.map((c) => sql`${c}`), sql`, `)}) AND type IN ('AVAILABLE', 'CLEARING', 'FEES', 'PENDING')
       ORDER BY id FOR UPDATE`),
  );
  for (const r of rows) map.set(`${r.owner}|${r.currency}|${r.type}`, { id: Number(r.id), balance: Number(r.balance) });
  return map;
}
