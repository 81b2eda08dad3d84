import { sql } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import type { PaymentStatus } from '@mbo/contracts/payments';
import type { AgreementDetail, AgreementRecord, ListAgreementsQuery } from '@mbo/contracts/subscriptions';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { cappedCount } from '../../lib/capped-count';
import { iso } from '../../lib/iso-timestamp';
import {
  AGREEMENT_COLUMNS,
  agreementNotFound,
  agreementWhere,
  toAgreementRecord,
  type AgreementRow,
} from './agreement-record';

const ORDER = {
  'createdAt:desc': sql`a.created_at DESC, a.id DESC`,
  'nextChargeAt:asc': sql`a.next_charge_at ASC NULLS LAST, a.id ASC`,
} as const;

/** The agreements list with how many match (exact up to the count limit, as the payments list). */
export async function listAgreements(
  db: Db,
  merchantId: string,
  q: ListAgreementsQuery,
): Promise<Page<AgreementRecord> & { totalExact: boolean }> {
  const where = agreementWhere(merchantId, q);
  const [count, rows] = await Promise.all([
    cappedCount(db, sql`SELECT 1 FROM agreements a WHERE ${where}`),
    db.execute(
      sql`SELECT ${AGREEMENT_COLUMNS} FROM agreements a WHERE ${where} ORDER BY ${ORDER[q.sort]} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return { total: count.total, totalExact: count.exact, records: rowsOf<AgreementRow>(rows).map(toAgreementRecord) };
}

/** One of the merchant's agreements; another merchant's id is "not found" (003001B033). */
export async function readAgreement(db: DbOrTx, merchantId: string, id: string): Promise<AgreementRecord> {
  const [row] = rowsOf<AgreementRow>(
    await db.execute(
      sql`SELECT ${AGREEMENT_COLUMNS} FROM agreements a WHERE a.id = ${id} AND a.merchant_id = ${merchantId}`,
    ),
  );
  if (!row) throw agreementNotFound();
  return toAgreementRecord(row);
}

/** An agreement with the charges made under it (newest first) and its timeline (oldest first). */
export async function readAgreementDetail(db: Db, merchantId: string, id: string): Promise<AgreementDetail> {
  const record = await readAgreement(db, merchantId, id);
  const [charges, timeline] = await Promise.all([
    db.execute(sql`
      SELECT id, agreement_cycle, agreement_attempt, amount, currency, status, failure_reason, created_at FROM payments
       WHERE agreement_id = ${id} AND merchant_id = ${merchantId} ORDER BY agreement_cycle DESC, agreement_attempt DESC`),
    db.execute(sql`
      SELECT type, status, note, actor, created_at FROM events
       WHERE entity_type = 'AGREEMENT' AND entity_id = ${id} AND merchant_id = ${merchantId} ORDER BY created_at, id`),
  ]);
  type ChargeRow = {
    id: string;
    agreement_cycle: number;
    agreement_attempt: number;
    amount: string | number;
    currency: string;
    status: string;
    failure_reason: string | null;
    created_at: string | Date;
  };
  type EventRow = {
    type: string;
    status: string;
    note: string | null;
    actor: string | null;
    created_at: string | Date;
  };
  return {
    ...record,
    charges: rowsOf<ChargeRow>(charges).map((c) => ({
      paymentId: c.id,
      cycle: Number(c.agreement_cycle),
      attempt: Number(c.agreement_attempt),
      amount: Number(c.amount),
      currency: c.currency,
      status: c.status as PaymentStatus,
      failureReason: c.failure_reason,
      createdAt: iso(c.created_at),
    })),
    events: rowsOf<EventRow>(timeline).map((e) => ({
      type: e.type,
      status: e.status,
      note: e.note,
      actor: e.actor,
      createdAt: iso(e.created_at),
    })),
  };
}
