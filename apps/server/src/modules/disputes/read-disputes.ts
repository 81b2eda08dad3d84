/**
 * The disputes list and a dispute's detail, always scoped to the active merchant: another merchant's
 * dispute id reads as "not found" (003001B044), never as data.
 */
import { inList, moneyListWhere } from '../../lib/list-where';
import { rangeConditions, readDateRange } from '../../lib/date-range';
import { sql, type SQL } from 'drizzle-orm';
import type { DisputeStatus, DisputeType } from '@mbo/contracts/acquiring';
import type { DisputeReasonCode } from '@mbo/contracts/dispute-reasons';
import type {
  DisputeDetail,
  DisputeEvent,
  DisputeFile,
  DisputeFilters,
  DisputeRecord,
  EvidenceContentType,
  EvidenceText,
  ListDisputesQuery,
} from '@mbo/contracts/disputes';
import type { EvidenceCategory } from '@mbo/contracts/dispute-reasons';
import type { Page } from '@mbo/contracts/envelope';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { cappedCount } from '../../db/capped-count';
import { disputeNotFound } from './dispute-errors';

type When = string | Date;
const iso = (v: When) => (v instanceof Date ? v : new Date(v)).toISOString();
const isoOrNull = (v: When | null) => (v === null ? null : iso(v));

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

export function toDisputeRecord(r: DisputeRow): DisputeRecord {
  return {
    disputeId: r.id,
    type: r.type as DisputeType,
    status: r.status as DisputeStatus,
    reason: r.reason as DisputeReasonCode,
    paymentId: r.payment_id ?? '',
    merchantOrderNo: r.merchant_order_no,
    customerEmail: r.customer_email,
    amount: Number(r.amount),
    fee: Number(r.fee),
    currency: r.currency,
    // The due date matters while the merchant can act; after that the list shows none.
    dueAt: r.status === 'EVIDENCE_REQUIRED' && r.due_at !== null ? iso(r.due_at) : null,
    createdAt: iso(r.created_at),
    submittedAt: isoOrNull(r.submitted_at),
    decidedAt: isoOrNull(r.decided_at),
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
): Promise<Page<DisputeRecord> & { totalExact: boolean }> {
  const where = disputeWhere(merchantId, q);
  const [count, rows] = await Promise.all([
    cappedCount(db, sql`SELECT 1 FROM disputes d WHERE ${where}`),
    db.execute(
      sql`SELECT ${DISPUTE_COLUMNS} FROM ${DISPUTE_FROM} WHERE ${where} ORDER BY ${ORDER[q.sort]} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return { total: count.total, totalExact: count.exact, records: rowsOf<DisputeRow>(rows).map(toDisputeRecord) };
}

/** The files of a dispute, oldest first. */
export async function listDisputeFiles(db: DbOrTx, disputeId: string): Promise<DisputeFile[]> {
  const rows = rowsOf<{
    id: string;
    category: string;
    file_name: string;
    content_type: string;
    size: string | number;
    uploaded_by: string | null;
    created_at: When;
  }>(
    await db.execute(sql`
      SELECT f.id, f.category, f.file_name, f.content_type, f.size, f.uploaded_by, f.created_at
        FROM dispute_files f
       WHERE f.dispute_id = ${disputeId} ORDER BY f.created_at, f.id`),
  );
  return rows.map((r) => ({
    fileId: r.id,
    category: r.category as EvidenceCategory,
    fileName: r.file_name,
    contentType: r.content_type as EvidenceContentType,
    size: Number(r.size),
    uploadedAt: iso(r.created_at),
    uploadedBy: r.uploaded_by,
  }));
}

/** The dispute with its evidence, files, timeline, payment and where its money is held. */
export async function readDisputeDetail(db: DbOrTx, merchantId: string, disputeId: string): Promise<DisputeDetail> {
  const [row] = rowsOf<
    DisputeRow & {
      evidence: EvidenceText;
      batch_id: string | null;
      settlement_id: string | null;
      p_amount: string | number | null;
      p_status: string | null;
      p_currency: string | null;
      card_bin: string | null;
      card_last4: string | null;
      pay_method_name: string | null;
      p_created_at: When | null;
    }
  >(
    await db.execute(sql`
      SELECT ${DISPUTE_COLUMNS}, d.evidence, d.batch_id, b.settlement_id, p.amount AS p_amount, p.status AS p_status, p.currency AS p_currency,
             p.card_bin, p.card_last4, p.pay_method_name, p.created_at AS p_created_at
        FROM ${DISPUTE_FROM} LEFT JOIN settlement_batches b ON b.id = d.batch_id
       WHERE d.id = ${disputeId} AND d.merchant_id = ${merchantId}`),
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
      amount: Number(row.p_amount ?? 0),
      currency: row.p_currency ?? row.currency,
      status: row.p_status ?? '',
      customerEmail: row.customer_email ?? '',
      cardBin: row.card_bin,
      cardLast4: row.card_last4,
      payMethodName: row.pay_method_name ?? '',
      createdAt: row.p_created_at ? iso(row.p_created_at) : iso(row.created_at),
    },
    fundingSource: row.batch_id ? 'BATCH' : 'AVAILABLE',
    settlementId: row.settlement_id,
    editable: row.status === 'EVIDENCE_REQUIRED',
  };
}

async function disputeEvents(db: DbOrTx, merchantId: string, disputeId: string): Promise<DisputeEvent[]> {
  const rows = rowsOf<{
    type: string;
    status: string | null;
    note: string | null;
    actor: string | null;
    created_at: When;
  }>(
    await db.execute(sql`
      SELECT type, status, note, actor, created_at FROM events
       WHERE entity_type = 'DISPUTE' AND entity_id = ${disputeId} AND merchant_id = ${merchantId} ORDER BY created_at, id`),
  );
  return rows.map((r) => ({
    type: r.type,
    status: r.status as DisputeStatus | null,
    note: r.note,
    actor: r.actor,
    at: iso(r.created_at),
  }));
}
