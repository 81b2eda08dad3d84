/**
 * The Team and security rows of `npm run bench` (issue 13):
 * - the audit log list at 1,000,000 audit rows of Demo Store (bench-only rows written by SQL in one
 *   statement: actions weighted towards sign-ins, about 5 % failures, a handful of actors, over two
 *   years; marked `detail->>'bench' = '1'` and an address in 198.18.0.0/15, the benchmarking range).
 *   The table is append-only (a trigger refuses UPDATE and DELETE), so the rows are never removed: a
 *   kept database keeps them and counts them apart by that mark;
 * - the members list (a team is small: the demo's members);
 * - a login with two-factor sign-in, both steps (the password, then a code of the authenticator app),
 *   each timed too. A code is accepted once per user and 30-second step, so every login is another
 *   bench user with two-factor on (bench-2fa-N@bench.test, the demo password) from its own address.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate, generateSecret } from 'otplib';
import {
  AUDIT_ACTIONS,
  TEAM_PATHS,
  type AuditAction,
  type AuditLogListRequest,
  type ListMembersRequest,
} from '@mbo/contracts/team';
import { USERCENTER_PATHS, type LoginResponse } from '@mbo/contracts/usercenter';
import { rowsOf, type Db } from '../apps/server/src/db/client';
import { placeOf } from '../apps/server/src/db/encrypted-columns';
import type { SecretBox } from '../apps/server/src/lib/secret-box';
import { envelope, percentiles, time, type Timing } from './measure';

const DAY = 86_400_000;
/** The bench rows' mark in `detail` (the table is append-only: they cannot be deleted, only counted apart). */
const BENCH_MARK = sql`detail->>'bench' = '1'`;

/** How often each action is written, relative to 1 for every action not named: sign-ins dominate a real log. */
export const ACTION_WEIGHTS: Partial<Record<AuditAction, number>> = {
  LOGIN: 40,
  LOGOUT: 12,
  SWITCH_MERCHANT: 6,
  REFUND: 5,
  LOGIN_TWO_FACTOR: 4,
  EXPORT_CREATED: 4,
  PAYMENT_LINK_CREATED: 2,
  DISPUTE_EVIDENCE_UPLOAD: 2,
};

/** The record type each action names (as the server writes it), or null for none. */
export function targetTypeOf(action: AuditAction): string | null {
  if (/^(MEMBER_|INVITATION_|TWO_FACTOR_(ENABLED|DISABLED)|ACCOUNT_LOCKED|PASSWORD_RESET$)/.test(action)) return 'USER';
  if (action === 'SWITCH_MERCHANT' || action === 'TWO_FACTOR_REQUIREMENT' || action === 'APPROVAL_RULES_UPDATE')
    return 'MERCHANT';
  if (action === 'REFUND') return 'REFUND';
  if (action.startsWith('PAYMENT_LINK_')) return 'PAYMENT_LINK';
  if (action === 'EXPORT_CREATED') return 'EXPORT';
  if (action.startsWith('DISPUTE_')) return 'DISPUTE';
  if (action.startsWith('BANK_ACCOUNT_')) return 'BANK_ACCOUNT';
  if (action.startsWith('WITHDRAWAL')) return 'WITHDRAWAL';
  if (action === 'PAYOUT_BATCH') return 'PAYOUT_BATCH';
  if (action === 'PAYOUT' || action.startsWith('APPROVAL_')) return 'PAYOUT';
  if (action === 'AGREEMENT_CANCEL') return 'AGREEMENT';
  return null;
}

/** The id prefix of a generated record of that type (USER targets get a uuid). */
const ID_PREFIX: Record<string, string> = {
  MERCHANT: 'M100000',
  REFUND: 'RF',
  PAYMENT_LINK: 'PL',
  EXPORT: 'EX',
  DISPUTE: 'DP',
  BANK_ACCOUNT: 'BA',
  WITHDRAWAL: 'WD',
  PAYOUT: 'PO',
  PAYOUT_BATCH: 'PB',
  AGREEMENT: 'AGR',
};

const quote = (v: string | null) => (v === null ? 'NULL' : `'${v.replace(/'/g, "''")}'`);
const arr = (values: readonly (string | null)[], type = 'text') =>
  sql.raw(`(ARRAY[${values.map(quote).join(', ')}]::${type}[])`);

