import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import type { LoginHistoryListQuery, LoginHistoryRecord } from '@mbo/contracts/usercenter';
import type { Db } from '../../db/client';
import { loginHistory } from '../../db/schema';

/** @reads login_history (tables other modules own: db/table-owners.ts) */

/** The user's own logins, newest first. */
export async function listLoginHistory(
  db: Db,
  userId: string,
  query: LoginHistoryListQuery,
): Promise<Page<LoginHistoryRecord>> {
  const where: SQL[] = [eq(loginHistory.userId, userId)];
  if (query.result) where.push(eq(loginHistory.result, query.result));
  const [[{ total }], rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(loginHistory)
      .where(and(...where)),
    db
      .select()
      .from(loginHistory)
      .where(and(...where))
      .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
  ]);
  return {
    total,
    records: rows.map((r) => ({
      id: String(r.id),
      loginTime: r.createdAt.toISOString(),
      ip: r.ip,
      device: r.userAgent,
      result: r.result as 'SUCCESS' | 'FAILURE',
      failReason: r.failReason,
    })),
  };
}
