import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { exportJobs } from '../../db/payments-schema';
import { users } from '../../db/schema';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { recoverStalledExports } from './recover-exports-job';
import { waitForExport } from './reports-test-helpers';

/** An instance killed mid-export: its export stays RUNNING, its heartbeat stops, and no run of it is left. */
describe('exports whose build stopped', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  /** A copy of a finished export as a killed instance leaves it: RUNNING under its run token, beating no more. */
  async function runningCopy(of: string, email: string, heartbeat: string, id: string): Promise<string> {
    const [source] = await t.app.db.select().from(exportJobs).where(eq(exportJobs.id, of));
    const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.app.db.insert(exportJobs).values({
      id,
      merchantId: source.merchantId,
      userId: user.id,
      type: source.type,
      format: source.format,
      params: source.params,
      status: 'RUNNING',
      runToken: `run-of-${id}`,
      startedAt: sql`now() - interval '3 minutes'`,
      heartbeatAt: sql`now() - ${sql.raw(`interval '${heartbeat}'`)}`,
    });
    return id;
  }

  it('queues again an export whose heartbeat stopped, builds it, and leaves a beating one alone', async () => {
    const body = {
      type: 'PAYMENTS',
      format: 'CSV',
      timeZone: 'UTC',
      createdFrom: new Date(Date.now() - 120 * 86_400_000).toISOString(),
      createdTo: new Date().toISOString(),
    };
    const first = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: owner, payload: body });
    expect(first.body.code).toBe('000000');
    expect((await waitForExport(t.app, owner, first.body.data.exportId)).status).toBe('SUCCESS');

    const stalled = await runningCopy(first.body.data.exportId, 'owner@demo.test', '2 minutes', 'EXPSTALLED1');
    const beating = await runningCopy(first.body.data.exportId, 'finance@demo.test', '5 seconds', 'EXPBEATING1');
    // While it stays RUNNING its user may not export again ("last export not completed").
    const refused = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: owner, payload: body });
    expect(refused.body.code).toBe('012001B039');

    expect(await recoverStalledExports(t.app)).toEqual([stalled]);
    const [requeued] = await t.app.db.select().from(exportJobs).where(eq(exportJobs.id, stalled));
    // The dead run's token is gone: were it only slow, its next write would find the export no longer its own.
    expect(requeued.runToken === null || requeued.runToken !== `run-of-${stalled}`).toBe(true);

    const rebuilt = await waitForExport(t.app, owner, stalled);
    expect(rebuilt.status).toBe('SUCCESS');
    expect(rebuilt.totalRows).toBeGreaterThan(0);
    const download = await t.app.inject({
      method: 'GET',
      url: REPORT_PATHS.download,
      query: { exportId: stalled },
      headers: { cookie: owner },
    });
    expect(download.statusCode).toBe(200);
    expect(download.body.length).toBeGreaterThan(0);

    const [untouched] = await t.app.db.select().from(exportJobs).where(eq(exportJobs.id, beating));
    expect(untouched.status).toBe('RUNNING');
    expect(untouched.runToken).toBe(`run-of-${beating}`);
    expect(await recoverStalledExports(t.app)).toEqual([]);
  });
});
