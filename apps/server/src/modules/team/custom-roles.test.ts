import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { TEAM_PATHS, type RoleMatrix, type RoleMatrixRole } from '@mbo/contracts/team';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { auditLog, roles, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { teamClient } from './team-test-helpers';

/** Settings → Team → Roles: custom roles made, given, changed and deleted; on PGlite and PostgreSQL. */
describe('custom roles', () => {
  let t: TestApp;
  let c: ReturnType<typeof teamClient>;
  let owner: string;
  let payouts: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = teamClient(t);
    owner = await c.login('owner@demo.test');
    payouts = await c.login('payouts@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  const matrix = async (cookie: string) => (await c.get(cookie, TEAM_PATHS.roles)).body.data as RoleMatrix;
  const roleRows = () => c.db.select().from(roles).orderBy(asc(roles.code));
  const roleAudits = async () =>
    (await c.db.select({ n: count() }).from(auditLog).where(like(auditLog.action, 'ROLE_%')))[0].n;
  const menuOf = async (cookie: string) => JSON.stringify((await c.get(cookie, USERCENTER_PATHS.menuList)).body.data);

  const SUPPORT_DESK = {
    baseCode: 'OPERATIONS',
    name: 'Support desk',
    menuUrls: ['/home', '/transactions/payments', '/transactions/disputes'],
    permissionCodes: ['PAGE_PAYMENTS_DETAIL', 'PAGE_DISPUTES_DETAIL', 'API_DISPUTES_STATUS_COUNT'],
  };

  it("lists the built-in roles, then the merchant's own: Demo Store's Support, which support@demo.test holds", async () => {
    const m = await matrix(owner);
    expect(m.roles.map((r) => r.code)).toEqual([
      'OWNER',
      'ADMIN',
      'FINANCE',
      'OPERATIONS',
      'DEVELOPER',
      'VIEWER',
      'CUSTOM_DEMO_SUPPORT',
    ]);
    const support = m.roles.at(-1)!;
    expect(support).toMatchObject({ name: 'Support', baseCode: 'VIEWER', assignable: true, memberCount: 1 });
    expect(support.permissionCodes).not.toContain('API_PAYMENT_REFUND');
    expect(m.roles.find((r) => r.code === 'OWNER')).toMatchObject({ baseCode: null, assignable: true });
    expect(m.caller).toMatchObject({ roleCode: 'OWNER', menuUrls: m.pages.map((p) => p.menuUrl) });
    // Another merchant sees the built-in roles only.
    expect((await matrix(payouts)).roles.map((r) => r.code)).not.toContain('CUSTOM_DEMO_SUPPORT');

    // The demo support member sees the granted pages and no other; a refund is refused.
    const support2 = await c.login('support@demo.test');
    const menu = await menuOf(support2);
    expect(menu).toContain('/transactions/disputes');
    expect(menu).not.toContain('/transactions/payment_link');
    expect(menu).not.toContain('/settings');
    expect((await c.post(support2, '/acquiring/web/v1/payment/list', {})).body.code).toBe('000000');
    expect((await c.post(support2, '/acquiring/web/v1/payment/refund', {})).status).toBe(430);
  });

  it('creates a role from a built-in one, gives it like a built-in role, edits it (next call), and deletes it once unused', async () => {
    const audits = await roleAudits();
    const created = await c.post(owner, TEAM_PATHS.createRole, SUPPORT_DESK);
    expect(created.body.code, created.body.msg).toBe('000000');
    const role = created.body.data as RoleMatrixRole;
    expect(role).toMatchObject({
      name: 'Support desk',
      baseCode: 'OPERATIONS',
      memberCount: 0,
      assignable: true,
      menuUrls: SUPPORT_DESK.menuUrls,
      permissionCodes: SUPPORT_DESK.permissionCodes,
    });
    expect(role.code).toMatch(/^CUSTOM_[0-9A-F]{12}$/);
    expect((await matrix(owner)).roles.map((r) => r.name)).toEqual(expect.arrayContaining(['Support desk']));

    // Invited with it; registered, the member sees its pages only.
    const m = await c.addMember(owner, 'desk@example.com', role.code);
    expect((await c.get(m.cookie, USERCENTER_PATHS.currentUser)).body.data).toMatchObject({
      roleCode: role.code,
      roleName: 'Support desk',
    });
    expect(await menuOf(m.cookie)).not.toContain('/transactions/refunds');
    expect((await c.post(m.cookie, '/acquiring/web/v1/refund/list', {})).status).toBe(430);
    expect((await c.post(m.cookie, '/acquiring/web/v1/payment/list', {})).body.code).toBe('000000');

    // Edited: refunds added, payments taken away; the member has the change at their next call.
    const edited = await c.post(owner, TEAM_PATHS.editRole, {
      roleCode: role.code,
      name: 'Support team',
      menuUrls: ['/home', '/transactions/refunds', '/transactions/disputes'],
      permissionCodes: ['PAGE_REFUNDS_DETAIL', 'API_DISPUTES_STATUS_COUNT'],
    });
    expect(edited.body.code, edited.body.msg).toBe('000000');
    expect(edited.body.data).toMatchObject({ name: 'Support team', memberCount: 1 });
    expect((await c.post(m.cookie, '/acquiring/web/v1/refund/list', {})).body.code).toBe('000000');
    expect((await c.post(m.cookie, '/acquiring/web/v1/payment/list', {})).status).toBe(430);

    // In use: the delete is refused and says by how many; with another role, it goes.
    const inUse = await c.post(owner, TEAM_PATHS.deleteRole, { roleCode: role.code });
    expect(inUse.body).toMatchObject({ code: ERROR_CODES.ROLE_IN_USE, data: { memberCount: 1 } });
    expect(inUse.body.msg).toMatch(/^1 member holds the role “Support team”/);
    expect(inUse.body.msg_params).toMatchObject({ isGwErrorMapEnabled: 1 });
    const back = await c.post(owner, TEAM_PATHS.updateRole, { userId: m.id, roleCode: 'VIEWER' });
    expect(back.body.code).toBe('000000');
    const again = await c.post(owner, TEAM_PATHS.updateRole, { userId: m.id, roleCode: role.code });
    expect(again.body.data).toMatchObject({ roleCode: role.code, roleName: 'Support team' });
    await c.post(owner, TEAM_PATHS.updateRole, { userId: m.id, roleCode: 'VIEWER' });
    expect((await c.post(owner, TEAM_PATHS.deleteRole, { roleCode: role.code })).body.code).toBe('000000');
    expect((await matrix(owner)).roles.map((r) => r.code)).not.toContain(role.code);
    expect((await c.post(owner, TEAM_PATHS.deleteRole, { roleCode: role.code })).body.code).toBe(
      ERROR_CODES.ROLE_NOT_FOUND,
    );

    // Every change is in the audit log: created, updated, deleted, and the assignments.
    expect(await roleAudits()).toBe(audits + 3);
    const trail = await c.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, role.code), eq(auditLog.targetType, 'ROLE')))
      .orderBy(asc(auditLog.at));
    expect(trail.map((a) => a.action)).toEqual(['ROLE_CREATED', 'ROLE_UPDATED', 'ROLE_DELETED']);
    expect(trail[1].detail).toMatchObject({
      name: 'Support team',
      previousName: 'Support desk',
      added: ['/transactions/refunds', 'PAGE_REFUNDS_DETAIL'],
      removed: ['/transactions/payments', 'PAGE_PAYMENTS_DETAIL', 'PAGE_DISPUTES_DETAIL'],
    });
    const changes = await c.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, m.id), eq(auditLog.action, 'MEMBER_ROLE_CHANGED')));
    expect(changes.map((a) => (a.detail as { to?: string }).to)).toEqual(['VIEWER', role.code, 'VIEWER']);
  });

  it('never edits or deletes a built-in role', async () => {
    const before = await roleRows();
    for (const [url, payload] of [
      [TEAM_PATHS.editRole, { roleCode: 'FINANCE', name: 'Money', menuUrls: ['/home'], permissionCodes: [] }],
      [TEAM_PATHS.deleteRole, { roleCode: 'VIEWER' }],
      [TEAM_PATHS.deleteRole, { roleCode: 'OWNER' }],
    ] as const) {
      const res = await c.post(owner, url, payload);
      expect(res.body.code, url).toBe(ERROR_CODES.ROLE_CHANGE_REFUSED);
      expect(res.body.msg).toMatch(/^Built-in roles cannot be/);
    }
    // The refusal names the role: in English as the product does, in Chinese by its Chinese name.
    const refusal = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: TEAM_PATHS.deleteRole,
        payload: { roleCode: 'FINANCE' },
        headers: { cookie: owner, 'accept-language': lang },
      });
    expect((await refusal('en')).json().msg).toBe(
      'Built-in roles cannot be deleted. Create a custom role from Finance instead.',
    );
    expect((await refusal('zh-CN')).json().msg).toBe('内置角色不能删除。请基于“财务”创建自定义角色。');
    expect(await roleRows()).toEqual(before);
  });

  it("answers another merchant's role as not found, wherever its code is sent", async () => {
    const before = await roleRows();
    for (const [url, payload] of [
      [
        TEAM_PATHS.editRole,
        { roleCode: 'CUSTOM_DEMO_SUPPORT', name: 'Mine now', menuUrls: ['/home'], permissionCodes: [] },
      ],
      [TEAM_PATHS.deleteRole, { roleCode: 'CUSTOM_DEMO_SUPPORT' }],
    ] as const) {
      expect((await c.post(payouts, url, payload)).body.code, url).toBe(ERROR_CODES.ROLE_NOT_FOUND);
    }
    // Given to a member of theirs, or in an invitation: no role of that merchant.
    const invite = await c.post(payouts, USERCENTER_PATHS.inviteMember, {
      email: 'stolen.role@example.com',
      roleCode: 'CUSTOM_DEMO_SUPPORT',
    });
    expect(invite.body.code).toBe(ERROR_CODES.INVALID_REQUEST);
    expect(invite.body.msg).toContain('roleCode');
    const theirs = await c.addMember(payouts, 'payout.viewer@example.com', 'VIEWER');
    const give = await c.post(payouts, TEAM_PATHS.updateRole, { userId: theirs.id, roleCode: 'CUSTOM_DEMO_SUPPORT' });
    expect(give.body.code).toBe(ERROR_CODES.INVALID_REQUEST);
    // A base must be built in: a custom role is no base, and another merchant's even less.
    const fromCustom = await c.post(payouts, TEAM_PATHS.createRole, {
      ...SUPPORT_DESK,
      baseCode: 'CUSTOM_DEMO_SUPPORT',
    });
    expect(fromCustom.body.code).toBe(ERROR_CODES.INVALID_REQUEST);
    expect(await roleRows()).toEqual(before);
    const [row] = await c.db.select({ role: users.roleCode }).from(users).where(eq(users.id, theirs.id));
    expect(row.role).toBe('VIEWER');
  });

  it('refuses bad input with a catalogue error naming the field, and writes nothing', async () => {
    const before = await roleRows();
    const audits = await roleAudits();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...SUPPORT_DESK, name: 'x'.repeat(100_000) }, ERROR_CODES.INVALID_REQUEST, /name/],
      [{ ...SUPPORT_DESK, name: '   ' }, ERROR_CODES.INVALID_REQUEST, /name/],
      [{ ...SUPPORT_DESK, name: 'Two\nlines' }, ERROR_CODES.INVALID_REQUEST, /name/],
      [{ ...SUPPORT_DESK, name: 5 }, ERROR_CODES.INVALID_REQUEST, /name/],
      [{ ...SUPPORT_DESK, menuUrls: '/home' }, ERROR_CODES.INVALID_REQUEST, /menuUrls/],
      [{ ...SUPPORT_DESK, permissionCodes: [42] }, ERROR_CODES.INVALID_REQUEST, /permissionCodes/],
      [{ ...SUPPORT_DESK, permissionCodes: ['API_EVERYTHING'] }, ERROR_CODES.INVALID_REQUEST, /permissionCodes/],
      [{ ...SUPPORT_DESK, permissionCodes: ['*'] }, ERROR_CODES.INVALID_REQUEST, /permissionCodes/],
      [{ ...SUPPORT_DESK, menuUrls: ['*'] }, ERROR_CODES.INVALID_REQUEST, /menuUrls/],
      [{ ...SUPPORT_DESK, menuUrls: ['/home', '/admin/everything'] }, ERROR_CODES.INVALID_REQUEST, /menuUrls/],
      [{ ...SUPPORT_DESK, menuUrls: ['/home'] }, ERROR_CODES.INVALID_REQUEST, /PAGE_PAYMENTS_DETAIL needs its page/],
      [{ ...SUPPORT_DESK, baseCode: 'root' }, ERROR_CODES.INVALID_REQUEST, /baseCode/],
      [{ ...SUPPORT_DESK, baseCode: 'NOBODY' }, ERROR_CODES.INVALID_REQUEST, /baseCode/],
      [{ ...SUPPORT_DESK, name: 'support' }, ERROR_CODES.ROLE_NAME_TAKEN, /“support” already exists/],
      [{ ...SUPPORT_DESK, name: 'VIEWER' }, ERROR_CODES.ROLE_NAME_TAKEN, /already exists/],
    ];
    for (const [payload, code, msg] of cases) {
      const res = await c.post(owner, TEAM_PATHS.createRole, payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(200);
      expect(res.body.code, JSON.stringify(payload).slice(0, 80)).toBe(code);
      expect(res.body.msg).toMatch(msg);
    }
    for (const payload of [{}, { roleCode: 7 }, { roleCode: 'custom_demo_support' }, { roleCode: 'X'.repeat(1000) }]) {
      expect((await c.post(owner, TEAM_PATHS.deleteRole, payload)).body.code).toBe(ERROR_CODES.INVALID_REQUEST);
    }
    const edit = await c.post(owner, TEAM_PATHS.editRole, {
      roleCode: 'CUSTOM_DEMO_SUPPORT',
      name: 'Owner',
      menuUrls: ['/home'],
      permissionCodes: [],
    });
    expect(edit.body.code).toBe(ERROR_CODES.ROLE_NAME_TAKEN);
    expect(await roleRows()).toEqual(before);
    expect(await roleAudits()).toBe(audits);
  });
});
