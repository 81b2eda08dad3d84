/**
 * The audit log at scale (PostgreSQL only): 10,000,000 audit rows over 13 months (the retention: the
 * monthly partitions of migration 0028) and four merchants, the measured one (M1000002, a sub-merchant of
 * Demo Store the owner switches to) holding 40 % of them, the three others (bench-only ids) 20 % each.
 * Written in SQL by generate_series, 1,000,000 rows a statement, marked as the other bench audit rows
 * (`detail->>'bench' = '1'`); the count generated is kept in bench_audit_scale, since counting 10,000,000
 * rows takes longer than a measure. Then the audit log list's calls, as the 1,000,000-row row makes them.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS, type AuditAction } from '@mbo/contracts/team';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { rowsOf, type Db } from '../apps/server/src/db/client';
import { envelope } from './measure';
import { ACTION_WEIGHTS, actionsSql, measureAuditLogList, type ListFigures } from './measure-team';

/** The merchant measured, and the others sharing the table. */
export const SCALE_MERCHANT = 'M1000002';
const OTHER_MERCHANTS = ['MSCALE01', 'MSCALE02', 'MSCALE03'];
const CHUNK = 1_000_000;
/** Months back the rows reach (the default audit log retention). */
const MONTHS = 13;

export interface AuditScaleFigures extends ListFigures {
  rows: number;
  /** Seconds generating took in this run; null when a kept database had the rows. */
  generateS: number | null;
}

async function generatedRows(db: Db): Promise<number> {
  await db.execute(sql`CREATE TABLE IF NOT EXISTS bench_audit_scale (id int PRIMARY KEY, rows bigint NOT NULL)`);
  const [row] = rowsOf<{ rows: string }>(await db.execute(sql`SELECT rows FROM bench_audit_scale WHERE id = 1`));
  return row ? Number(row.rows) : 0;
}

/**
 * Up to `target` rows (a kept database keeps what it had: the table is append-only), then VACUUM ANALYZE.
 * The months back are made first (the table keeps the partitions of the months it has rows in), so
 * the rows land in their month rather than in the default partition.
 */
export async function ensureAuditScale(
  db: Db,
  target: number,
  log: (msg: string) => void,
): Promise<{ rows: number; generateS: number | null }> {
  const before = await generatedRows(db);
  if (before >= target) return { rows: before, generateS: null };
  const started = performance.now();
  await db.execute(sql`SELECT count(*) FROM maintain_monthly_partitions('audit_log', 'created_at',
    now() - make_interval(months => ${MONTHS + 1}), 3, '-infinity')`);
  const actions = AUDIT_ACTIONS.flatMap((a) => Array<AuditAction>(ACTION_WEIGHTS[a] ?? 1).fill(a));
  const merchants = [SCALE_MERCHANT, SCALE_MERCHANT, ...OTHER_MERCHANTS];
  const users = rowsOf<{ id: string; email: string }>(
    await db.execute(sql`SELECT id, email FROM users WHERE email LIKE '%@demo.test' ORDER BY email LIMIT 6`),
  );
  const actors = [...users, { id: null, email: 'unknown.person@example.com' }];
  const a = actionsSql(actions, actors, merchants);
  for (let from = before + 1; from <= target; from += CHUNK) {
    const to = Math.min(target, from + CHUNK - 1);
    await db.execute(sql`
      INSERT INTO audit_log (created_at, actor_user_id, actor_email, merchant_id, action, outcome, ip, target_type, target_id, detail)
      SELECT now() - make_interval(secs => 60 + g * (${MONTHS} * 30.4 * 86400.0 / ${target}::float8)),
             ${a.actorIds}[ai], ${a.actorEmails}[ai], ${a.merchants}[1 + g % ${merchants.length}],
             ${a.actions}[xi], CASE WHEN fail THEN 'FAILURE' ELSE 'SUCCESS' END,
             '198.' || (18 + (g / 65536) % 2) || '.' || ((g / 256) % 256) || '.' || (g % 256),
             ${a.types}[xi],
             CASE WHEN ${a.types}[xi] = 'USER' THEN md5('user' || g)::uuid::text
                  ELSE coalesce(${a.prefixes}[xi], 'X') || lpad(g::text, 12, '0') END,
             CASE WHEN fail THEN '{"bench":"1","reason":"NOT_ALLOWED"}'::jsonb ELSE '{"bench":"1"}'::jsonb END
        FROM (SELECT g,
                     1 + (hashint8(g::bigint)::bigint + 2147483648) % ${actions.length} AS xi,
                     1 + (hashint8(g::bigint + 4000000000)::bigint + 2147483648) % ${actors.length} AS ai,
                     (hashint8(-g::bigint)::bigint + 2147483648) % 100 < 5 AS fail
                FROM generate_series(${from}::int, ${to}::int) AS g) s`);
    await db.execute(sql`INSERT INTO bench_audit_scale (id, rows) VALUES (1, ${to})
      ON CONFLICT (id) DO UPDATE SET rows = excluded.rows`);
    log(`  ${to.toLocaleString('en-US')} / ${target.toLocaleString('en-US')} audit rows`);
  }
  await db.execute(sql`VACUUM ANALYZE audit_log`);
  return { rows: await generatedRows(db), generateS: (performance.now() - started) / 1000 };
}

/** The owner's session switched to SCALE_MERCHANT, then the audit log list's calls. */
export async function measureAuditScale(
  app: FastifyInstance,
  db: Db,
  cookie: string,
  runs: number,
  now: number,
): Promise<ListFigures> {
  envelope(
    await app.inject({
      method: 'POST',
      url: USERCENTER_PATHS.switchMerchant,
      headers: { cookie },
      payload: { merchantId: SCALE_MERCHANT },
    }),
    'switch merchant',
  );
  return measureAuditLogList(app, db, cookie, SCALE_MERCHANT, runs, now);
}
