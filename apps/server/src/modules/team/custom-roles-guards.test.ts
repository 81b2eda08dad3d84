import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, like } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { TEAM_PATHS, type RoleMatrix } from '@mbo/contracts/team';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { auditLog, roles, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { teamClient } from './team-test-helpers';

/**
 * Custom roles cannot be used to climb: nobody grants (in a role, or by giving one) what they do not hold, nobody
 * edits their own role, Owner comes with the Owner role alone; and a delete racing an assignment leaves one of the
 * two done, never both, never a 500.
 */
describe('custom role guards', () => {
  let t: TestApp;
  let c: ReturnType<typeof teamClient>;
  let owner: string;
  /** A member of Demo Store holding the custom "Team lead" role: manages members and roles, reads payments. */
  let lead: { cookie: string; id: string };
  let leadRole: string;

  const TEAM_LEAD = {
    baseCode: 'ADMIN',
    name: 'Team lead',
    menuUrls: ['/home', '/transactions/payments', '/settings/team'],
    permissionCodes: ['PAGE_PAYMENTS_DETAIL', 'API_MEMBER_ADD', 'API_MEMBER_UPDATE', 'API_ROLE_MANAGE'],
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = teamClient(t);
    owner = await c.login('owner@demo.test');
    const created = await c.post(owner, TEAM_PATHS.createRole, TEAM_LEAD);
    expect(created.body.code, created.body.msg).toBe('000000');
    leadRole = created.body.data.code;
    lead = await c.addMember(owner, 'lead@example.com', leadRole);
  });
  afterAll(async () => {
    await t.close();
  });

  const roleRows = () => c.db.select().from(roles).orderBy(asc(roles.code));
  const roleAudits = async () =>
    (await c.db.select({ n: count() }).from(auditLog).where(like(auditLog.action, 'ROLE_%')))[0].n;
  const roleOf = async (userId: string) =>
    (await c.db.select({ role: users.roleCode }).from(users).where(eq(users.id, userId)))[0]?.role;

  it('lets a custom-role admin neither grant Owner, nor a code it lacks, nor edit its own role', async () => {
    // A member within the lead's reach (their role grants only the home page), and one out of it (a Viewer reads
    // pages the lead does not).
    const homeOnly = await c.post(owner, TEAM_PATHS.createRole, {
      baseCode: 'VIEWER',
      name: 'Home only',
      menuUrls: ['/home'],
      permissionCodes: [],
    });
    const target = await c.addMember(owner, 'target@example.com', homeOnly.body.data.code);
    const viewer = (await c.userId('viewer@demo.test'))!;
    const before = await roleRows();
    const audits = await roleAudits();
    const attempts: [string, string, unknown, string, RegExp][] = [
      // Owner: given, invited, or as a base; and '*' is no code.
      [
        'OWNER to a member',
        TEAM_PATHS.updateRole,
        { userId: target.id, roleCode: 'OWNER' },
        ERROR_CODES.MEMBER_CHANGE_REFUSED,
        /Only an owner/,
      ],
      [
        'an Owner invitation',
        USERCENTER_PATHS.inviteMember,
        { email: 'o@example.com', roleCode: 'OWNER' },
        ERROR_CODES.MEMBER_CHANGE_REFUSED,
        /Only an owner/,
      ],
      [
        'a role from Owner',
        TEAM_PATHS.createRole,
        { ...TEAM_LEAD, name: 'Boss', baseCode: 'OWNER' },
        ERROR_CODES.ROLE_CHANGE_REFUSED,
        /made from Owner/,
      ],
      [
        'a wildcard',
        TEAM_PATHS.createRole,
        { ...TEAM_LEAD, name: 'Boss', permissionCodes: ['*'] },
        ERROR_CODES.INVALID_REQUEST,
        /permissionCodes/,
      ],
      // Codes and pages it does not hold: in a new role, in the Admin role it gives, in an invitation.
      [
        'a refund in a new role',
        TEAM_PATHS.createRole,
        { ...TEAM_LEAD, name: 'Refunder', permissionCodes: [...TEAM_LEAD.permissionCodes, 'API_PAYMENT_REFUND'] },
        ERROR_CODES.ROLE_CHANGE_REFUSED,
        /does not have: Refund payments\./,
      ],
      [
        'a page in a new role',
        TEAM_PATHS.createRole,
        { ...TEAM_LEAD, name: 'Reader', menuUrls: [...TEAM_LEAD.menuUrls, '/account/balance'] },
        ERROR_CODES.ROLE_CHANGE_REFUSED,
        /Balance \(page\)/,
      ],
      [
        'Admin to a member',
        TEAM_PATHS.updateRole,
        { userId: target.id, roleCode: 'ADMIN' },
        ERROR_CODES.ROLE_CHANGE_REFUSED,
        /cannot give the role Admin/,
      ],
      [
        'Finance to a member',
        TEAM_PATHS.updateRole,
        { userId: target.id, roleCode: 'FINANCE' },
        ERROR_CODES.ROLE_CHANGE_REFUSED,
        /Refund payments/,
      ],
      [
        'a Finance invitation',
        USERCENTER_PATHS.inviteMember,
        { email: 'f@example.com', roleCode: 'FINANCE' },
        ERROR_CODES.ROLE_CHANGE_REFUSED,
        /cannot give the role Finance/,
      ],
      [
        'a code added to Support',
        TEAM_PATHS.editRole,
        {
          roleCode: 'CUSTOM_DEMO_SUPPORT',
          name: 'Support',
          menuUrls: ['/home', '/transactions/payments'],
          permissionCodes: ['PAGE_PAYMENTS_DETAIL', 'API_PAYMENT_REFUND'],
        },
        ERROR_CODES.ROLE_CHANGE_REFUSED,
        /Refund payments/,
      ],
      // Its own role: not edited (not even to take a code away), not deleted.
      [
        'its own role edited',
        TEAM_PATHS.editRole,
        {
          roleCode: '',
          name: 'Team lead',
          menuUrls: ['/home', '/settings/team'],
          permissionCodes: ['API_ROLE_MANAGE'],
        },
        ERROR_CODES.ROLE_CHANGE_REFUSED,
        /role you hold yourself/,
      ],
      [
        'its own role deleted',
        TEAM_PATHS.deleteRole,
        { roleCode: '' },
        ERROR_CODES.ROLE_CHANGE_REFUSED,
        /role you hold yourself/,
      ],
      // A member whose role grants more than its own: out of reach.
      [
        'a viewer changed',
        TEAM_PATHS.updateRole,
        { userId: viewer, roleCode: 'CUSTOM_DEMO_SUPPORT' },
        ERROR_CODES.MEMBER_CHANGE_REFUSED,
        /grants more than your own role/,
      ],
      [
        'an admin demoted',
        TEAM_PATHS.updateRole,
        { userId: '', roleCode: 'VIEWER' },
        ERROR_CODES.MEMBER_CHANGE_REFUSED,
        /grants more than your own role/,
      ],
      [
        'an admin disabled',
        TEAM_PATHS.updateStatus,
        { userId: '', status: 'DISABLED' },
        ERROR_CODES.MEMBER_CHANGE_REFUSED,
        /grants more than your own role/,
      ],
    ];
    const admin = await c.addMember(owner, 'real.admin@example.com', 'ADMIN');
    for (const [what, url, payload, code, msg] of attempts) {
      const body = { ...(payload as Record<string, unknown>) };
      if (body.roleCode === '') body.roleCode = leadRole;
      if (body.userId === '') body.userId = admin.id;
      const res = await c.post(lead.cookie, url, body);
      expect(res.body.code, `${what}: ${res.body.msg}`).toBe(code);
      expect(res.body.msg, what).toMatch(msg);
    }
    // Nothing was written: no role, no grant, no member changed, no audit row.
    expect(await roleRows()).toEqual(before);
    expect(await roleAudits()).toBe(audits);
    expect(await roleOf(viewer)).toBe('VIEWER');
    expect(await roleOf(target.id)).toBe(homeOnly.body.data.code);
    expect(await roleOf(admin.id)).toBe('ADMIN');
    expect(await c.userId('o@example.com')).toBeUndefined();
    expect(await c.userId('f@example.com')).toBeUndefined();

    // Within what it holds, it works: a narrower role, given to a member; the matrix marks what it may give.
    const narrow = await c.post(lead.cookie, TEAM_PATHS.createRole, {
      baseCode: 'VIEWER',
      name: 'Payments reader',
      menuUrls: ['/home', '/transactions/payments'],
      permissionCodes: ['PAGE_PAYMENTS_DETAIL'],
    });
    expect(narrow.body.code, narrow.body.msg).toBe('000000');
    const given = await c.post(lead.cookie, TEAM_PATHS.updateRole, {
      userId: target.id,
      roleCode: narrow.body.data.code,
    });
    expect(given.body.data).toMatchObject({ roleName: 'Payments reader' });
    const m = (await c.get(lead.cookie, TEAM_PATHS.roles)).body.data as RoleMatrix;
    const assignable = Object.fromEntries(m.roles.map((r) => [r.name, r.assignable]));
    expect(assignable).toMatchObject({
      Owner: false,
      Admin: false,
      Finance: false,
      'Payments reader': true,
      'Team lead': true,
    });
    expect(m.caller.permissionCodes).toEqual([
      'PAGE_PAYMENTS_DETAIL',
      'API_MEMBER_ADD',
      'API_MEMBER_UPDATE',
      'API_ROLE_MANAGE',
    ]);
    // An owner edits the team lead's role; the lead has the change at its next call.
    const cut = await c.post(owner, TEAM_PATHS.editRole, {
      ...TEAM_LEAD,
      roleCode: leadRole,
      permissionCodes: ['PAGE_PAYMENTS_DETAIL'],
    });
    expect(cut.body.code).toBe('000000');
    expect((await c.post(lead.cookie, TEAM_PATHS.deleteRole, { roleCode: narrow.body.data.code })).status).toBe(430);
    await c.post(owner, TEAM_PATHS.editRole, { ...TEAM_LEAD, roleCode: leadRole });
  });

  it('keeps the last Owner rule with custom roles', async () => {
    const ownerId = (await c.userId('owner@demo.test'))!;
    // The only owner, moved to a custom role by its holder: refused, the merchant would have no owner.
    const lone = await c.post(lead.cookie, TEAM_PATHS.updateRole, { userId: ownerId, roleCode: leadRole });
    expect(lone.body.code).toBe(ERROR_CODES.LAST_OWNER);
    // With a second owner, an owner may move the first to a custom role; then the second is the last.
    const second = await c.addMember(owner, 'second.owner@example.com', 'OWNER');
    const moved = await c.post(second.cookie, TEAM_PATHS.updateRole, { userId: ownerId, roleCode: leadRole });
    expect(moved.body.code, moved.body.msg).toBe('000000');
    const last = await c.post(owner, TEAM_PATHS.updateRole, { userId: second.id, roleCode: leadRole });
    expect(last.body.code).toBe(ERROR_CODES.LAST_OWNER);
    expect(await roleOf(second.id)).toBe('OWNER');
    const back = await c.post(second.cookie, TEAM_PATHS.updateRole, { userId: ownerId, roleCode: 'OWNER' });
    expect(back.body.code).toBe('000000');
  });

  it('leaves a consistent state when deletes race an assignment of the same role, and when two creates race for a name', async () => {
    const member = await c.addMember(owner, 'racer@example.com', 'VIEWER');
    for (let round = 0; round < 4; round++) {
      const created = await c.post(owner, TEAM_PATHS.createRole, {
        baseCode: 'VIEWER',
        name: `Racing ${round}`,
        menuUrls: ['/home'],
        permissionCodes: [],
      });
      const code = created.body.data.code as string;
      const [del1, assign, del2] = await Promise.all([
        c.post(owner, TEAM_PATHS.deleteRole, { roleCode: code }),
        c.post(owner, TEAM_PATHS.updateRole, { userId: member.id, roleCode: code }),
        c.post(owner, TEAM_PATHS.deleteRole, { roleCode: code }),
      ]);
      for (const res of [del1, assign, del2]) expect(res.status).toBe(200);
      const [role] = await c.db.select({ code: roles.code }).from(roles).where(eq(roles.code, code));
      const holds = (await roleOf(member.id)) === code;
      if (assign.body.code === '000000') {
        // The assignment landed first: the role stays, both deletes were refused as in use.
        expect(holds).toBe(true);
        expect(role).toBeDefined();
        expect([del1.body.code, del2.body.code]).toEqual([ERROR_CODES.ROLE_IN_USE, ERROR_CODES.ROLE_IN_USE]);
        expect((await c.post(owner, TEAM_PATHS.updateRole, { userId: member.id, roleCode: 'VIEWER' })).body.code).toBe(
          '000000',
        );
      } else {
        // A delete landed first: one delete won, the other found nothing, the member kept their role.
        expect(assign.body.code).toBe(ERROR_CODES.INVALID_REQUEST);
        expect(holds).toBe(false);
        expect(role).toBeUndefined();
        expect([del1.body.code, del2.body.code].sort()).toEqual(['000000', ERROR_CODES.ROLE_NOT_FOUND].sort());
      }
    }
    const both = await Promise.all(
      [0, 1].map(() =>
        c.post(owner, TEAM_PATHS.createRole, {
          baseCode: 'VIEWER',
          name: 'Twin',
          menuUrls: ['/home'],
          permissionCodes: [],
        }),
      ),
    );
    expect(both.map((r) => r.body.code).sort()).toEqual(['000000', ERROR_CODES.ROLE_NAME_TAKEN].sort());
    expect((await c.db.select({ n: count() }).from(roles).where(eq(roles.name, 'Twin')))[0].n).toBe(1);
  });
});
