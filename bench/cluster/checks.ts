/**
 * What bench:cluster asserts once the load is over, against the database and the receiver: no committed write lost
 * and none doubled (refunds, link payments), one effect per idempotency key, every export finished and downloaded,
 * every webhook event delivered once per event id, the login limit held across instances, and the ledger balanced by
 * the ledger's own checks.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import type { Db } from '../../apps/server/src/db/client';
import { schema } from '../../apps/server/src/db/full-schema';
import { RATE_LIMITS } from '../../apps/server/src/plugins/rate-limit';
import { brokenAccounts, unbalancedTransactions } from '../../apps/server/src/modules/payments/test-payments';
import type { ClusterDatabase } from './database';
import { addressPool, Client } from './http-client';
import { waitFor } from './processes';
import type { Records } from './workload';
import type { WebhookReceiver } from './webhook-receiver';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const check = (name: string, ok: boolean, detail: string): Check => ({ name, ok, detail });

export async function checkRefunds(db: ClusterDatabase, records: Records): Promise<Check[]> {
  const refunds = records.refunds;
  const acked = refunds.filter((r) => r.acked);
  const rows = await db.query<{ id: string; payment_id: string }>(
    'SELECT id, payment_id FROM refunds WHERE payment_id = ANY($1::text[])',
    [refunds.map((r) => r.paymentId)],
  );
  const byPayment = new Map<string, string[]>();
  for (const row of rows) byPayment.set(row.payment_id, [...(byPayment.get(row.payment_id) ?? []), row.id]);
  const keys = await db.query<{ key: string; refund_id: string | null }>(
    `SELECT key, response->>'refundId' AS refund_id FROM idempotency_keys WHERE scope = 'REFUND' AND key = ANY($1::text[])`,
    [refunds.map((r) => r.key)],
  );
  const keyRows = new Map<string, (string | null)[]>();
  for (const k of keys) keyRows.set(k.key, [...(keyRows.get(k.key) ?? []), k.refund_id]);

  const multipleIds = acked.filter((r) => r.refundIds.size !== 1);
  const lost = acked.filter((r) => !(byPayment.get(r.paymentId) ?? []).includes([...r.refundIds][0]));
  const doubled = refunds.filter((r) => (byPayment.get(r.paymentId) ?? []).length > 1);
  const keyMismatch = acked.filter(
    (r) => (keyRows.get(r.key) ?? []).length !== 1 || keyRows.get(r.key)![0] !== [...r.refundIds][0],
  );
  const unanswered = refunds.filter((r) => !r.acked);
  // A refund refused or never answered must have left nothing, or (never answered) at most the one its key made.
  const phantom = unanswered.filter((r) => (byPayment.get(r.paymentId) ?? []).length > (r.calls > 0 ? 1 : 0));
  const retried = acked.filter((r) => r.retriedAfterAck >= 1 && r.calls >= 2).length;
  return [
    check(
      'refunds: every 2xx refund exists exactly once in the database',
      acked.length > 0 && lost.length === 0 && doubled.length === 0 && phantom.length === 0,
      `${acked.length} answered 2xx (${refunds.reduce((n, r) => n + r.calls, 0)} calls); ${lost.length} lost, ${doubled.length} doubled, ${phantom.length} unexpected; ${unanswered.length} refused or unanswered (${[...new Set(unanswered.map((r) => r.lastAnswer))].join(', ') || 'none'})`,
    ),
    check(
      'refunds: every idempotent retry had a single effect',
      retried === acked.length && multipleIds.length === 0 && keyMismatch.length === 0,
      `${retried} of ${acked.length} sent again with their key after the answer; ${multipleIds.length} keys answered with more than one refund, ${keyMismatch.length} keys without exactly one stored answer`,
    ),
  ];
}

export async function checkLinkPayments(db: ClusterDatabase, records: Records, links: string[]): Promise<Check> {
  const calls = records.linkPayments;
  const answered = calls.filter((c) => c.paymentId);
  const unanswered = calls.filter((c) => c.status === 0 || c.status >= 500).length;
  const rows = await db.query<{ id: string }>('SELECT id FROM payments WHERE payment_link_id = ANY($1::text[])', [
    links,
  ]);
  const ids = new Set(rows.map((r) => r.id));
  const lost = answered.filter((c) => !ids.has(c.paymentId!));
  const extra = rows.length - answered.length;
  return check(
    'link payments: every redirected payment exists; none doubled',
    answered.length > 0 && lost.length === 0 && extra >= 0 && extra <= unanswered,
    `${answered.length} payments answered (303) of ${calls.length} attempts; ${lost.length} lost; ${rows.length} in the database (${extra} beyond the answered ones, at most the ${unanswered} attempts that got no answer)`,
  );
}

/**
 * Every export finished and downloaded. One still RUNNING after a kill -9 is named with its start: a crashed
 * instance's job stays active in pg-boss until its expiry (reports.build-export, 30 minutes), and only then does
 * another instance run it again.
 */
