import { and, desc, eq, sql } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import type { PaymentStatus } from '@mbo/contracts/payments';
import type { AgreementDetail, AgreementRecord, ListAgreementsQuery } from '@mbo/contracts/subscriptions';
import type { Db, DbOrTx } from '../../db/client';
import { payments } from '../../db/payments-schema';
import { typedRows } from '../../db/typed-rows';
import { cappedCount } from '../../db/capped-count';
import { iso } from '../../lib/iso-timestamp';
import { readTimeline } from '../timeline';
import {
  AGREEMENT_COLUMNS,
  AGREEMENT_SHAPE,
  agreementNotFound,
  agreementWhere,
  toAgreementRecord,
} from './agreement-record';

/** @reads payments (tables other modules own: db/table-owners.ts) */

const ORDER = {
  'createdAt:desc': sql`a.created_at DESC, a.id DESC`,
  'nextChargeAt:asc': sql`a.next_charge_at ASC NULLS LAST, a.id ASC`,
} as const;

/** The agreements list with how many match (exact up to the count limit, as the payments list). */
export async function listAgreements(
  db: Db,
  merchantId: string,
  q: ListAgreementsQuery,
  /** The total's database: the read replica of a replica-routed call (request.reader), else the page's. */
  countDb: Db = db,
): Promise<Page<AgreementRecord> & { totalExact: boolean }> {
  const where = agreementWhere(merchantId, q);
  const [count, rows] = await Promise.all([
    cappedCount(countDb, sql`SELECT 1 FROM agreements a WHERE ${where}`),
    typedRows(
      db,
      AGREEMENT_SHAPE,
      sql`SELECT ${AGREEMENT_COLUMNS} FROM agreements a WHERE ${where} ORDER BY ${ORDER[q.sort]} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return { total: count.total, totalExact: count.exact, records: rows.map(toAgreementRecord) };
}

/** One of the merchant's agreements; another merchant's id is "not found" (003001B033). */
export async function readAgreement(db: DbOrTx, merchantId: string, id: string): Promise<AgreementRecord> {
  const [row] = await typedRows(
    db,
    AGREEMENT_SHAPE,
    sql`SELECT ${AGREEMENT_COLUMNS} FROM agreements a WHERE a.id = ${id} AND a.merchant_id = ${merchantId}`,
  );
  if (!row) throw agreementNotFound();
  return toAgreementRecord(row);
}

/** An agreement with the charges made under it (newest first) and its timeline (oldest first). */
export async function readAgreementDetail(db: Db, merchantId: string, id: string): Promise<AgreementDetail> {
  const record = await readAgreement(db, merchantId, id);
  const [charges, timeline] = await Promise.all([
    db
      .select({
        id: payments.id,
        agreementCycle: payments.agreementCycle,
        agreementAttempt: payments.agreementAttempt,
        amount: payments.amount,
        currency: payments.currency,
        status: payments.status,
        failureReason: payments.failureReason,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(and(eq(payments.agreementId, id), eq(payments.merchantId, merchantId)))
      .orderBy(desc(payments.agreementCycle), desc(payments.agreementAttempt)),
    readTimeline(db, merchantId, { entityType: 'AGREEMENT', entityId: id }),
  ]);
  return {
    ...record,
    charges: charges.map((c) => ({
      paymentId: c.id,
      cycle: Number(c.agreementCycle),
      attempt: Number(c.agreementAttempt),
      amount: c.amount,
      currency: c.currency,
      status: c.status as PaymentStatus,
      failureReason: c.failureReason,
      createdAt: iso(c.createdAt),
    })),
    events: timeline.map((e) => ({
      type: e.type,
      // Every agreement event has a status (its writers set one).
      status: e.status ?? '',
      note: e.note,
      actor: e.actor,
      createdAt: e.createdAt,
    })),
  };
}