/** What a generator's INSERT … SELECT draws from: actions, their record types and id prefixes, actors, merchants. */
export function actionsSql(
  actions: AuditAction[],
  actors: { id: string | null; email: string }[],
  merchants: string[],
): Record<'actions' | 'types' | 'prefixes' | 'actorIds' | 'actorEmails' | 'merchants', ReturnType<typeof arr>> {
  const types = actions.map(targetTypeOf);
  return {
    actions: arr(actions),
    types: arr(types),
    prefixes: arr(types.map((t) => (t && t !== 'USER' ? ID_PREFIX[t] : null))),
    actorIds: arr(
      actors.map((a) => a.id),
      'uuid',
    ),
    actorEmails: arr(actors.map((a) => a.email)),
    merchants: arr(merchants),
  };
}

async function benchAuditRows(db: Db, merchantId: string): Promise<number> {
  return rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE merchant_id = ${merchantId} AND ${BENCH_MARK}`),
  )[0].n;
}

/**
 * Audit rows of the merchant up to `target` bench rows, in one INSERT … SELECT generate_series; then
 * VACUUM ANALYZE (what autovacuum does to an append-only table by then). Returns how many there are.
 * Per row g (1 the newest): created over two years; an action drawn by ACTION_WEIGHTS; about 5 %
 * FAILURE; an actor among the merchant's demo users (the owner most often) or an unknown email; an
 * address in 198.18.0.0/15; the action's record type with an id of it.
 */
export async function ensureAuditLog(db: Db, merchantId: string, target: number): Promise<number> {
  const missing = target - (await benchAuditRows(db, merchantId));
  if (missing > 0) {
    const actions = AUDIT_ACTIONS.flatMap((a) => Array<AuditAction>(ACTION_WEIGHTS[a] ?? 1).fill(a));
    const types = actions.map(targetTypeOf);
    const prefixes = types.map((t) => (t && t !== 'USER' ? ID_PREFIX[t] : null));
    const users = rowsOf<{ id: string; email: string }>(
      await db.execute(sql`
      SELECT id, email FROM users WHERE merchant_id = ${merchantId} AND status <> 'INVITED' AND email LIKE '%@demo.test' AND email NOT LIKE 'bench-%' ORDER BY created_at, email`),
    );
    const owner = users.find((u) => u.email.startsWith('owner@'));
    // The owner does most; each other member some; an unknown email (failed sign-ins of no user) a little.
    const actors = [
      ...(owner ? [owner, owner, owner] : []),
      ...users,
      { id: null, email: 'unknown.person@example.com' },
    ];
    // The months the rows fall in (migration 0028's monthly partitions), so they land in theirs, not the default one.
    await db.execute(sql`SELECT count(*) FROM maintain_monthly_partitions('audit_log', 'created_at',
      now() - interval '25 months', 3, '-infinity')`);
    await db.execute(sql`
      INSERT INTO audit_log (created_at, actor_user_id, actor_email, merchant_id, action, outcome, ip, target_type, target_id, detail)
      SELECT now() - make_interval(secs => 60 + g * (2 * 365 * 86400.0 / ${target}::float8)),
             ${arr(
               actors.map((a) => a.id),
               'uuid',
             )}[ai], ${arr(actors.map((a) => a.email))}[ai], ${merchantId},
             ${arr(actions)}[xi], CASE WHEN fail THEN 'FAILURE' ELSE 'SUCCESS' END,
             '198.' || (18 + (g / 65536) % 2) || '.' || ((g / 256) % 256) || '.' || (g % 256),
             ${arr(types)}[xi],
             CASE WHEN ${arr(types)}[xi] = 'USER' THEN md5('user' || g)::uuid::text
                  WHEN ${arr(types)}[xi] = 'MERCHANT' THEN ${arr(prefixes)}[xi] || (1 + g % 3)
                  ELSE ${arr(prefixes)}[xi] || lpad(g::text, 12, '0') END,
             CASE WHEN fail AND ${arr(actions)}[xi] = 'LOGIN' THEN '{"bench":"1","reason":"WRONG_PASSWORD"}'::jsonb
                  WHEN fail THEN '{"bench":"1","reason":"NOT_ALLOWED"}'::jsonb
                  ELSE '{"bench":"1"}'::jsonb END
        FROM (SELECT g,
                     1 + (hashint8(g::bigint)::bigint + 2147483648) % ${actions.length} AS xi,
                     1 + (hashint8(g::bigint + 4000000000)::bigint + 2147483648) % ${actors.length} AS ai,
                     (hashint8(-g::bigint)::bigint + 2147483648) % 100 < 5 AS fail
                FROM generate_series(${target - missing + 1}::int, ${target}::int) AS g) s`);
  }
  await db.execute(sql`VACUUM ANALYZE audit_log`);
  return benchAuditRows(db, merchantId);
}

/**
 * The audit log calls a merchant makes: as it opens, one action (a rare one and sign-ins), the
 * failures, an actor's email prefix, an exact record id, the last 30 days, an action over 30 days,
 * a deep page.
 */
async function auditQueries(
  db: Db,
  merchantId: string,
  now: number,
): Promise<{ name: string; body: AuditLogListRequest }[]> {
  const [one] = rowsOf<{ target_id: string }>(
    await db.execute(sql`
    SELECT target_id FROM audit_log WHERE merchant_id = ${merchantId} AND target_type = 'REFUND' AND ${BENCH_MARK} ORDER BY id OFFSET 1234 LIMIT 1`),
  );
  if (!one) throw new Error('no audit row naming a refund to search for');
  const page = { pageNum: 1, pageSize: 20 };
  const last30 = { createdFrom: new Date(now - 30 * DAY).toISOString(), createdTo: new Date(now).toISOString() };
  return [
    { name: 'as it opens', body: { ...page } },
    { name: 'MEMBER_ROLE_CHANGED', body: { ...page, action: ['MEMBER_ROLE_CHANGED'] } },
    { name: 'LOGIN', body: { ...page, action: ['LOGIN'] } },
    { name: 'FAILURE', body: { ...page, outcome: ['FAILURE'] } },
    { name: 'email prefix', body: { ...page, keyword: 'finance' } },
    { name: 'record id', body: { ...page, keyword: one.target_id } },
    { name: 'last 30 days', body: { ...page, ...last30 } },
    { name: 'action + 30 days', body: { ...page, action: ['MEMBER_ROLE_CHANGED'], ...last30 } },
    { name: 'page 50', body: { pageNum: 50, pageSize: 20 } },
  ];
}

export interface ListFigures extends Timing {
  /** Each query's p50 and slowest call (ms), to see which one sets the p95. */
  perQuery: { name: string; p50: number; max: number }[];
}

/** The audit log's calls in turn (after 5 warm-up calls), as measureListApi does for payments. */
export async function measureAuditLogList(
  app: FastifyInstance,
  db: Db,
  cookie: string,
  merchantId: string,
  runs: number,
  now: number,
): Promise<ListFigures> {
  const queries = await auditQueries(db, merchantId, now);
  const call = async (i: number) => {
    envelope(
      await app.inject({
        method: 'POST',
        url: TEAM_PATHS.auditLog,
        headers: { cookie },
        payload: queries[i % queries.length].body,
      }),
      'audit log list',
    );
  };
  for (let i = 0; i < Math.min(5, runs); i++) await call(i);
  const samples: number[] = [];
  const byQuery = queries.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call(i);
    const took = performance.now() - start;
    samples.push(took);
    byQuery[i % queries.length].push(took);
  }
  const perQuery = queries.map((q, k) => ({
    name: q.name,
    p50: byQuery[k].length ? percentiles(byQuery[k]).p50 : NaN,
    max: Math.max(...byQuery[k]),
  }));
  return { ...percentiles(samples), perQuery };
}

/** The members list as a team opens it: the default order, by name, active ones, a name's start, last sign-in first. */
export async function measureMembersList(
  app: FastifyInstance,
  cookie: string,
  runs: number,
): Promise<Timing & { members: number }> {
  const queries: ListMembersRequest[] = [
    { pageNum: 1, pageSize: 20 },
    { pageNum: 1, pageSize: 20, sort: 'name:asc' },
    { pageNum: 1, pageSize: 20, status: ['ACTIVE'] },
    { pageNum: 1, pageSize: 20, keyword: 'fin' },
    { pageNum: 1, pageSize: 20, sort: 'lastLoginAt:desc' },
  ];
  let members = 0;
  const timing = await time(runs, async (i) => {
    const data = envelope(
      await app.inject({
        method: 'POST',
        url: TEAM_PATHS.members,
        headers: { cookie },
        payload: queries[i % queries.length],
      }),
      'members list',
    ) as { total: number };
    if (i % queries.length === 0) members = data.total;
  });
  return { ...timing, members };
}

const TWO_FACTOR_EMAIL = (n: number) => `bench-2fa-${n}@bench.test`;

/**
 * `count` users of the merchant with two-factor sign-in on (bench-2fa-1…N@bench.test, the password
 * hash of `passwordOf`, so its password), one new secret for them all, no step used yet and no
 * failures: a kept database's are reset the same way. Returns the emails and the secret.
 */
export async function ensureTwoFactorUsers(
  db: Db,
  secrets: SecretBox,
  merchantId: string,
  count: number,
  passwordOf: string,
): Promise<{ emails: string[]; secret: string }> {
  await db.execute(sql`
    INSERT INTO users (merchant_id, email, name, role_code, status, password_hash)
    SELECT ${merchantId}, 'bench-2fa-' || g || '@bench.test', 'Bench two-factor ' || g, 'VIEWER', 'ACTIVE', password_hash
      FROM users, generate_series(1, ${count}::int) AS g WHERE email = ${passwordOf}
    ON CONFLICT (email) DO NOTHING`);
  const secret = generateSecret();
  const emails = Array.from({ length: count }, (_, k) => TWO_FACTOR_EMAIL(k + 1));
  // Stored encrypted for each user's row, as the app stores it (db/encrypted-columns.ts).
  const ids = rowsOf<{ id: string }>(
    await db.execute(
      sql`SELECT id FROM users WHERE email IN (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    ),
  );
  const sealed = JSON.stringify(ids.map(({ id }) => ({ id, secret: secrets.seal(secret, placeOf('users', id)) })));
  const updated = rowsOf(
    await db.execute(sql`
    UPDATE users u SET totp_secret = v.secret, totp_enabled_at = now(), totp_last_step = NULL, totp_pending_secret = NULL,
                       failed_login_count = 0, locked_until = NULL, status = 'ACTIVE', force_reset = false
      FROM jsonb_to_recordset(${sealed}::jsonb) AS v(id uuid, secret text)
     WHERE u.id = v.id RETURNING u.id`),
  );
  if (updated.length !== count) throw new Error(`two-factor bench users: ${updated.length} of ${count}`);
  return { emails, secret };
}

