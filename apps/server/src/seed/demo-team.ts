import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, users } from '../db/schema';
import { createLink } from '../modules/auth';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo Store's custom role (Settings → Team → Roles): support reads payments, refunds and disputes with their
 * details, and moves no money (no refund, no evidence upload or submission, no exports).
 */
export const DEMO_SUPPORT_ROLE = {
  code: 'CUSTOM_DEMO_SUPPORT',
  name: 'Support',
  description: 'Custom role, made from Viewer.',
  merchantId: 'M1000001',
  baseCode: 'VIEWER',
  sortOrder: 100,
  menuUrls: ['/home', '/transactions/payments', '/transactions/refunds', '/transactions/disputes', '/transactions/faq'],
  permissionCodes: [
    'PAGE_PAYMENTS_DETAIL',
    'PAGE_REFUNDS_DETAIL',
    'PAGE_DISPUTES_DETAIL',
    'API_DISPUTES_STATUS_COUNT',
    'API_DISPUTES_DOWNLOAD',
  ],
};

/**
 * Demo Store's team history (Settings → Team): the owner invited the others, the open invitation
 * has a live link (resend or revoke it), and the audit log starts with those events, the custom
 * Support role's creation, a role change and the disable, at their days in the past. Sign-ins and
 * every later change are written by the server as they happen.
 */
export async function seedDemoTeam(db: DbOrTx, now = Date.now()): Promise<void> {
  const ids = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.merchantId, 'M1000001'))).map(
      (u) => [u.email, u.id],
    ),
  );
  const owner = ids.get('owner@demo.test')!;
  await db.execute(sql`UPDATE users SET invited_by = ${owner} WHERE merchant_id = 'M1000001' AND id <> ${owner}`);
  await db.execute(sql`UPDATE users SET disabled_at = now() - interval '12 days' WHERE email = 'disabled@demo.test'`);
  await createLink(db, ids.get('invited@demo.test')!, 'INVITE');

  const by = {
    actorUserId: owner,
    actorEmail: 'owner@demo.test',
    merchantId: 'M1000001',
    ip: '203.0.113.10',
    outcome: 'SUCCESS',
    targetType: 'USER',
  };
  const events = [
    { days: 60, action: 'MEMBER_INVITED', email: 'finance@demo.test', detail: { roleCode: 'FINANCE' } },
    { days: 59, action: 'INVITATION_ACCEPTED', email: 'finance@demo.test', self: true },
    { days: 45, action: 'MEMBER_INVITED', email: 'viewer@demo.test', detail: { roleCode: 'OPERATIONS' } },
    {
      days: 40,
      action: 'MEMBER_INVITED',
      email: 'support@demo.test',
      detail: { roleCode: DEMO_SUPPORT_ROLE.code, roleName: DEMO_SUPPORT_ROLE.name },
    },
    { days: 39, action: 'INVITATION_ACCEPTED', email: 'support@demo.test', self: true },
    { days: 44, action: 'INVITATION_ACCEPTED', email: 'viewer@demo.test', self: true },
    {
      days: 30,
      action: 'MEMBER_ROLE_CHANGED',
      email: 'viewer@demo.test',
      detail: { from: 'OPERATIONS', to: 'VIEWER' },
    },
    { days: 20, action: 'MEMBER_INVITED', email: 'disabled@demo.test', detail: { roleCode: 'VIEWER' } },
    { days: 12, action: 'MEMBER_DISABLED', email: 'disabled@demo.test' },
    { days: 2, action: 'MEMBER_INVITED', email: 'invited@demo.test', detail: { roleCode: 'OPERATIONS' } },
  ];
  const support = DEMO_SUPPORT_ROLE;
  await db.insert(auditLog).values({
    ...by,
    at: new Date(now - 41 * DAY),
    action: 'ROLE_CREATED',
    targetType: 'ROLE',
    targetId: support.code,
    detail: {
      name: support.name,
      baseCode: support.baseCode,
      menuUrls: support.menuUrls,
      permissionCodes: support.permissionCodes,
    },
  });
  await db.insert(auditLog).values(
    events.map((e) => {
      const target = ids.get(e.email)!;
      const actor = e.self ? { actorUserId: target, actorEmail: e.email, ip: '198.51.100.24' } : {};
      return {
        ...by,
        ...actor,
        at: new Date(now - e.days * DAY),
        action: e.action,
        targetId: target,
        detail: { email: e.email, ...e.detail },
      };
    }),
  );
}
