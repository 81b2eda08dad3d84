import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import { REPORT_SCHEDULE_ERRORS, REPORT_SCHEDULE_PATHS } from '@mbo/contracts/report-schedules';
import { reportSchedules } from '../../db/report-schedules-schema';
import { auditLog, users } from '../../db/schema';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

/** The schedule routes: each user's own schedules, checked like an export, every change audited. */
describe('report schedules', () => {
  let t: TestApp;
  let owner: string;
  let finance: string;
  let viewer: string;
  let payouts: string;
  const ids: Record<string, string> = {};
  const post = (cookie: string, path: string, payload: unknown) => call(t.app, 'POST', path, { cookie, payload });
  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Daily payments',
    type: 'PAYMENTS',
    format: 'CSV',
    filters: { status: ['SUCCESS'] },
    frequency: 'DAILY',
    time: '08:00',
    timeZone: 'Europe/Amsterdam',
    recipientIds: [ids.owner, ids.finance],
    ...extra,
  });
  const schedules = async () => Number((await t.database.db.select({ n: count() }).from(reportSchedules))[0].n);
  const audits = async (targetId: string) =>
    (
      await t.database.db
        .select({ action: auditLog.action, actor: auditLog.actorEmail })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'REPORT_SCHEDULE'), eq(auditLog.targetId, targetId)))
        .orderBy(auditLog.at, auditLog.id)
    ).map((a) => `${a.action} by ${a.actor}`);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
    finance = await loginAs(t.app, 'finance@demo.test');
    viewer = await loginAs(t.app, 'viewer@demo.test');
    payouts = await loginAs(t.app, 'payouts@demo.test');
    for (const row of await t.database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(like(users.email, '%@demo.test')))
      ids[row.email.split('@')[0]] = row.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists the demo's schedules of Demo Store: daily payments at 08:00 and monthly settlements on the 1st", async () => {
    const list = await post(owner, REPORT_SCHEDULE_PATHS.list, { pageNum: 1, pageSize: 50 });
    const demo = list.body.data.records.filter((r: { scheduleId: string }) => r.scheduleId.startsWith('RSC_DEMO_'));
    const local = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Amsterdam',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso));
    expect(
      demo.map((r: { name: string; type: string; format: string; recipients: { email: string }[] }) => [
        r.name,
        r.type,
        r.format,
        r.recipients.map((p) => p.email),
      ]),
    ).toEqual([
      ['Monthly settlements', 'SETTLEMENTS', 'XLSX', ['owner@demo.test', 'finance@demo.test']],
      ['Daily payments', 'PAYMENTS', 'CSV', ['owner@demo.test', 'finance@demo.test']],
    ]);
    expect(local(demo[0].nextRunAt)).toMatch(/^1(,| at)? 07:00$/);
    expect(local(demo[1].nextRunAt)).toMatch(/ 08:00$/);
  });

  it('creates a schedule whose next run is the next 08:00 in its zone, lists it with its recipients, and audits it', async () => {
    const before = Date.now();
    const made = await post(owner, REPORT_SCHEDULE_PATHS.create, body());
    expect(made.body.code, made.body.msg).toBe('000000');
    const s = made.body.data;
    expect(s).toMatchObject({
      name: 'Daily payments',
      type: 'PAYMENTS',
      status: 'ACTIVE',
      time: '08:00',
      lastRunAt: null,
      lastRunStatus: null,
      filters: { status: ['SUCCESS'] },
    });
    expect(s.recipients.map((r: { email: string }) => r.email).sort()).toEqual([
      'finance@demo.test',
      'owner@demo.test',
    ]);
    const next = Date.parse(s.nextRunAt);
    expect(next).toBeGreaterThan(before);
    expect(next - before).toBeLessThanOrEqual(25 * 3_600_000);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', timeStyle: 'short' }).format(new Date(next)),
    ).toBe('08:00');

    const list = await post(owner, REPORT_SCHEDULE_PATHS.list, { pageNum: 1, pageSize: 50 });
    expect(list.body.data.records.map((r: { scheduleId: string }) => r.scheduleId)).toContain(s.scheduleId);
    // Each user lists their own: the finance user, a recipient, has none of the owner's.
    const theirs = await post(finance, REPORT_SCHEDULE_PATHS.list, {});
    expect(theirs.body.data.records.map((r: { scheduleId: string }) => r.scheduleId)).not.toContain(s.scheduleId);
    expect(await audits(s.scheduleId)).toEqual(['REPORT_SCHEDULE_CREATED by owner@demo.test']);
  });

  it('offers as recipients the active members who may export the type', async () => {
    const res = await call(t.app, 'GET', REPORT_SCHEDULE_PATHS.recipients, {
      cookie: owner,
      query: { type: 'PAYMENTS' },
    });
    const emails = res.body.data.records.map((r: { email: string }) => r.email);
    expect(emails).toEqual(expect.arrayContaining(['owner@demo.test', 'finance@demo.test']));
    // The viewer cannot export; the disabled member and the other merchant's owner are no members here.
    for (const email of ['viewer@demo.test', 'disabled@demo.test', 'payouts@demo.test'])
      expect(emails).not.toContain(email);
  });

  it.each([
    ['an unknown zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['time 25:00', { time: '25:00' }, 'time'],
    [
      'a filter dated year 10000',
      { type: 'DISPUTES', filters: { dueFrom: '+010000-01-01T00:00:00Z' } },
      'filters.dueFrom',
    ],
    ['a filter its list does not have', { filters: { color: 'red' } }, 'filters'],
    ['a frequency of the wrong type', { frequency: 5 }, 'frequency'],
    ['recipients of the wrong type', { recipientIds: 'everyone' }, 'recipientIds'],
    ['a weekly schedule without its weekday', { frequency: 'WEEKLY' }, 'dayOfWeek'],
    ['an unknown column', { columns: ['paymentId', 'secret'] }, 'columns'],
    ['an empty name', { name: '  ' }, 'name'],
  ])('refuses %s naming the field, and writes nothing', async (_what, extra, field) => {
    const before = await schedules();
    const res = await post(owner, REPORT_SCHEDULE_PATHS.create, body(extra));
    expect(res.body.code).toBe('001000B001');
    expect(res.body.data.fields[0].field).toBe(field);
    expect(res.body.msg).toMatch(new RegExp(`^Invalid request: ${field.replace('.', '\\.')} `));
    expect(await schedules()).toBe(before);
  });

  it('refuses a recipient of another merchant and one who may not read the report, naming recipientIds', async () => {
    const before = await schedules();
    for (const stranger of [ids.payouts, ids.viewer, ids.disabled]) {
      const res = await post(owner, REPORT_SCHEDULE_PATHS.create, body({ recipientIds: [ids.owner, stranger] }));
      expect(res.body.code).toBe('001000B001');
      expect(res.body.data.fields[0].field).toBe('recipientIds');
    }
    expect(await schedules()).toBe(before);
  });

  it('takes a filter dated on the last day of year 9999', async () => {
    const res = await post(
      owner,
      REPORT_SCHEDULE_PATHS.create,
      body({ name: 'Disputes due', type: 'DISPUTES', filters: { dueTo: '9999-12-31T23:59:59Z' } }),
    );
    expect(res.body.code, res.body.msg).toBe('000000');
    expect(res.body.data.filters).toEqual({ dueTo: '9999-12-31T23:59:59Z' });
  });

  it('does not let a read-only role create one', async () => {
    const before = await schedules();
    const res = await post(viewer, REPORT_SCHEDULE_PATHS.create, body({ recipientIds: [ids.viewer] }));
    expect(res.status).toBe(430);
    expect(res.body.code).toBe('002001B024');
    expect(await schedules()).toBe(before);
  });

  it("answers another merchant's or another user's schedule id as not found, and changes nothing", async () => {
    const made = await post(owner, REPORT_SCHEDULE_PATHS.create, body({ name: 'Mine' }));
    const scheduleId = made.body.data.scheduleId;
    for (const cookie of [payouts, finance]) {
      for (const path of [REPORT_SCHEDULE_PATHS.pause, REPORT_SCHEDULE_PATHS.delete]) {
        const res = await post(cookie, path, { scheduleId });
        expect(res.body.code).toBe(REPORT_SCHEDULE_ERRORS.NOT_FOUND);
      }
      const edit = await post(cookie, REPORT_SCHEDULE_PATHS.update, { scheduleId, ...body({ name: 'Taken' }) });
      expect(edit.body.code).toBe(REPORT_SCHEDULE_ERRORS.NOT_FOUND);
    }
    const [row] = await t.database.db.select().from(reportSchedules).where(eq(reportSchedules.id, scheduleId));
    expect(row).toMatchObject({ name: 'Mine', status: 'ACTIVE' });
    expect(await audits(scheduleId)).toEqual(['REPORT_SCHEDULE_CREATED by owner@demo.test']);
  });

  it('edits, pauses, resumes and deletes a schedule, each change audited', async () => {
    const made = await post(
      owner,
      REPORT_SCHEDULE_PATHS.create,
      body({ name: 'Weekly refunds', type: 'REFUNDS', filters: {} }),
    );
    const scheduleId = made.body.data.scheduleId;
    const edited = await post(owner, REPORT_SCHEDULE_PATHS.update, {
      scheduleId,
      ...body({
        name: 'Weekly refunds',
        type: 'REFUNDS',
        filters: {},
        frequency: 'WEEKLY',
        dayOfWeek: 1,
        time: '07:30',
      }),
    });
    expect(edited.body.code, edited.body.msg).toBe('000000');
    expect(edited.body.data).toMatchObject({ frequency: 'WEEKLY', dayOfWeek: 1, time: '07:30' });
    const next = new Date(edited.body.data.nextRunAt);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Amsterdam',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(next);
    expect(local).toBe('Monday 07:30');

    const paused = await post(owner, REPORT_SCHEDULE_PATHS.pause, { scheduleId });
    expect(paused.body.data).toMatchObject({ status: 'PAUSED', nextRunAt: null });
    const resumed = await post(owner, REPORT_SCHEDULE_PATHS.resume, { scheduleId });
    expect(resumed.body.data).toMatchObject({ status: 'ACTIVE', nextRunAt: next.toISOString() });
    const deleted = await post(owner, REPORT_SCHEDULE_PATHS.delete, { scheduleId });
    expect(deleted.body).toMatchObject({ code: '000000', data: { scheduleId } });
    expect(await t.database.db.select().from(reportSchedules).where(eq(reportSchedules.id, scheduleId))).toEqual([]);
    expect(await audits(scheduleId)).toEqual([
      'REPORT_SCHEDULE_CREATED by owner@demo.test',
      'REPORT_SCHEDULE_UPDATED by owner@demo.test',
      'REPORT_SCHEDULE_PAUSED by owner@demo.test',
      'REPORT_SCHEDULE_RESUMED by owner@demo.test',
      'REPORT_SCHEDULE_DELETED by owner@demo.test',
    ]);
  });
});