export interface TwoFactorLoginFigures {
  both: Timing;
  password: Timing;
  code: Timing;
}

/**
 * Logins with two-factor sign-in, request limits on: each of another user (a code is accepted once
 * per user and step) from its own address; the first 5 users warm up. The code is the current step's,
 * made before the password step (outside the time), as the app shows it.
 */
export async function measureTwoFactorLogin(
  app: FastifyInstance,
  emails: string[],
  secret: string,
  password: string,
): Promise<TwoFactorLoginFigures> {
  const warmUp = Math.min(5, emails.length - 1);
  const both: number[] = [];
  const first: number[] = [];
  const second: number[] = [];
  for (let i = 0; i < emails.length; i++) {
    const remoteAddress = `127.10.${(i >> 8) & 255}.${i & 255}`;
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    const start = performance.now();
    const step1 = envelope(
      await app.inject({
        method: 'POST',
        url: USERCENTER_PATHS.login,
        payload: { email: emails[i], password },
        remoteAddress,
      }),
      'login (password step)',
    ) as LoginResponse;
    const middle = performance.now();
    if (!step1.twoFactorRequired || !step1.challenge)
      throw new Error(`${emails[i]}: the password step asked for no code`);
    const res = await app.inject({
      method: 'POST',
      url: USERCENTER_PATHS.loginTwoFactor,
      payload: { challenge: step1.challenge, code },
      remoteAddress,
    });
    const end = performance.now();
    envelope(res, 'login (code step)');
    if (!res.headers['set-cookie']) throw new Error(`${emails[i]}: the code step opened no session`);
    if (i < warmUp) continue;
    both.push(end - start);
    first.push(middle - start);
    second.push(end - middle);
  }
  return { both: percentiles(both), password: percentiles(first), code: percentiles(second) };
}
