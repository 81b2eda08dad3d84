/**
 * The disputes list and a dispute's detail, always scoped to the active merchant: another merchant's
 * dispute id reads as "not found" (003001B044), never as data.
 */
import { inList, moneyListWhere } from '../../lib/list-where';
import { rangeConditions, readDateRange } from '../../lib/date-range';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DisputeStatus, DisputeType } from '@mbo/contracts/acquiring';
import type { DisputeReasonCode } from '@mbo/contracts/dispute-reasons';
import type {
  DisputeDetail,
  DisputeEvent,
  DisputeFile,
  DisputeFilters,
  DisputeRecord,
  ListDisputesQuery,
} from '@mbo/contracts/disputes';
import type { EvidenceCategory } from '@mbo/contracts/dispute-reasons';
import type { Page } from '@mbo/contracts/envelope';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/payments-schema';
import { disputeFiles, disputes } from '../../db/schema';
import { settlementBatches } from '../../db/settlements-schema';
import { orNull, typedRows, type RowOf } from '../../db/typed-rows';
import { cappedCount } from '../../db/capped-count';
import { evidenceContentTypeOf } from './dispute-codes';
import { readTimeline } from '../timeline';
import { disputeNotFound } from './dispute-errors';

/** @reads payments, settlement_batches (tables other modules own: db/table-owners.ts) */

type When = string | Date;

/** The WHERE of the disputes list (and of a disputes export) over `disputes d`, always scoped to the merchant. */
export function disputeWhere(merchantId: string, f: DisputeFilters): SQL {
  return moneyListWhere('d', merchantId, f, [
    f.type?.length ? inList(sql`d.type`, f.type) : undefined,
    f.reason?.length ? inList(sql`d.reason`, f.reason) : undefined,
    ...rangeConditions(sql`d.due_at`, readDateRange(f.dueFrom, f.dueTo, { from: 'dueFrom', to: 'dueTo' })),
    f.keyword ? sql`(d.id = ${f.keyword} OR d.payment_id = ${f.keyword})` : undefined,
  ]);
}

export const DISPUTE_COLUMNS =
  sql.raw(`d.id, d.type, d.status, d.reason, d.payment_id, p.merchant_order_no, p.customer_email, d.amount, d.fee,
  d.currency, d.due_at, d.created_at, d.submitted_at, d.decided_at`);
/** The dispute and its payment (for the order no and the customer). */
export const DISPUTE_FROM = sql.raw('disputes d LEFT JOIN payments p ON p.id = d.payment_id');

/** The disputes export reads DISPUTE_COLUMNS in plain SQL through reports/keyset.ts, as DisputeRow. */
export interface DisputeRow {
  id: string;
  type: string;
  status: string;
  reason: string;
  payment_id: string | null;
  merchant_order_no: string | null;
  customer_email: string | null;
  amount: string | number;
  fee: string | number;
  currency: string;
  due_at: When | null;
  created_at: When;
  submitted_at: When | null;
  decided_at: When | null;
}

/** DISPUTE_COLUMNS as the list, the detail and the export read them, typed and decoded from the schema. */
export const DISPUTE_FIELDS = {
  id: disputes.id,
  type: disputes.type,
  status: disputes.status,
  reason: disputes.reason,
  payment_id: disputes.paymentId,
  merchant_order_no: orNull(payments.merchantOrderNo),
  customer_email: orNull(payments.customerEmail),
  amount: disputes.amount,
  fee: disputes.fee,
  currency: disputes.currency,
  due_at: disputes.dueAt,
  created_at: disputes.createdAt,
  submitted_at: disputes.submittedAt,
  decided_at: disputes.decidedAt,
};

export function toDisputeRecord(r: RowOf<typeof DISPUTE_FIELDS>): DisputeRecord {
  return {
    disputeId: r.id,
    type: r.type as DisputeType,
    status: r.status as DisputeStatus,
    reason: r.reason as DisputeReasonCode,
    paymentId: r.payment_id ?? '',
    merchantOrderNo: r.merchant_order_no,
    customerEmail: r.customer_email,
    amount: r.amount,
    fee: r.fee,
    currency: r.currency,
    // The due date matters while the merchant can act; after that the list shows none.
    dueAt: r.status === 'EVIDENCE_REQUIRED' && r.due_at !== null ? r.due_at.toISOString() : null,
    createdAt: r.created_at.toISOString(),
    submittedAt: r.submitted_at?.toISOString() ?? null,
    decidedAt: r.decided_at?.toISOString() ?? null,
  };
}

