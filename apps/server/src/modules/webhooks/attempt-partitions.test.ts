import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INTEGRATION_PATHS, type WebhookDeliveryDetail } from '@mbo/contracts/integration';
import { computed, typedRows } from '../../db/typed-rows';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { attemptPartitionsJob, maintainAttemptPartitions } from './attempt-partitions-job';
import { emitWebhookEvent } from './emit-event';

const DAY = 86_400_000;

/** The first instant (UTC) of the month `offset` months from this one. */
function monthStart(offset: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}
const partitionOf = (d: Date) =>
  `webhook_attempts_p${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * webhook_attempts' monthly partitions (migration 0028) and the webhooks module's daily job, as the server's role: the
 * months ahead made, each month whose every attempt is past WEBHOOK_ATTEMPTS_RETENTION_DAYS dropped (and only those);
 * a delivery's page lists its attempts whichever partition holds them, the default one included.
 */
describe('webhook_attempts partitions', () => {
  let t: TestApp;
  let owner: string;
  let deliveryId: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { webhookAllowHttpLocalhost: true } });
    owner = await loginAs(t.app, 'owner@demo.test');
    // An endpoint nobody listens on and one event for it: its delivery's own attempts fail (their error is not ours).
    const created = await call(t.app, 'POST', INTEGRATION_PATHS.createEndpoint, {
      cookie: owner,
      payload: { url: 'http://127.0.0.1:9/partition-test', eventTypes: ['payment.succeeded'] },
    });
    expect(created.body.code, created.body.msg).toBe('000000');
    await t.database.db.transaction((tx) =>
      emitWebhookEvent(tx, t.app.jobs, {
        merchantId: 'M1000001',
        type: 'payment.succeeded',
        objectId: 'pay_partition_test',
        object: { id: 'pay_partition_test', object: 'payment', amount: 1299 },
      }),
    );
    [{ id: deliveryId }] = await typedRows(
      t.app.db,
      { id: computed(String) },
      sql`SELECT id FROM webhook_deliveries WHERE merchant_id = 'M1000001' ORDER BY created_at DESC LIMIT 1`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  async function partitions(): Promise<string[]> {
    const rows = await typedRows(
      t.app.db,
      { name: computed(String) },
      sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           WHERE i.inhparent = 'webhook_attempts'::regclass ORDER BY 1`,
    );
    return rows.map((r) => r.name);
  }

  async function attemptAt(at: Date, attempt: number): Promise<string> {
    const [row] = await typedRows(
      t.app.db,
      { part: computed(String) },
      sql`INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status_code, duration_ms, error)
          VALUES (${deliveryId}, ${attempt}, ${at.toISOString()}, NULL, 12, 'partition test')
          RETURNING tableoid::regclass::text AS part`,
    );
    return row.part;
  }

  async function attemptLog(): Promise<WebhookDeliveryDetail['attemptLog']> {
    const res = await call(t.app, 'GET', INTEGRATION_PATHS.delivery, { cookie: owner, query: { deliveryId } });
    expect(res.body.code, res.body.msg).toBe('000000');
    return (res.body.data as WebhookDeliveryDetail).attemptLog;
  }

  it('an attempt far in the past or future lands in the default partition; the delivery lists every attempt', async () => {
    expect(await attemptAt(new Date('1999-01-02T00:00:00Z'), 101)).toBe('webhook_attempts_default');
    expect(await attemptAt(new Date('2099-01-02T00:00:00Z'), 102)).toBe('webhook_attempts_default');
    expect(await attemptAt(new Date(), 103)).toBe(partitionOf(monthStart(0)));
    const listed = (await attemptLog()).filter((a) => a.error === 'partition test').map((a) => a.attempt);
    expect(listed).toEqual([101, 102, 103]);
  });

  it('the daily job makes the months ahead and drops the months wholly past the retention, and only those', async () => {
    const old = monthStart(-5);
    expect(await attemptAt(new Date(old.getTime() + DAY), 104)).toBe(partitionOf(old));
    expect(await attemptAt(new Date(monthStart(-1).getTime() + DAY), 105)).toBe(partitionOf(monthStart(-1)));
    const before = await partitions();
    const cutoff = Date.now() - t.app.config.webhookAttemptsRetentionDays * DAY;
    const expired = before.filter((name) => {
      const m = /_p(\d{4})_(\d{2})$/.exec(name);
      return m !== null && Date.UTC(Number(m[1]), Number(m[2]), 1) <= cutoff;
    });
    expect(expired).toContain(partitionOf(old));

    await t.app.jobs.send(attemptPartitionsJob, {});
    t.app.jobs.wake(attemptPartitionsJob.name);
    await t.app.jobs.drain();

    const after = await partitions();
    expect(before.filter((n) => !after.includes(n))).toEqual(expired);
    for (let offset = 0; offset <= 3; offset++) expect(after).toContain(partitionOf(monthStart(offset)));
    expect(after).toContain('webhook_attempts_default');
    // The month within the retention keeps its attempt; the dropped month's went with it.
    const listed = (await attemptLog()).filter((a) => a.error === 'partition test').map((a) => a.attempt);
    expect(listed).toEqual([101, 102, 103, 105]);
    expect(await maintainAttemptPartitions(t.app.db, t.app.config.webhookAttemptsRetentionDays)).toEqual([]);
  });
});
