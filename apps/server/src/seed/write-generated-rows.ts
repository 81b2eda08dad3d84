import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { ledgerAccounts, ledgerTransactions, type events, type payments, type refunds } from '../db/payments-schema';
import { typedRows, type RowField, type RowOf } from '../db/typed-rows';
import type { Posting } from '../modules/ledger';
import type { BatchShare } from './generated-batches';

/*
 * How the payment generator (generate-payments.ts) writes what it made: multi-row inserts of payments, refunds,
 * events and ledger transactions, on the merchant's ledger accounts locked in the capture path's order.
 */

export type PaymentRow = typeof payments.$inferInsert;
export type RefundRow = typeof refunds.$inferInsert;
export type EventRow = typeof events.$inferInsert;
export interface LedgerTx {
  kind: string;
  referenceType: string;
  referenceId: string;
  currency: string;
  at: Date;
  postings: Posting[];
}

/** One database transaction's worth of generated rows. */
export interface Chunk {
  payments: PaymentRow[];
  events: EventRow[];
  refunds: (RefundRow & { batchKey?: string })[];
  ledger: LedgerTx[];
  /** Each payment's batch key (successful ones). */
  batchKeyOf: Map<string, string>;
  shares: Map<string, BatchShare>;
}

/** An empty chunk, for the rows one transaction writes. */
export function emptyChunk(): Chunk {
  return { payments: [], events: [], refunds: [], ledger: [], batchKeyOf: new Map(), shares: new Map() };
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
export async function bulkInsert<S extends Record<string, RowField>>(
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

export const EVENT_COLUMNS = ['merchant_id', 'entity_type', 'entity_id', 'type', 'status', 'note', 'created_at'];
export const eventValues = (e: EventRow) => [
  e.merchantId,
  e.entityType,
  e.entityId,
  e.type,
  e.status,
  e.note,
  e.createdAt,
];

export async function writeRefunds(
  tx: DbOrTx,
  rows: (RefundRow & { batchKey?: string })[],
  batchIds: Map<string, string>,
) {
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

export async function writeChunk(
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
export async function writeLedger(tx: DbOrTx, merchantId: string, ledgerTxs: LedgerTx[], accounts: ChunkAccounts) {
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

export type ChunkAccounts = Map<string, { id: number; balance: number }>;

/**
 * The merchant's ledger accounts in these currencies (PENDING, AVAILABLE, FEES, CLEARING), created
 * when missing, then locked in ascending id order before the batch writes anything, as
 * postTransaction does; keyed owner|currency|type.
 */
export async function lockChunkAccounts(tx: DbOrTx, merchantId: string, currencies: string[]): Promise<ChunkAccounts> {
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