const ORDER: Record<ListDisputesQuery['sort'], SQL> = {
  'createdAt:desc': sql.raw('d.created_at DESC, d.id DESC'),
  'dueAt:asc': sql.raw('d.due_at ASC NULLS LAST, d.id ASC'),
};

/** A page of the merchant's disputes and how many match (exact up to the count limit). */
export async function listDisputes(
  db: DbOrTx,
  merchantId: string,
  q: ListDisputesQuery,
  /** The total's database: the read replica of a replica-routed call (request.reader), else the page's. */
  countDb: DbOrTx = db,
): Promise<Page<DisputeRecord> & { totalExact: boolean }> {
  const where = disputeWhere(merchantId, q);
  const [count, rows] = await Promise.all([
    cappedCount(countDb, sql`SELECT 1 FROM disputes d WHERE ${where}`),
    typedRows(
      db,
      DISPUTE_FIELDS,
      sql`SELECT ${DISPUTE_COLUMNS} FROM ${DISPUTE_FROM} WHERE ${where} ORDER BY ${ORDER[q.sort]} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return { total: count.total, totalExact: count.exact, records: rows.map(toDisputeRecord) };
}

/** The files of a dispute, oldest first. */
export async function listDisputeFiles(db: DbOrTx, disputeId: string): Promise<DisputeFile[]> {
  const f = disputeFiles;
  const rows = await db
    .select({
      id: f.id,
      category: f.category,
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.size,
      uploadedBy: f.uploadedBy,
      createdAt: f.createdAt,
    })
    .from(f)
    .where(eq(f.disputeId, disputeId))
    .orderBy(asc(f.createdAt), asc(f.id));
  return rows.map((r) => ({
    fileId: r.id,
    category: r.category as EvidenceCategory,
    fileName: r.fileName,
    contentType: evidenceContentTypeOf(r.contentType),
    size: r.size,
    uploadedAt: r.createdAt.toISOString(),
    uploadedBy: r.uploadedBy,
  }));
}

/** The dispute with its evidence, files, timeline, payment and where its money is held. */
export async function readDisputeDetail(db: DbOrTx, merchantId: string, disputeId: string): Promise<DisputeDetail> {
  const [row] = await typedRows(
    db,
    {
      ...DISPUTE_FIELDS,
      evidence: disputes.evidence,
      batch_id: disputes.batchId,
      settlement_id: settlementBatches.settlementId,
      p_amount: orNull(payments.amount),
      p_status: orNull(payments.status),
      p_currency: orNull(payments.currency),
      card_bin: payments.cardBin,
      card_last4: payments.cardLast4,
      pay_method_name: orNull(payments.payMethodName),
      p_created_at: orNull(payments.createdAt),
    },
    sql`
      SELECT ${DISPUTE_COLUMNS}, d.evidence, d.batch_id, b.settlement_id, p.amount AS p_amount, p.status AS p_status, p.currency AS p_currency,
             p.card_bin, p.card_last4, p.pay_method_name, p.created_at AS p_created_at
        FROM ${DISPUTE_FROM} LEFT JOIN settlement_batches b ON b.id = d.batch_id
       WHERE d.id = ${disputeId} AND d.merchant_id = ${merchantId}`,
  );
  if (!row) throw disputeNotFound();
  const [files, events] = await Promise.all([
    listDisputeFiles(db, disputeId),
    disputeEvents(db, merchantId, disputeId),
  ]);
  return {
    ...toDisputeRecord(row),
    evidence: row.evidence ?? {},
    files,
    events,
    payment: {
      paymentId: row.payment_id ?? '',
      amount: row.p_amount ?? 0,
      currency: row.p_currency ?? row.currency,
      status: row.p_status ?? '',
      customerEmail: row.customer_email ?? '',
      cardBin: row.card_bin,
      cardLast4: row.card_last4,
      payMethodName: row.pay_method_name ?? '',
      createdAt: (row.p_created_at ?? row.created_at).toISOString(),
    },
    fundingSource: row.batch_id ? 'BATCH' : 'AVAILABLE',
    settlementId: row.settlement_id,
    editable: row.status === 'EVIDENCE_REQUIRED',
  };
}

async function disputeEvents(db: DbOrTx, merchantId: string, disputeId: string): Promise<DisputeEvent[]> {
  const timeline = await readTimeline(db, merchantId, { entityType: 'DISPUTE', entityId: disputeId });
  return timeline.map((e) => ({
    type: e.type,
    status: e.status as DisputeStatus | null,
    note: e.note,
    actor: e.actor,
    at: e.createdAt,
  }));
}