export async function checkExports(db: ClusterDatabase, records: Records, killTimes: number[]): Promise<Check> {
  const all = records.exports;
  const finished = all.filter((e) => e.status === 'SUCCESS' && e.bytes > 0 && e.bytes === e.fileSize);
  const builders = new Set(all.map((e) => e.downloadedBy).filter(Boolean));
  const stuck = all.filter((e) => !finished.includes(e));
  const refused = [...records.refusedExports].map(([why, n]) => `${n} requests refused (${why})`).join(', ');
  const started = stuck.length
    ? await db.query<{ id: string; started: string | null }>(
        `SELECT id, extract(epoch FROM started_at) * 1000 AS started FROM export_jobs WHERE id = ANY($1::text[])`,
        [stuck.map((e) => e.exportId)],
      )
    : [];
  const why = (e: (typeof stuck)[number]) => {
    const at = Number(started.find((r) => r.id === e.exportId)?.started ?? NaN);
    const kill = killTimes.find((k) => at <= k);
    return kill !== undefined && e.status === 'RUNNING'
      ? `${e.exportId} RUNNING since ${((kill - at) / 1000).toFixed(1)} s before a kill -9 (its job stays active until pg-boss expires it)`
      : `${e.exportId} ${e.status}`;
  };
  return check(
    'exports: every export finished and downloaded',
    all.length > 0 && stuck.length === 0 && finished.every((e) => e.header.length > 0),
    `${finished.length} of ${all.length} finished and downloaded (downloads served by ${[...builders].join(', ') || 'none'})${stuck.length ? `; not finished: ${stuck.map(why).join(', ')}` : ''}${refused ? `; ${refused}` : ''}`,
  );
}

/**
 * A delivery whose outcome had not been written when its instance was killed is sent again: webhooks are at least
 * once, and receivers de-duplicate on webhook-id (README, Webhooks). A duplicate is explained when its first delivery
 * came within this long before a kill -9 (outcomes are written in batches within 250 ms; the margin covers a slow
 * machine).
 */
const CRASH_WINDOW_MS = 3000;

/** Waits (up to `timeoutMs`) until the endpoint has no delivery left to send, then compares with the receiver. */
export async function checkWebhooks(
  db: ClusterDatabase,
  endpointId: string,
  receiver: WebhookReceiver,
  timeoutMs: number,
  killTimes: number[],
): Promise<Check> {
  const pending = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'PENDING'`,
          [endpointId],
        )
      )[0].n,
    );
  const started = performance.now();
  await waitFor('the webhook deliveries to be sent', async () => (await pending()) === 0, {
    timeoutMs,
    intervalMs: 500,
  }).catch(() => undefined);
  const waited = (performance.now() - started) / 1000;
  const rows = await db.query<{ event_id: string; status: string }>(
    `SELECT event_id, status FROM webhook_deliveries WHERE endpoint_id = $1 AND kind = 'EVENT'`,
    [endpointId],
  );
  const missing = rows.filter((r) => !receiver.received.has(r.event_id));
  const duplicates = [...receiver.received].filter(([, n]) => n > 1).map(([id]) => id);
  const crashed = (id: string) => {
    const at = receiver.firstAt.get(id) ?? 0;
    return killTimes.some((kill) => at <= kill && kill - at <= CRASH_WINDOW_MS);
  };
  const unexplained = duplicates.filter((id) => !crashed(id));
  const notSucceeded = rows.filter((r) => r.status !== 'SUCCEEDED');
  return check(
    'webhooks: every event delivered, once per event id',
    rows.length > 0 && missing.length === 0 && unexplained.length === 0 && notSucceeded.length === 0,
    `${rows.length} events, ${receiver.received.size} ids received (signatures checked, ${receiver.badSignatures} bad); ${missing.length} missing, ${notSucceeded.length} not SUCCEEDED (waited ${waited.toFixed(0)} s for the last deliveries); ${duplicates.length} delivered again${duplicates.length ? ` (${duplicates.length - unexplained.length} first delivered within ${CRASH_WINDOW_MS / 1000} s before a kill -9: at least once, de-duplicated on webhook-id; ${unexplained.length} otherwise)` : ''}`,
  );
}

/**
 * The per-email login limit across instances: more failed logins on one (unknown) email than the limit, each from its
 * own client address, spread by the balancer over every instance; those past the limit must get 429.
 */
export async function checkLoginLimit(base: URL): Promise<Check> {
  const limit = RATE_LIMITS['login-account'].max;
  const attempts = limit + 10;
  const client = new Client(base);
  const address = addressPool(40);
  const email = `limit-probe-${Date.now()}@demo.test`;
  const answers = [];
  try {
    for (let i = 0; i < attempts; i++) {
      answers.push(
        await client.request('POST', USERCENTER_PATHS.login, {
          json: { email, password: 'not the password' },
          localAddress: address(),
        }),
      );
    }
  } finally {
    client.close();
  }
  const refused = answers.filter((a) => a.status === 429).length;
  const instances = new Set(answers.map((a) => a.servedBy).filter(Boolean));
  return check(
    'rate limits: the login limit holds across instances',
    refused === attempts - limit && answers.slice(0, limit).every((a) => a.status !== 429) && instances.size > 1,
    `${attempts} failed logins on one email from ${attempts} addresses over ${[...instances].sort().join(', ')}: ${attempts - refused} answered, ${refused} refused with 429 (limit ${limit} per ${RATE_LIMITS['login-account'].windowMs / 60_000} min)`,
  );
}

/** The ledger module's own checks (modules/payments/test-payments.ts): balanced transactions, consistent accounts. */
export async function checkLedger(db: ClusterDatabase): Promise<Check> {
  const pool = new pg.Pool({ connectionString: db.ownerUrl, max: 1 });
  try {
    const ledger = drizzle(pool, { schema }) as unknown as Db;
    const unbalanced = await unbalancedTransactions(ledger);
    const broken = await brokenAccounts(ledger);
    const [{ n }] = await db.query<{ n: string }>('SELECT count(*) AS n FROM ledger_transactions');
    return check(
      'ledger: balanced (every transaction sums to zero, every balance is the sum of its entries)',
      unbalanced.length === 0 && broken.length === 0,
      `${Number(n).toLocaleString('en-US')} ledger transactions; ${unbalanced.length} unbalanced, ${broken.length} inconsistent accounts`,
    );
  } finally {
    await pool.end();
  }
}
