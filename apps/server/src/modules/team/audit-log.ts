import { sql, type SQL } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import type { AuditLogFilters, AuditLogListQuery, AuditOutcome, AuditRecord } from '@mbo/contracts/team';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { typedRows, type RowOf } from '../../db/typed-rows';
import { cappedCount } from '../../db/capped-count';
import { inList, likePrefix } from '../../lib/list-where';
import { createdRangeConditions } from '../../lib/date-range';
import { iso } from '../../lib/iso-timestamp';

/** @reads audit_log (tables other modules own: db/table-owners.ts) */

/** An audit row as the list and the export read it (audit_log g). Record types read upper case. */
export const AUDIT_COLUMNS = sql`g.id, g.created_at, g.actor_user_id, g.actor_email, g.action, g.outcome, g.ip, upper(g.target_type) AS target_type, g.target_id, g.detail`;

/** AUDIT_COLUMNS' result, typed and decoded from the schema (typedRows). */
export const AUDIT_SHAPE = {
  id: auditLog.id,
  created_at: auditLog.at,
  actor_user_id: auditLog.actorUserId,
  actor_email: auditLog.actorEmail,
  action: auditLog.action,
  outcome: auditLog.outcome,
  ip: auditLog.ip,
  target_type: auditLog.targetType,
  target_id: auditLog.targetId,
  detail: auditLog.detail,
};

export type AuditRow = RowOf<typeof AUDIT_SHAPE>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** An audit row's detail object (a JSON text read raw is parsed). */
export function auditDetail(row: { detail: unknown }): Record<string, unknown> {
  if (!row.detail) return {};
  const detail: unknown = typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail;
  return isRecord(detail) ? detail : {};
}

export function toAuditRecord(row: AuditRow): AuditRecord {
  return {
    id: String(row.id),
    at: iso(row.created_at),
    actorUserId: row.actor_user_id,
    actorEmail: row.actor_email,
    action: row.action,
    outcome: row.outcome as AuditOutcome,
    ip: row.ip,
    targetType: row.target_type,
    targetId: row.target_id,
    detail: auditDetail(row),
  };
}

/** The rows of one merchant under the audit log's filters. */
export function auditWhere(merchantId: string, f: AuditLogFilters): SQL {
  const keyword = f.keyword?.trim();
  const where: (SQL | undefined)[] = [
    sql`g.merchant_id = ${merchantId}`,
    ...createdRangeConditions(sql`g.created_at`, f),
    f.action?.length ? inList(sql`g.action`, f.action) : undefined,
    f.outcome?.length ? inList(sql`g.outcome`, f.outcome) : undefined,
    f.actorUserId?.length
      ? sql`g.actor_user_id IN (${sql.join(
          f.actorUserId.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : undefined,
    keyword ? sql`(lower(g.actor_email) LIKE ${likePrefix(keyword)} OR g.target_id = ${keyword})` : undefined,
  ];
  return sql.join(
    where.filter((c): c is SQL => c !== undefined),
    sql` AND `,
  );
}

const ORDER = { 'at:desc': sql`g.created_at DESC, g.id DESC`, 'at:asc': sql`g.created_at ASC, g.id ASC` } as const;

/**
 * The active merchant's audit log, newest first (the count is exact up to the count limit, and may be read from
 * another database than the page: `countDb`, the read replica of a replica-routed call).
 */
export async function listAuditLog(
  db: Db,
  merchantId: string,
  q: AuditLogListQuery,
  countDb: Db = db,
): Promise<Page<AuditRecord> & { totalExact: boolean }> {
  const where = auditWhere(merchantId, q);
  const [count, rows] = await Promise.all([
    cappedCount(countDb, sql`SELECT 1 FROM audit_log g WHERE ${where}`),
    typedRows(
      db,
      AUDIT_SHAPE,
      sql`SELECT ${AUDIT_COLUMNS} FROM audit_log g WHERE ${where} ORDER BY ${ORDER[q.sort]} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return { total: count.total, totalExact: count.exact, records: rows.map(toAuditRecord) };
}
