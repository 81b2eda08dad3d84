import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { MemberRecord } from '@mbo/contracts/team';
import { TEAM_PATHS } from '@mbo/contracts/team';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { sessions, users } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { tokenIn } from '../../test/smtp';
import { PASSWORD, teamClient } from './team-test-helpers';

/** Settings → Team: members, invitations, role and status changes, sub-merchant access; on PGlite and PostgreSQL. */
describe('team members', () => {
  let t: TestApp;
  let c: ReturnType<typeof teamClient>;
  let owner: string;
  let viewer: string;
  let finance: string;
  let payouts: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = teamClient(t);
    owner = await c.login('owner@demo.test');
    viewer = await c.login('viewer@demo.test');
    finance = await c.login('finance@demo.test');
    payouts = await c.login('payouts@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the active merchant's members with their status, role, inviter and two-factor state; filters and searches", async () => {
    const all = await c.members(owner);
    expect(all.body.code).toBe('000000');
    const byEmail = new Map((all.body.data.records as MemberRecord[]).map((m) => [m.email, m]));
    expect([...byEmail.keys()]).toEqual(
      expect.arrayContaining([
        'owner@demo.test',
        'finance@demo.test',
        'viewer@demo.test',
        'invited@demo.test',
        'disabled@demo.test',
      ]),
    );
    expect(byEmail.has('payouts@demo.test')).toBe(false);
    expect(byEmail.get('owner@demo.test')).toMatchObject({
      roleCode: 'OWNER',
      roleName: 'Owner',
      status: 'ACTIVE',
      isSelf: true,
      twoFactorEnabled: false,
      allSubMerchants: true,
      subMerchantIds: [],
    });
    expect(byEmail.get('owner@demo.test')!.lastLoginAt).not.toBeNull();
    expect(byEmail.get('disabled@demo.test')).toMatchObject({ status: 'DISABLED', isSelf: false });

    const invited = await c.members(owner, { status: ['INVITED'] });
    expect((invited.body.data.records as MemberRecord[]).every((m) => m.status === 'INVITED')).toBe(true);
    const search = await c.members(owner, { keyword: 'FIN' });
    expect((search.body.data.records as MemberRecord[]).map((m) => m.email)).toEqual(['finance@demo.test']);
    const roles = await c.members(owner, { roleCode: ['VIEWER'] });
    expect((roles.body.data.records as MemberRecord[]).map((m) => m.email).sort()).toEqual([
      'disabled@demo.test',
      'viewer@demo.test',
    ]);
    // A custom role filters like a built-in one; another merchant's role matches none of its members.
    const custom = await c.members(owner, { roleCode: ['CUSTOM_DEMO_SUPPORT', 'VIEWER'] });
    expect((custom.body.data.records as MemberRecord[]).map((m) => m.email).sort()).toEqual([
      'disabled@demo.test',
      'support@demo.test',
      'viewer@demo.test',
    ]);
    const theirs = await c.members(payouts, { roleCode: ['CUSTOM_DEMO_SUPPORT'] });
    expect(theirs.body).toMatchObject({ code: '000000', data: { total: 0, records: [] } });
    // A wildcard is a character, not a pattern.
    expect((await c.members(owner, { keyword: '%' })).body.data.total).toBe(0);
  });

  it("decides every team call on the server: the page's menu, the codes, the tenant", async () => {
    // The viewer and finance have no Team page: every team call, reads included, is refused.
    for (const cookie of [viewer, finance]) {
      expect((await c.members(cookie)).status).toBe(430);
      expect((await c.get(cookie, TEAM_PATHS.roles)).status).toBe(430);
      expect(
        (await c.post(cookie, USERCENTER_PATHS.inviteMember, { email: 'x@example.com', roleCode: 'VIEWER' })).status,
      ).toBe(430);
      expect(
        (await c.post(cookie, TEAM_PATHS.updateRole, { userId: await c.userId('viewer@demo.test'), roleCode: 'ADMIN' }))
          .status,
      ).toBe(430);
      expect((await c.post(cookie, TEAM_PATHS.auditLog, {})).status).toBe(430);
    }
    // Another merchant's owner: Demo Store's members are "not found", whatever the call.
    const demoViewer = (await c.userId('viewer@demo.test'))!;
    const invited = (await c.userId('invited@demo.test'))!;
    for (const [url, payload] of [
      [TEAM_PATHS.updateRole, { userId: demoViewer, roleCode: 'ADMIN' }],
      [TEAM_PATHS.updateStatus, { userId: demoViewer, status: 'DISABLED' }],
      [TEAM_PATHS.resendInvite, { userId: invited }],
      [TEAM_PATHS.revokeInvite, { userId: invited }],
    ] as const) {
      const res = await c.post(payouts, url, payload);
      expect(res.body.code, url).toBe(ERROR_CODES.MEMBER_NOT_FOUND);
    }
    const rows = await c.db
      .select({ role_code: users.roleCode, status: users.status })
      .from(users)
      .where(inArray(users.id, [demoViewer, invited]))
      .orderBy(desc(users.email));
    expect(rows).toEqual([
      { role_code: 'VIEWER', status: 'ACTIVE' },
      { role_code: 'OPERATIONS', status: 'INVITED' },
    ]);
    const theirs = await c.members(payouts);
    expect((theirs.body.data.records as MemberRecord[]).map((m) => m.email)).toEqual(['payouts@demo.test']);
  });

  it('invites by mail (7 days, single use), refuses an email that has a user, resends (the old link dies) and revokes', async () => {
    const token = await c.invite(owner, 'new.member@example.com', 'OPERATIONS');
    const [link] = await typedRows(
      c.db,
      { days: computed(Number) },
      sql`
      SELECT extract(epoch FROM l.expires_at - l.created_at) / 86400 AS days FROM user_links l JOIN users u ON u.id = l.user_id
       WHERE u.email = 'new.member@example.com' AND l.type = 'INVITE'`,
    );
    expect(link.days).toBeCloseTo(7, 2);
    const row = (await c.members(owner, { keyword: 'new.member' })).body.data.records[0] as MemberRecord;
    expect(row).toMatchObject({ status: 'INVITED', roleCode: 'OPERATIONS', invitedBy: 'owner@demo.test', name: '' });
    expect(Date.parse(row.inviteExpiresAt!)).toBeGreaterThan(Date.now() + 6.9 * 86400_000);

    for (const email of ['new.member@example.com', 'finance@demo.test', 'payouts@demo.test']) {
      const again = await c.post(owner, USERCENTER_PATHS.inviteMember, { email, roleCode: 'VIEWER' });
      expect(again.body.code, email).toBe(ERROR_CODES.USER_ALREADY_EXISTS);
      expect(again.body.msg).toBe('User already exists.');
    }

    const since = t.smtp.messages.length;
    expect((await c.post(owner, TEAM_PATHS.resendInvite, { userId: row.userId })).body.code).toBe('000000');
    const fresh = tokenIn(await t.smtp.waitFor('new.member@example.com', since));
    expect(fresh).not.toBe(token);
    const old = await call(t.app, 'POST', USERCENTER_PATHS.registerPassword, {
      payload: { token, name: 'Nora', password: PASSWORD },
    });
    expect(old.body.code).toBe(ERROR_CODES.USER_ALREADY_ACTIVE);

    expect((await c.post(owner, TEAM_PATHS.revokeInvite, { userId: row.userId })).body.code).toBe('000000');
    expect((await c.members(owner, { keyword: 'new.member' })).body.data.total).toBe(0);
    const dead = await call(t.app, 'POST', USERCENTER_PATHS.registerPassword, {
      payload: { token: fresh, name: 'Nora', password: PASSWORD },
    });
    expect(dead.body.code).toBe(ERROR_CODES.LINK_INVALID);
    // Revoked, the email can be invited again; an accepted invitation cannot be revoked or resent.
    await c.invite(owner, 'new.member@example.com', 'VIEWER');
    const finance = (await c.userId('finance@demo.test'))!;
    expect((await c.post(owner, TEAM_PATHS.revokeInvite, { userId: finance })).body.code).toBe(
      ERROR_CODES.USER_ALREADY_ACTIVE,
    );
    expect((await c.post(owner, TEAM_PATHS.resendInvite, { userId: finance })).body.code).toBe(
      ERROR_CODES.USER_ALREADY_ACTIVE,
    );
  });

  it('lets one of two parallel uses of an invitation link win; the other gets "User is already active."', async () => {
    const token = await c.invite(owner, 'twice@example.com', 'VIEWER');
    const both = await Promise.all(
      [0, 1].map((i) =>
        call(t.app, 'POST', USERCENTER_PATHS.registerPassword, {
          payload: { token, name: `Twice ${i}`, password: PASSWORD },
        }),
      ),
    );
    expect(both.map((r) => r.body.code).sort()).toEqual(['000000', ERROR_CODES.USER_ALREADY_ACTIVE]);
    expect(
      (await c.post(owner, USERCENTER_PATHS.inviteMember, { email: 'twice@example.com', roleCode: 'VIEWER' })).body
        .code,
    ).toBe(ERROR_CODES.USER_ALREADY_EXISTS);
  });

  it("applies a role change on the member's very next call, and disabling ends every session of theirs at once", async () => {
    const m = await c.addMember(owner, 'ops.member@example.com', 'OPERATIONS');
    const second = await c.login('ops.member@example.com', PASSWORD);
    expect((await c.post(m.cookie, '/acquiring/web/v1/payment-link/list', {})).status).toBe(200);

    const changed = await c.post(owner, TEAM_PATHS.updateRole, { userId: m.id, roleCode: 'DEVELOPER' });
    expect(changed.body.data).toMatchObject({ roleCode: 'DEVELOPER', roleName: 'Developer' });
    // The next call: the payment links page is no longer granted; the menu lost it.
    expect((await c.post(m.cookie, '/acquiring/web/v1/payment-link/list', {})).status).toBe(430);
    const menu = JSON.stringify((await c.get(m.cookie, USERCENTER_PATHS.menuList)).body.data);
    expect(menu).not.toContain('/transactions/payment_link');
    expect(menu).toContain('/settings/integration');

    const disabled = await c.post(owner, TEAM_PATHS.updateStatus, { userId: m.id, status: 'DISABLED' });
    expect(disabled.body.data.status).toBe('DISABLED');
    for (const cookie of [m.cookie, second])
      expect((await c.get(cookie, USERCENTER_PATHS.currentUser)).status).toBe(431);
    const [open] = await c.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, m.id), isNull(sessions.endedAt)));
    expect(open.n).toBe(0);
    await c.clearRateLimits();
    expect(
      (
        await call(t.app, 'POST', USERCENTER_PATHS.login, {
          payload: { email: 'ops.member@example.com', password: PASSWORD },
        })
      ).body.code,
    ).toBe(ERROR_CODES.CHECK_USER_STATUS);

    expect((await c.post(owner, TEAM_PATHS.updateStatus, { userId: m.id, status: 'ACTIVE' })).body.data.status).toBe(
      'ACTIVE',
    );
    expect(
      (await c.get(await c.login('ops.member@example.com', PASSWORD), USERCENTER_PATHS.currentUser)).body.data.roleCode,
    ).toBe('DEVELOPER');
    // An invitation is revoked, not disabled.
    const invited = (await c.userId('invited@demo.test'))!;
    expect((await c.post(owner, TEAM_PATHS.updateStatus, { userId: invited, status: 'DISABLED' })).body.code).toBe(
      ERROR_CODES.MEMBER_CHANGE_REFUSED,
    );
  });

  it('refuses changes of oneself, owners changed by a non-owner, and unknown roles', async () => {
    const self = (await c.userId('owner@demo.test'))!;
    for (const [url, payload] of [
      [TEAM_PATHS.updateRole, { userId: self, roleCode: 'ADMIN' }],
      [TEAM_PATHS.updateStatus, { userId: self, status: 'DISABLED' }],
    ] as const) {
      const res = await c.post(owner, url, payload);
      expect(res.body.code).toBe(ERROR_CODES.MEMBER_CHANGE_REFUSED);
      expect(res.body.msg).toMatch(/your own/);
    }
    const admin = await c.addMember(owner, 'admin.member@example.com', 'ADMIN');
    const ownerId = self;
    const viewerId = (await c.userId('viewer@demo.test'))!;
    // The only owner: the last-Owner rule answers first.
    expect((await c.post(admin.cookie, TEAM_PATHS.updateRole, { userId: ownerId, roleCode: 'VIEWER' })).body.code).toBe(
      ERROR_CODES.LAST_OWNER,
    );
    expect(
      (await c.post(admin.cookie, TEAM_PATHS.updateStatus, { userId: ownerId, status: 'DISABLED' })).body.code,
    ).toBe(ERROR_CODES.LAST_OWNER);
    // With a second owner, an admin still may not change an owner.
    const other = await c.addMember(owner, 'other.owner@example.com', 'OWNER');
    const onlyOwners = await c.post(admin.cookie, TEAM_PATHS.updateStatus, { userId: other.id, status: 'DISABLED' });
    expect(onlyOwners.body).toMatchObject({
      code: ERROR_CODES.MEMBER_CHANGE_REFUSED,
      msg: 'Only an owner can change an owner or give the Owner role.',
    });
    expect((await c.post(owner, TEAM_PATHS.updateStatus, { userId: other.id, status: 'DISABLED' })).body.code).toBe(
      '000000',
    );
    expect((await c.post(admin.cookie, TEAM_PATHS.updateRole, { userId: viewerId, roleCode: 'OWNER' })).body.code).toBe(
      ERROR_CODES.MEMBER_CHANGE_REFUSED,
    );
    expect(
      (await c.post(admin.cookie, USERCENTER_PATHS.inviteMember, { email: 'o2@example.com', roleCode: 'OWNER' })).body
        .code,
    ).toBe(ERROR_CODES.MEMBER_CHANGE_REFUSED);
    // An admin manages everyone else.
    expect(
      (await c.post(admin.cookie, TEAM_PATHS.updateRole, { userId: viewerId, roleCode: 'FINANCE' })).body.data.roleCode,
    ).toBe('FINANCE');
    expect(
      (await c.post(admin.cookie, TEAM_PATHS.updateRole, { userId: viewerId, roleCode: 'VIEWER' })).body.data.roleCode,
    ).toBe('VIEWER');
    const unknown = await c.post(owner, TEAM_PATHS.updateRole, { userId: viewerId, roleCode: 'ROOT' });
    expect(unknown.body.code).toBe(ERROR_CODES.INVALID_REQUEST);
    expect(unknown.body.msg).toContain('roleCode');
    // Bad ids are bad input, never a 500.
    expect((await c.post(owner, TEAM_PATHS.updateRole, { userId: 'not-a-uuid', roleCode: 'VIEWER' })).body.code).toBe(
      ERROR_CODES.INVALID_REQUEST,
    );
  });

  it('never leaves the merchant without an active Owner, also when two owners demote each other at once', async () => {
    const ownerId = (await c.userId('owner@demo.test'))!;
    const second = await c.addMember(owner, 'second.owner@example.com', 'OWNER');
    const activeOwners = async () =>
      c.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.merchantId, 'M1000001'), eq(users.roleCode, 'OWNER'), eq(users.status, 'ACTIVE')));
    const cookies: Record<string, string> = { [ownerId]: owner, [second.id]: second.cookie };
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([
        c.post(cookies[ownerId], TEAM_PATHS.updateRole, { userId: second.id, roleCode: 'ADMIN' }),
        c.post(cookies[second.id], TEAM_PATHS.updateRole, { userId: ownerId, roleCode: 'ADMIN' }),
      ]);
      const codes = [a.body.code, b.body.code].sort();
      expect(codes, JSON.stringify([a.body, b.body])).toEqual(['000000', ERROR_CODES.LAST_OWNER]);
      expect([a.body.msg, b.body.msg]).toContain(
        'The merchant must keep at least one active Owner. Make another member an Owner first.',
      );
      const owners = await activeOwners();
      expect(owners).toHaveLength(1);
      // The one left an owner makes the other an owner again for the next round.
      const [winner, loser] = owners[0].id === ownerId ? [ownerId, second.id] : [second.id, ownerId];
      expect(
        (await c.post(cookies[winner], TEAM_PATHS.updateRole, { userId: loser, roleCode: 'OWNER' })).body.code,
      ).toBe('000000');
    }
    // One at a time: the first demotion goes through, the second would leave no owner.
    expect((await c.post(owner, TEAM_PATHS.updateStatus, { userId: second.id, status: 'DISABLED' })).body.code).toBe(
      '000000',
    );
    expect(await activeOwners()).toEqual([{ id: ownerId }]);
    // A disabled owner's session is gone; re-enabled, they can act again.
    expect((await c.post(second.cookie, TEAM_PATHS.updateRole, { userId: ownerId, roleCode: 'ADMIN' })).status).toBe(
      431,
    );
    expect((await c.post(owner, TEAM_PATHS.updateStatus, { userId: second.id, status: 'ACTIVE' })).body.code).toBe(
      '000000',
    );
    const again = await c.login('second.owner@example.com', PASSWORD);
    expect((await c.post(again, TEAM_PATHS.updateRole, { userId: ownerId, roleCode: 'ADMIN' })).body.code).toBe(
      '000000',
    );
    // Now the second owner is the last: the (former) owner, an admin now, may not touch them.
    expect((await c.post(owner, TEAM_PATHS.updateStatus, { userId: second.id, status: 'DISABLED' })).body.code).toBe(
      ERROR_CODES.LAST_OWNER,
    );
    expect((await c.post(owner, TEAM_PATHS.updateRole, { userId: second.id, roleCode: 'VIEWER' })).body.code).toBe(
      ERROR_CODES.LAST_OWNER,
    );
    expect((await c.post(again, TEAM_PATHS.updateRole, { userId: ownerId, roleCode: 'OWNER' })).body.code).toBe(
      '000000',
    );
    expect(await activeOwners()).toHaveLength(2);
  });

  it('lets an owner choose the sub-merchants a member may open: the switcher lists only those, and a session on one taken away acts for the parent', async () => {
    const m = await c.addMember(owner, 'sub.member@example.com', 'VIEWER');
    const subs = async (cookie: string) =>
      ((await c.get(cookie, USERCENTER_PATHS.subMerchantList)).body.data as { merchantId: string }[])
        .map((s) => s.merchantId)
        .sort();
    expect(await subs(m.cookie)).toEqual(['M1000001', 'M1000002', 'M1000003']);
    expect((await c.post(m.cookie, USERCENTER_PATHS.switchMerchant, { merchantId: 'M1000003' })).body.code).toBe(
      '000000',
    );

    const limited = await c.post(owner, TEAM_PATHS.updateAccess, {
      userId: m.id,
      allSubMerchants: false,
      merchantIds: ['M1000002'],
    });
    expect(limited.body.data).toMatchObject({ allSubMerchants: false, subMerchantIds: ['M1000002'] });
    expect(await subs(m.cookie)).toEqual(['M1000001', 'M1000002']);
    expect((await c.get(m.cookie, USERCENTER_PATHS.currentUser)).body.data.merchantId).toBe('M1000001');
    expect((await c.post(m.cookie, USERCENTER_PATHS.switchMerchant, { merchantId: 'M1000003' })).body.code).toBe(
      ERROR_CODES.MERCHANT_NOT_ACCESSIBLE,
    );
    expect((await c.post(m.cookie, USERCENTER_PATHS.switchMerchant, { merchantId: 'M1000002' })).body.code).toBe(
      '000000',
    );

    // Only an owner decides, only among the merchant's own sub-merchants.
    const admin = await c.addMember(owner, 'admin3.member@example.com', 'ADMIN');
    expect(
      (await c.post(admin.cookie, TEAM_PATHS.updateAccess, { userId: m.id, allSubMerchants: true, merchantIds: [] }))
        .body.code,
    ).toBe(ERROR_CODES.MEMBER_CHANGE_REFUSED);
    expect(
      (
        await c.post(owner, TEAM_PATHS.updateAccess, {
          userId: m.id,
          allSubMerchants: false,
          merchantIds: ['M2000001'],
        })
      ).body.code,
    ).toBe(ERROR_CODES.INVALID_REQUEST);
    expect(
      (await c.post(payouts, TEAM_PATHS.updateAccess, { userId: m.id, allSubMerchants: true, merchantIds: [] })).body
        .code,
    ).toBe(ERROR_CODES.MEMBER_CHANGE_REFUSED);
    expect(
      (await c.post(owner, TEAM_PATHS.updateAccess, { userId: m.id, allSubMerchants: true, merchantIds: [] })).body.data
        .allSubMerchants,
    ).toBe(true);
    expect(await subs(m.cookie)).toEqual(['M1000001', 'M1000002', 'M1000003']);
  });

  it("shows the roles matrix from the server's role data", async () => {
    const res = await c.get(owner, TEAM_PATHS.roles);
    const matrix = res.body.data as import('@mbo/contracts/team').RoleMatrix;
    // The built-in roles, then Demo Store's custom role (custom-roles.test.ts).
    expect(matrix.roles.map((r) => r.code)).toEqual([
      'OWNER',
      'ADMIN',
      'FINANCE',
      'OPERATIONS',
      'DEVELOPER',
      'VIEWER',
      'CUSTOM_DEMO_SUPPORT',
    ]);
    const role = (code: string) => matrix.roles.find((r) => r.code === code)!;
    expect(role('OWNER').menuUrls).toEqual(matrix.pages.map((p) => p.menuUrl));
    expect(role('VIEWER').menuUrls).not.toContain('/settings/team');
    expect(role('VIEWER').permissionCodes).not.toContain('API_PAYMENT_REFUND');
    expect(role('FINANCE').permissionCodes).toContain('API_PAYMENT_REFUND');
    expect(role('OWNER').permissionCodes).toContain('PAGE_AUDIT_LOG');
    expect(role('ADMIN').permissionCodes).toContain('PAGE_AUDIT_LOG');
    expect(role('FINANCE').permissionCodes).not.toContain('PAGE_AUDIT_LOG');
    const team = matrix.pages.find((p) => p.menuUrl === '/settings/team')!;
    expect(team.actions.map((a) => a.code)).toEqual([
      'API_MEMBER_ADD',
      'API_MEMBER_UPDATE',
      'API_ROLE_MANAGE',
      'PAGE_AUDIT_LOG',
    ]);
    expect(matrix.pages.find((p) => p.menuUrl === '/payout/create')!.products).toEqual(['PAYOUT']);
    // Each page and section by its menu id: the web words them as its menu does (shell:menu.<id>).
    expect(matrix.pages.find((p) => p.menuUrl === '/payout/create')).toMatchObject({
      menuId: 'payout-create',
      section: 'Payouts',
      sectionMenuId: 'payout',
    });
    expect(matrix.pages[0]).toMatchObject({ menuUrl: '/home', menuId: 'home', section: null, sectionMenuId: null });
    expect(matrix.pages.find((p) => p.menuUrl === '/transactions/reports')!.products).toBeNull();
    expect(new Set(matrix.pages.map((p) => p.menuUrl)).size).toBe(matrix.pages.length);
    expect(role('OWNER').memberCount).toBeGreaterThanOrEqual(1);
  });
});
