import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count as countRows, like, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { exportJobs } from '../db/payments-schema';
import { outboxEmails } from '../db/schema';
import { computed, typedRows } from '../db/typed-rows';
import { exportType, buildExportJob } from '../modules/reports';
import { resetPasswordEmail } from '../mail/templates';
import { createTestApp, TEST_JOBS, type TestApp } from '../test/harness';
import { startSmtp, type TestSmtp } from '../test/smtp';

const M = 'M1000001';
const PARAMS = {
  createdFrom: '2024-01-01T00:00:00.000Z',
  createdTo: '2024-12-31T23:59:59.999Z',
  timeZone: 'UTC',
  filters: {},
  columns: [],
};

/** A boolean the query computes, as the driver gives it (never coerced from another type). */
const bool = computed((value) => {
  if (typeof value !== 'boolean') throw new Error(`expected a boolean, got ${JSON.stringify(value)}`);
  return value;
});

describe('background jobs on pg-boss', () => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  const servers: TestSmtp[] = [];
  const instance = async (smtpUrl: string) => {
    const app = await buildApp({
      config: { ...t.app.config, smtpUrl },
      database: t.database,
      logger: false,
      jobs: TEST_JOBS,
    });
    apps.push(app);
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    t = await createTestApp();
    // The tests' own instances do the work; the harness's holds back.
    t.app.jobs.pause();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const server of servers) await server.close();
    t.app.jobs.resume();
    await t.close();
  });

  it('starts with the app and says so (readiness reads jobs.started)', () => {
    expect(t.app.jobs.started).toBe(true);
  });

  it('leaves no job behind when the transaction that sent it rolls back, and keeps it when it commits', async () => {
    const before = await t.app.jobs.pendingCount();
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.jobs.send(buildExportJob, { exportId: 'EXP-ROLLED-BACK' }, { tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.app.jobs.pendingCount()).toBe(before);
    const [{ n }] = await typedRows(
      t.app.db,
      { n: computed(Number) },
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'exportId' = 'EXP-ROLLED-BACK'`,
    );
    expect(n).toBe(0);

    await t.app.db.transaction(async (tx) => t.app.jobs.send(buildExportJob, { exportId: 'EXP-COMMITTED' }, { tx }));
    expect(await t.app.jobs.pendingCount()).toBe(before + 1);
    const worker = await instance(t.smtp.url);
    await worker.jobs.drain();
    // An export id without a row: the job finds nothing to build and completes.
    const [job] = await typedRows(
      t.app.db,
      { state: computed(String) },
      sql`SELECT state::text FROM pgboss.job WHERE data->>'exportId' = 'EXP-COMMITTED'`,
    );
    expect(job.state).toBe('completed');
  });

  it('drain() waits for a job that comes due in a moment, and not for one due later than its horizon', async () => {
    const worker = await instance(t.smtp.url);
    const stateOf = async (id: string) =>
      (
        await typedRows(
          t.app.db,
          { state: computed(String) },
          sql`SELECT state::text FROM pgboss.job WHERE id = ${id}::uuid`,
        )
      )[0].state;
    const soon = await worker.jobs.send(buildExportJob, { exportId: 'EXP-DUE-SOON' }, { startAfterSeconds: 1 });
    const later = await worker.jobs.send(buildExportJob, { exportId: 'EXP-DUE-LATER' }, { startAfterSeconds: 3600 });
    await worker.jobs.drain();
    expect(await stateOf(soon)).toBe('completed');
    expect(await stateOf(later)).toBe('created');
    // Out of the way of the tests after this one.
    await t.app.db.execute(sql`DELETE FROM pgboss.job WHERE id = ${later}::uuid`);
  });

  it('runs every job once across two instances on one database: 20 exports built once, 20 mails sent once over SMTP', async () => {
    const [a, b] = [await instance(t.smtp.url), await instance(t.smtp.url)];
    const def = exportType('PAYMENTS')!;
    const count = def.count;
    let runs = 0;
    def.count = async (...args) => {
      runs += 1;
      return count.apply(def, args);
    };
    try {
      const exportIds = Array.from({ length: 20 }, (_, i) => `EXPTWO${String(i).padStart(4, '0')}`);
      const since = t.smtp.messages.length;
      const to = (i: number) => `twice-${i}@example.test`;
      await Promise.all(
        exportIds.map(async (exportId, i) => {
          const app = i % 2 ? a : b;
          await app.db.transaction(async (tx) => {
            await tx.execute(sql`INSERT INTO export_jobs (id, merchant_id, user_id, type, format, params, status)
            VALUES (${exportId}, ${M}, ${randomUUID()}, 'PAYMENTS', 'CSV', ${JSON.stringify(PARAMS)}::jsonb, 'QUEUED')`);
            await app.jobs.send(buildExportJob, { exportId }, { tx });
            await app.mailer.enqueue(
              tx,
              resetPasswordEmail(to(i), {
                url: 'http://localhost:8080/reset?token=x',
                expiresAt: new Date(Date.now() + 60_000),
              }),
            );
          });
          app.jobs.wake();
        }),
      );
      await Promise.all([a.jobs.drain(), b.jobs.drain()]);

      const built = await t.app.db
        .select({ status: exportJobs.status, n: countRows() })
        .from(exportJobs)
        .where(like(exportJobs.id, 'EXPTWO%'))
        .groupBy(exportJobs.status);
      expect(built).toEqual([{ status: 'SUCCESS', n: 20 }]);
      expect(runs).toBe(20);
      const received = t.smtp.messages
        .slice(since)
        .map((m) => m.to)
        .sort();
      expect(received).toEqual(exportIds.map((_, i) => to(i)).sort());
      const [mails] = await typedRows(
        t.app.db,
        { sent: computed(Number), attempts: computed(Number) },
        sql`
        SELECT count(sent_at)::int AS sent, sum(attempts)::int AS attempts FROM outbox_emails WHERE to_address LIKE 'twice-%'`,
      );
      expect(mails).toEqual({ sent: 20, attempts: 20 });
    } finally {
      def.count = count;
    }
  });

  it('talks to SMTP with no database transaction open, and marks the mail sent after the server answered', async () => {
    let entered!: () => void;
    let answer!: () => void;
    const arrived = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slowAnswer = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const slow = await startSmtp({
      beforeAnswer: () => {
        entered();
        return slowAnswer;
      },
    });
    servers.push(slow);
    // Only this instance (mail over the slow server) takes jobs.
    for (const other of apps) other.jobs.pause();
    const app = await instance(slow.url);
    await app.db.transaction(async (tx) =>
      app.mailer.enqueue(
        tx,
        resetPasswordEmail('slow@example.test', {
          url: 'http://localhost:8080/reset?token=x',
          expiresAt: new Date(Date.now() + 60_000),
        }),
      ),
    );
    app.mailer.kick();
    await arrived;
    // The mail is claimed (committed) and SMTP has not answered yet.
    const [claimed] = await typedRows(
      t.app.db,
      { claimed: bool, sent: bool },
      sql`
      SELECT claim_token IS NOT NULL AS claimed, sent_at IS NOT NULL AS sent FROM outbox_emails WHERE to_address = 'slow@example.test'`,
    );
    expect(claimed).toEqual({ claimed: true, sent: false });
    if (t.kind === 'postgres') {
      const idle = await typedRows(
        t.app.db,
        { n: computed(Number) },
        sql`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      );
      expect(idle[0].n).toBe(0);
    } else {
      // PGlite has one connection: an open transaction would hold this query until SMTP answered.
      const [{ one }] = await typedRows(t.app.db, { one: computed(Number) }, sql`SELECT 1 AS one`);
      expect(one).toBe(1);
    }
    answer();
    await app.jobs.drain();
    expect((await slow.waitFor('slow@example.test')).subject).toBeTruthy();
    const [sent] = await typedRows(
      t.app.db,
      { claimed: bool, sent: bool, attempts: outboxEmails.attempts },
      sql`
      SELECT claim_token IS NOT NULL AS claimed, sent_at IS NOT NULL AS sent, attempts FROM outbox_emails WHERE to_address = 'slow@example.test'`,
    );
    expect(sent).toEqual({ claimed: false, sent: true, attempts: 1 });
  });
});
