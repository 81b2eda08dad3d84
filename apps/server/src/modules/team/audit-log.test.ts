import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { TEAM_PATHS, type AuditRecord } from '@mbo/contracts/team';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { computed, typedRows } from '../../db/typed-rows';
import { databaseError } from '../../lib/db-error';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { exportCsvRows } from '../reports/reports-test-helpers';
import { teamClient } from './team-test-helpers';

/** Settings → Team → Audit log: what the server writes, for owners and admins, append-only. */
describe('audit log', () => {
  let t: TestApp;
  let c: ReturnType<typeof teamClient>;
  let owner: string;
  let payouts: string;
  const log = async (cookie: string, body: Record<string, unknown> = {}) =>
    c.post(cookie, TEAM_PATHS.auditLog, { pageSize: 200, ...body });

  /** The demo's own team history (seed/demo-team.ts) is older: the filters below look at this suite's rows. */
  const since = new Date().toISOString();

  beforeAll(async () => {
    t = await createTestApp();
    c = teamClient(t);
    owner = await c.login('owner@demo.test');
    payouts = await c.login('payouts@demo.test');
    // A failed login, an invitation, a role change and a disable, to be found below.
    await c.clearRateLimits();
    await call(t.app, 'POST', USERCENTER_PATHS.login, {
      payload: { email: 'finance@demo.test', password: 'wrong-password-1' },
    });
    const m = await c.addMember(owner, 'audited@example.com', 'VIEWER');
    await c.post(owner, TEAM_PATHS.updateRole, { userId: m.id, roleCode: 'FINANCE' });
    await c.post(owner, TEAM_PATHS.updateStatus, { userId: m.id, status: 'DISABLED' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists who did what, when, to which record, with the outcome and IP; newest first (the demo's team history too)", async () => {
    const res = await log(owner);
    expect(res.body.code).toBe('000000');
    const rows = res.body.data.records as AuditRecord[];
    const at = rows.map((r) => Date.parse(r.at));
    expect([...at].sort((a, b) => b - a)).toEqual(at);
    const actions = new Set(rows.map((r) => r.action));
    for (const action of ['LOGIN', 'MEMBER_INVITED', 'INVITATION_ACCEPTED', 'MEMBER_ROLE_CHANGED', 'MEMBER_DISABLED'])
      expect(actions, action).toContain(action);
    const failed = rows.find((r) => r.action === 'LOGIN' && r.outcome === 'FAILURE')!;
    expect(failed).toMatchObject({
      actorEmail: 'finance@demo.test',
      ip: '127.0.0.1',
      detail: { reason: 'WRONG_PASSWORD' },
    });
    const role = rows.find((r) => r.action === 'MEMBER_ROLE_CHANGED')!;
    expect(role).toMatchObject({
      actorEmail: 'owner@demo.test',
      outcome: 'SUCCESS',
      targetType: 'USER',
      targetId: await c.userId('audited@example.com'),
      detail: { from: 'VIEWER', to: 'FINANCE' },
    });
    // The demo's history: the owner invited the team, disabled Dana.
    expect(rows.filter((r) => r.action === 'MEMBER_DISABLED').map((r) => r.detail.email)).toContain(
      'disabled@demo.test',
    );
    // Another merchant's rows never show.
    expect(rows.some((r) => r.actorEmail === 'payouts@demo.test')).toBe(false);
    const theirs = (await log(payouts)).body.data.records as AuditRecord[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.actorEmail === 'payouts@demo.test')).toBe(true);
  });

  it('filters by action, outcome, who (email or id), record and time', async () => {
    const only = async (body: Record<string, unknown>) =>
      (await log(owner, { createdFrom: since, ...body })).body.data.records as AuditRecord[];
    expect((await only({ action: ['MEMBER_DISABLED'] })).map((r) => r.action)).toEqual(['MEMBER_DISABLED']);
    expect((await only({ outcome: ['FAILURE'] })).every((r) => r.outcome === 'FAILURE')).toBe(true);
    expect((await only({ keyword: 'FINANCE@demo' })).every((r) => r.actorEmail === 'finance@demo.test')).toBe(true);
    const memberId = (await c.userId('audited@example.com'))!;
    expect((await only({ keyword: memberId })).map((r) => r.action).sort()).toEqual([
      'INVITATION_ACCEPTED',
      'MEMBER_DISABLED',
      'MEMBER_INVITED',
      'MEMBER_ROLE_CHANGED',
    ]);
    const ownerId = (await c.userId('owner@demo.test'))!;
    expect((await only({ actorUserId: [ownerId] })).every((r) => r.actorUserId === ownerId)).toBe(true);
    expect(await only({ createdTo: '2001-01-01T00:00:00Z' })).toEqual([]);
    expect(
      (
        await only({
          createdFrom: new Date(Date.now() - 3600_000).toISOString(),
          action: ['LOGIN'],
          outcome: ['FAILURE'],
        })
      ).length,
    ).toBe(1);
    // Bad filters are bad input naming the field.
    for (const body of [
      { createdFrom: '0000-01-01T00:00:00Z' },
      { action: ['drop table'] },
      { actorUserId: ['x'] },
      { sort: 'id:desc' },
    ]) {
      const res = await log(owner, body);
      expect(res.body.code, JSON.stringify(body)).toBe(ERROR_CODES.INVALID_REQUEST);
    }
  });

  it('is for owners and admins only (PAGE_AUDIT_LOG), decided on the server', async () => {
    const finance = await c.login('finance@demo.test');
    expect((await log(finance)).status).toBe(430);
    const admin = await c.addMember(owner, 'audit.admin@example.com', 'ADMIN');
    expect((await log(admin.cookie)).body.code).toBe('000000');
    const ops = await c.addMember(owner, 'audit.ops@example.com', 'OPERATIONS');
    expect((await log(ops.cookie)).status).toBe(430);
    const menu = JSON.stringify((await c.get(owner, USERCENTER_PATHS.menuList)).body.data);
    expect(menu).toContain('PAGE_AUDIT_LOG');
  });

  it('stays append-only for the application: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const rows = async () =>
      (
        await typedRows(
          c.db,
          { n: computed(Number), invited: computed(Number) },
          sql`
      SELECT count(*) AS n, count(*) FILTER (WHERE action = 'MEMBER_INVITED') AS invited FROM audit_log`,
        )
      )[0];
    const before = await rows();
    for (const statement of [
      sql`UPDATE audit_log SET action = 'NOTHING'`,
      sql`DELETE FROM audit_log`,
      sql`TRUNCATE audit_log`,
    ]) {
      const err = await c.exec(statement).catch((e: unknown) => e);
      expect(databaseError(err)?.message).toMatch(/append-only|permission denied/);
    }
    expect(await rows()).toEqual(before);
    expect(before.invited).toBeGreaterThan(0);
  });

  it('exports the filtered log with local and UTC times (owners and admins only)', async () => {
    const rows = await exportCsvRows(t.app, owner, 'AUDIT_LOG', {
      filters: { action: ['MEMBER_ROLE_CHANGED'], keyword: await c.userId('audited@example.com') },
      timeZone: 'Europe/Amsterdam',
    });
    expect(rows[0].map((h) => h.replace(/^\uFEFF/, ''))).toEqual([
      'When (Europe/Amsterdam)',
      'When (UTC)',
      'Who',
      'Action',
      'Outcome',
      'Record type',
      'Record ID',
      'IP address',
    ]);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1].slice(2, 6)).toEqual(['owner@demo.test', 'Role changed', 'SUCCESS', 'USER']);
    expect(rows[1][0]).not.toBe(rows[1][1]);
    const finance = await c.login('finance@demo.test');
    const refused = await call(t.app, 'POST', '/report/web/v1/export/create', {
      cookie: finance,
      payload: {
        type: 'AUDIT_LOG',
        format: 'CSV',
        timeZone: 'UTC',
        createdFrom: new Date(Date.now() - 86400_000).toISOString(),
        createdTo: new Date().toISOString(),
      },
    });
    expect(refused.body.code).toBe(ERROR_CODES.INVALID_REQUEST);
    // The export itself is in the log.
    expect((await log(owner, { action: ['EXPORT_CREATED'] })).body.data.records[0].detail).toMatchObject({
      type: 'AUDIT_LOG',
      format: 'CSV',
    });
  });
});
