import { sql } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { ListWithdrawalsQuery, WithdrawalDetail, WithdrawalRecord } from '@mbo/contracts/withdrawals';
import type { Db, DbOrTx } from '../../db/client';
import { typedRows } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { cappedCount } from '../../db/capped-count';
import { readTimeline, statusOf } from '../timeline';
import {
  WITHDRAWAL_COLUMNS,
  WITHDRAWAL_FIELDS,
  WITHDRAWAL_FROM,
  toWithdrawalRecord,
  withdrawalWhere,
} from './withdrawal-record';

/** The withdrawal history, newest first, with how many match (exact up to the count limit, as the payments list). */
export async function listWithdrawals(
  db: Db,
  merchantId: string,
  q: ListWithdrawalsQuery,
  /** The total's database: the read replica of a replica-routed call (request.reader), else the page's. */
  countDb: Db = db,
): Promise<Page<WithdrawalRecord> & { totalExact: boolean }> {
  const where = withdrawalWhere(merchantId, q);
  const [count, rows] = await Promise.all([
    cappedCount(countDb, sql`SELECT 1 FROM withdrawals w WHERE ${where}`),
    typedRows(
      db,
      WITHDRAWAL_FIELDS,
      sql`
      SELECT ${WITHDRAWAL_COLUMNS} FROM ${WITHDRAWAL_FROM}
       WHERE ${where} ORDER BY w.created_at DESC, w.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return { total: count.total, totalExact: count.exact, records: rows.map(toWithdrawalRecord) };
}

/** One of the merchant's withdrawals; another merchant's id is "not found". */
export async function readWithdrawal(db: DbOrTx, merchantId: string, id: string): Promise<WithdrawalRecord> {
  const [row] = await typedRows(
    db,
    WITHDRAWAL_FIELDS,
    sql`SELECT ${WITHDRAWAL_COLUMNS} FROM ${WITHDRAWAL_FROM} WHERE w.id = ${id} AND w.merchant_id = ${merchantId}`,
  );
  if (!row) throw new AppError(ERROR_CODES.WITHDRAWAL_NOT_FOUND, { msg: 'Withdrawal not found.' });
  return toWithdrawalRecord(row);
}

/** A withdrawal with its timeline (its events, oldest first). */
export async function readWithdrawalDetail(db: Db, merchantId: string, id: string): Promise<WithdrawalDetail> {
  const record = await readWithdrawal(db, merchantId, id);
  const timeline = await readTimeline(db, merchantId, { entityType: 'WITHDRAWAL', entityId: id });
  return {
    ...record,
    events: timeline.map((e) => ({
      type: e.type,
      status: statusOf(e),
      note: e.note,
      actor: e.actor,
      createdAt: e.createdAt,
    })),
  };
}
