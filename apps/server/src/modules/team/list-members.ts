import { sql } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import type { ListMembersQuery, MemberRecord } from '@mbo/contracts/team';
import type { Db } from '../../db/client';
import { computed, typedRows } from '../../db/typed-rows';
import { inList, likePrefix } from '../../lib/list-where';
import { MEMBER_COLUMNS, MEMBER_FROM, MEMBER_SHAPE, memberWhere, toMemberRecord } from './member-record';

/** @reads users (tables other modules own: db/table-owners.ts) */

const ORDER = {
  'name:asc': sql`lower(COALESCE(NULLIF(u.name, ''), u.email)) ASC, u.id`,
  'name:desc': sql`lower(COALESCE(NULLIF(u.name, ''), u.email)) DESC, u.id`,
  'lastLoginAt:desc': sql`u.last_login_at DESC NULLS LAST, u.id`,
  'lastLoginAt:asc': sql`u.last_login_at ASC NULLS LAST, u.id`,
  // Members added together (the demo's) in name order.
  'createdAt:desc': sql`u.created_at DESC, lower(COALESCE(NULLIF(u.name, ''), u.email)), u.id`,
  'createdAt:asc': sql`u.created_at ASC, lower(COALESCE(NULLIF(u.name, ''), u.email)), u.id`,
} as const;

/** Escapes LIKE's wildcards in a typed prefix. */
/** The active merchant's members (a team is small: an exact count). */
export async function listMembers(
  db: Db,
  merchantId: string,
  selfId: string,
  q: ListMembersQuery,
): Promise<Page<MemberRecord>> {
  const keyword = q.keyword?.trim();
  const where = memberWhere(merchantId, [
    q.status?.length ? inList(sql`u.status`, q.status) : undefined,
    q.roleCode?.length ? inList(sql`u.role_code`, q.roleCode) : undefined,
    keyword
      ? sql`(lower(u.email) LIKE ${likePrefix(keyword)} OR lower(u.name) LIKE ${likePrefix(keyword)})`
      : undefined,
  ]);
  const [count, rows] = await Promise.all([
    typedRows(db, { n: computed(Number) }, sql`SELECT count(*) AS n FROM users u WHERE ${where}`),
    typedRows(
      db,
      MEMBER_SHAPE,
      sql`SELECT ${MEMBER_COLUMNS} FROM ${MEMBER_FROM} WHERE ${where} ORDER BY ${ORDER[q.sort]} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return {
    total: count[0]?.n ?? 0,
    records: rows.map((r) => toMemberRecord(r, selfId)),
  };
}
