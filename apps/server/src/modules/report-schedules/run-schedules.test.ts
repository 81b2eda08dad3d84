import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REPORT_SCHEDULE_PATHS } from '@mbo/contracts/report-schedules';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { exportJobs } from '../../db/payments-schema';
import { reportScheduleRuns, reportSchedules } from '../../db/report-schedules-schema';
import { outboxEmails, users } from '../../db/schema';
import { createSession } from '../../plugins/session-store';
import { call, createSecondApp, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { runReportSchedules } from './run-schedules';

const PUBLIC_URL = 'https://backoffice.test';

/**
 * The scheduler, driven by the clock it is given (no waiting): runs at the local time across DST, once per period
 * with two instances ticking at once, catches up once after downtime, and re-checks everyone's access at each run.
 */
describe('scheduled report runs', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let owner: string;
  const ids: Record<string, string> = {};
  const db = () => t.database.db;
  const tick = (app: FastifyInstance, now: string) =>
    runReportSchedules(app.db, {
      now: new Date(now),
      jobs: app.jobs,
      notifier: { mailer: app.mailer, publicUrl: PUBLIC_URL },
    });

  /** A schedule of the owner (daily 08:00 Europe/Amsterdam unless told), due at `dueAt`. */
  async function schedule(name: string, recipients: string[], dueAt: string, extra: Record<string, unknown> = {}) {
    const res = await call(t.app, 'POST', REPORT_SCHEDULE_PATHS.create, {
      cookie: owner,
      payload: {
        name,
        type: 'PAYMENTS',
        format: 'CSV',
        frequency: 'DAILY',
        time: '08:00',
        timeZone: 'Europe/Amsterdam',
        recipientIds: recipients,
        ...extra,
      },
    });
    expect(res.body.code, res.body.msg).toBe('000000');
    const id = res.body.data.scheduleId as string;
    await db()
      .update(reportSchedules)
      .set({ nextRunAt: new Date(dueAt) })
      .where(eq(reportSchedules.id, id));
    return id;
  }
  const runsOf = (scheduleId: string) =>
    db()
      .select()
      .from(reportScheduleRuns)
      .where(eq(reportScheduleRuns.scheduleId, scheduleId))
      .orderBy(asc(reportScheduleRuns.periodStart));
  const scheduleRow = async (id: string) =>
    (await db().select().from(reportSchedules).where(eq(reportSchedules.id, id)))[0];
  /** The mails about one schedule (its name is in every subject), by recipient. */
  const mailsAbout = async (name: string) =>
    (
      await db()
        .select({ to: outboxEmails.toAddress, subject: outboxEmails.subject, text: outboxEmails.textBody })
        .from(outboxEmails)
        .where(like(outboxEmails.subject, `%: ${name}`))
        .orderBy(asc(outboxEmails.toAddress), asc(outboxEmails.id))
    ).map((m) => ({ ...m, kind: m.subject.split(':')[0] }));
  /** A member of Demo Store made for one test, with a session. */
  async function member(email: string, roleCode: string) {
    const [row] = await db()
      .insert(users)
      .values({ merchantId: 'M1000001', email, name: `Member ${roleCode}`, roleCode, status: 'ACTIVE' })
      .returning({ id: users.id });
    const cookie = `mbo_sid=${await createSession(db(), { userId: row.id, merchantId: 'M1000001', ip: '127.0.0.1', userAgent: 'schedules-test' })}`;
    return { id: row.id, cookie };
  }

  beforeAll(async () => {
    t = await createTestApp();
    second = await createSecondApp(t);
    owner = await loginAs(t.app, 'owner@demo.test');
    for (const row of await db()
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(like(users.email, '%@demo.test')))
      ids[row.email.split('@')[0]] = row.id;
    // The demo's schedules stay out of these ticks.
    await db().update(reportSchedules).set({ status: 'PAUSED', nextRunAt: null });
  });
  // Each test ticks its own schedule alone: the earlier ones are paused and their runs delivered.
  afterEach(async () => {
    await db().update(reportSchedules).set({ status: 'PAUSED', nextRunAt: null });
    await t.app.jobs.drain();
    await tick(t.app, '2030-01-01T00:00:00Z');
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('fires a daily 08:00 Europe/Amsterdam schedule at 08:00 local on both sides of the March change', async () => {
    const id = await schedule('Across DST', [ids.owner], '2026-03-28T07:00:00Z');
    // A tick a little after the run is due (the cron ticks each minute).
    expect(await tick(t.app, '2026-03-28T07:00:40Z')).toMatchObject({ started: 1 });
    // 2026-03-29: the clock jumps from 02:00 to 03:00; 08:00 is now 06:00 UTC, 23 hours later.
    expect((await scheduleRow(id)).nextRunAt?.toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(await tick(t.app, '2026-03-28T23:30:00Z')).toMatchObject({ started: 0 });
    expect(await tick(t.app, '2026-03-29T06:00:05Z')).toMatchObject({ started: 1 });
    const runs = await runsOf(id);
    expect(runs.map((r) => r.periodStart.toISOString())).toEqual([
      '2026-03-28T07:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
    ]);
    // Each run's export covers the local day before it, midnight to midnight in the zone.
    const exported = await db()
      .select({ id: exportJobs.id, params: exportJobs.params, scheduleId: exportJobs.scheduleId })
      .from(exportJobs)
      .where(eq(exportJobs.id, runs[1].exportId!));
    expect(exported[0]).toMatchObject({
      scheduleId: id,
      params: {
        createdFrom: '2026-03-27T23:00:00.000Z',
        createdTo: '2026-03-28T22:59:59.999Z',
        timeZone: 'Europe/Amsterdam',
      },
    });
    expect((await scheduleRow(id)).nextRunAt?.toISOString()).toBe('2026-03-30T06:00:00.000Z');
  });

  it('sends exactly one mail per recipient and period when two instances tick at once, and lets the recipients download it', async () => {
    const id = await schedule('Twin ticks', [ids.owner, ids.finance], '2026-06-01T06:00:00Z');
    const now = '2026-06-01T06:00:30Z';
    const [a, b] = await Promise.all([tick(t.app, now), tick(second, now)]);
    expect(a.started + b.started).toBe(1);
    await t.app.jobs.drain();
    const [c, d] = await Promise.all([tick(t.app, now), tick(second, now)]);
    expect(c.delivered + d.delivered).toBe(1);
    await Promise.all([tick(t.app, now), tick(second, now)]);
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'SENT',
      skipped: [],
      noteCode: 'SENT',
      noteValues: { sentCount: 2, skipped: [] },
    });
    const mails = await mailsAbout('Twin ticks');
    expect(mails.map((m) => `${m.to} ${m.kind}`)).toEqual([
      'finance@demo.test Scheduled report ready',
      'owner@demo.test Scheduled report ready',
    ]);
    const link = `${PUBLIC_URL}/app/transactions/reports?merchantId=M1000001&exportId=${runs[0].exportId}`;
    expect(mails[0].text).toContain(link);

    // The recipient opens and downloads the creator's export; a member it was not sent to finds nothing.
    const finance = await loginAs(t.app, 'finance@demo.test');
    const detail = await call(t.app, 'GET', REPORT_PATHS.detail, {
      cookie: finance,
      query: { exportId: runs[0].exportId! },
    });
    expect(detail.body).toMatchObject({ code: '000000', data: { status: 'SUCCESS', type: 'PAYMENTS' } });
    const file = await call(t.app, 'GET', REPORT_PATHS.download, {
      cookie: finance,
      query: { exportId: runs[0].exportId! },
    });
    expect(file).toMatchObject({ status: 200, body: { code: 'FILE' } });
    const other = await member('schedules-other@demo.test', 'OPERATIONS');
    const hidden = await call(t.app, 'GET', REPORT_PATHS.detail, {
      cookie: other.cookie,
      query: { exportId: runs[0].exportId! },
    });
    expect(hidden.body.code).toBe('012001B040');
  });

  it('sends nothing to a recipient disabled between the run and its delivery, and tells the creator', async () => {
    const ops = await member('schedules-ops@demo.test', 'OPERATIONS');
    const id = await schedule('Disabled between', [ids.owner, ops.id], '2026-06-02T06:00:00Z');
    expect(await tick(t.app, '2026-06-02T06:01:00Z')).toMatchObject({ started: 1 });
    await db().update(users).set({ status: 'DISABLED' }).where(eq(users.id, ops.id));
    await t.app.jobs.drain();
    expect(await tick(t.app, '2026-06-02T06:02:00Z')).toMatchObject({ delivered: 1 });
    const mails = await mailsAbout('Disabled between');
    expect(mails.map((m) => `${m.to} ${m.kind}`)).toEqual([
      'owner@demo.test Scheduled report ready',
      'owner@demo.test Scheduled report not sent to everyone',
    ]);
    expect(mails[1].text).toContain('It was not sent to Member OPERATIONS (schedules-ops@demo.test)');
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'SENT', sentTo: [ids.owner], skipped: [ops.id] });
    // The run's note is a code and its values, worded by the web in its reader's language.
    const listed = await call(t.app, 'POST', REPORT_SCHEDULE_PATHS.list, { cookie: owner, payload: {} });
    const record = listed.body.data.records.find((r: { scheduleId: string }) => r.scheduleId === id);
    expect(record.lastRunNote).toEqual({
      code: 'SENT',
      values: { sentCount: 1, skipped: ['schedules-ops@demo.test'] },
    });
    const [exported] = await db()
      .select({ readers: exportJobs.readerIds })
      .from(exportJobs)
      .where(eq(exportJobs.id, run.exportId!));
    expect(exported.readers).toEqual([ids.owner]);
  });

  it("mails each recipient in their own language: a zh-CN member gets the report's mail in Chinese", async () => {
    const zh = await member('schedules-zh@demo.test', 'FINANCE');
    await db().update(users).set({ locale: 'zh-CN' }).where(eq(users.id, zh.id));
    await schedule('Two languages', [ids.owner, zh.id], '2026-06-05T06:00:00Z');
    expect(await tick(t.app, '2026-06-05T06:00:30Z')).toMatchObject({ started: 1 });
    await t.app.jobs.drain();
    expect(await tick(t.app, '2026-06-05T06:01:00Z')).toMatchObject({ delivered: 1 });
    const mails = await db()
      .select({ to: outboxEmails.toAddress, subject: outboxEmails.subject, text: outboxEmails.textBody })
      .from(outboxEmails)
      .where(like(outboxEmails.subject, '%Two languages'))
      .orderBy(asc(outboxEmails.toAddress));
    expect(mails.map((m) => `${m.to} ${m.subject}`)).toEqual([
      'owner@demo.test Scheduled report ready: Two languages',
      'schedules-zh@demo.test 定时报表已生成：Two languages',
    ]);
    expect(mails[1].text).toContain('支付（CSV）');
  });

  it('catches up after downtime with one run of the latest period, sent once', async () => {
    // Due on 10 May; the servers were down until 14 May, 12:00 in Amsterdam.
    const id = await schedule('Catch up', [ids.owner], '2026-05-10T06:00:00Z');
    const now = '2026-05-14T10:00:00Z';
    expect(await tick(t.app, now)).toMatchObject({ started: 1 });
    expect(await tick(second, now)).toMatchObject({ started: 0 });
    const runs = await runsOf(id);
    expect(runs.map((r) => r.periodStart.toISOString())).toEqual(['2026-05-14T06:00:00.000Z']);
    expect((await scheduleRow(id)).nextRunAt?.toISOString()).toBe('2026-05-15T06:00:00.000Z');
    await t.app.jobs.drain();
    await tick(t.app, now);
    await tick(second, now);
    expect((await mailsAbout('Catch up')).map((m) => m.to)).toEqual(['owner@demo.test']);
  });

  it('does not run a period again that a tick before a crash recorded; only the next run moves on', async () => {
    const id = await schedule('Recorded before', [ids.owner], '2026-06-03T06:00:00Z');
    await db()
      .insert(reportScheduleRuns)
      .values({
        id: 'RSR_BEFORE_CRASH',
        scheduleId: id,
        merchantId: 'M1000001',
        periodStart: new Date('2026-06-03T06:00:00Z'),
        status: 'SKIPPED',
      });
    expect(await tick(t.app, '2026-06-03T06:00:30Z')).toMatchObject({ started: 0, skipped: 0 });
    expect((await runsOf(id)).map((r) => r.id)).toEqual(['RSR_BEFORE_CRASH']);
    expect((await scheduleRow(id)).nextRunAt?.toISOString()).toBe('2026-06-04T06:00:00.000Z');
  });

  it('skips the run, builds nothing and records it when the creator lost access to the report', async () => {
    const creator = await member('schedules-creator@demo.test', 'FINANCE');
    const made = await call(t.app, 'POST', REPORT_SCHEDULE_PATHS.create, {
      cookie: creator.cookie,
      payload: {
        name: 'Creator demoted',
        type: 'SETTLEMENTS',
        format: 'XLSX',
        frequency: 'MONTHLY',
        dayOfMonth: 1,
        time: '06:00',
        timeZone: 'UTC',
        recipientIds: [creator.id, ids.owner],
      },
    });
    expect(made.body.code, made.body.msg).toBe('000000');
    const id = made.body.data.scheduleId as string;
    await db()
      .update(reportSchedules)
      .set({ nextRunAt: new Date('2026-07-01T06:00:00Z') })
      .where(eq(reportSchedules.id, id));
    await db().update(users).set({ roleCode: 'VIEWER' }).where(eq(users.id, creator.id));
    expect(await tick(t.app, '2026-07-01T06:00:10Z')).toMatchObject({ started: 0, skipped: 1 });
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'SKIPPED', exportId: null });
    expect(run).toMatchObject({ noteCode: 'CREATOR_NO_ACCESS', noteValues: {}, note: null });
    expect((await scheduleRow(id)).lastRunId).toBe(run.id);
    const exports = await db().execute(sql`SELECT count(*)::int AS n FROM export_jobs WHERE schedule_id = ${id}`);
    expect((exports as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    expect(await mailsAbout('Creator demoted')).toEqual([]);
  });

  it("builds the file in its creator's language: a zh-CN creator's CSV has Chinese headers", async () => {
    const creator = await member('schedules-zh-creator@demo.test', 'FINANCE');
    await db().update(users).set({ locale: 'zh-CN' }).where(eq(users.id, creator.id));
    const made = await call(t.app, 'POST', REPORT_SCHEDULE_PATHS.create, {
      cookie: creator.cookie,
      payload: {
        name: 'Chinese headers',
        type: 'SETTLEMENTS',
        format: 'CSV',
        frequency: 'DAILY',
        time: '06:00',
        timeZone: 'Asia/Shanghai',
        columns: ['settlementId', 'settlementDay', 'paidAt'],
        recipientIds: [creator.id],
      },
    });
    expect(made.body.code, made.body.msg).toBe('000000');
    const id = made.body.data.scheduleId as string;
    await db()
      .update(reportSchedules)
      .set({ nextRunAt: new Date('2026-06-06T22:00:00Z') })
      .where(eq(reportSchedules.id, id));
    expect(await tick(t.app, '2026-06-06T22:00:30Z')).toMatchObject({ started: 1 });
    await t.app.jobs.drain();
    const [run] = await runsOf(id);
    const file = await t.app.inject({
      method: 'GET',
      url: REPORT_PATHS.download,
      query: { exportId: run.exportId! },
      headers: { cookie: creator.cookie, 'accept-language': 'en' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString('utf8').slice(1).split('\r\n')[0]).toBe('结算 ID,结算日,付款时间（Asia/Shanghai）');
  });

  it('records a run whose saved settings the export no longer takes as refused, naming the setting', async () => {
    const id = await schedule('Refused settings', [ids.owner], '2026-06-07T06:00:00Z');
    await db()
      .update(reportSchedules)
      .set({ filters: { retired: true } })
      .where(eq(reportSchedules.id, id));
    expect(await tick(t.app, '2026-06-07T06:00:30Z')).toMatchObject({ started: 0 });
    const [run] = await runsOf(id);
    expect(run).toMatchObject({
      status: 'FAILED',
      exportId: null,
      noteCode: 'EXPORT_REFUSED',
      noteValues: { field: 'filters' },
    });
  });
});
