import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEAM_PATHS } from '@mbo/contracts/team';
import {
  auditLogListRequest,
  auditPageSchema,
  createRoleRequest,
  editRoleRequest,
  listMembersRequest,
  memberIdRequest,
  memberPageSchema,
  memberRecordSchema,
  merchantSecuritySchema,
  roleCodeRequest,
  roleMatrixRoleSchema,
  roleMatrixSchema,
  updateMemberAccessRequest,
  updateMemberRoleRequest,
  updateMemberStatusRequest,
  updateMerchantSecurityRequest,
} from '@mbo/contracts/team-schemas';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { inviteMemberRequest, inviteMemberResponseSchema } from '@mbo/contracts/usercenter-schemas';
import { ok } from '../../lib/envelope';
import { answers, reads, writes } from '../../lib/route-options';
import { listAuditLog } from './audit-log';
import { createRole, deleteRole, editRole } from './custom-roles';
import { inviteMember, resendInvitation, revokeInvitation } from './invitations';
import { listMembers } from './list-members';
import { updateMemberAccess, updateMemberRole, updateMemberStatus, type TeamActor } from './member-changes';
import { merchantSecurity, updateMerchantSecurity } from './merchant-security';
import { roleMatrix } from './role-matrix';

const TEAM = { access: { menu: '/settings/team' } } as const;
const ADD = { permission: 'API_MEMBER_ADD' } as const;
const UPDATE = { permission: 'API_MEMBER_UPDATE' } as const;
const AUDIT = { permission: 'PAGE_AUDIT_LOG' } as const;
const ROLES = { permission: 'API_ROLE_MANAGE' } as const;

const actorOf = (request: FastifyRequest): TeamActor => ({ auth: request.auth, ip: request.ip });

/**
 * Settings → Team: members, invitations, roles (built-in and custom), the two-factor rule and the audit log, all of
 * the active merchant.
 */
export default async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const mail = { mailer: app.mailer, publicUrl: app.config.publicUrl };

  app.post(TEAM_PATHS.members, reads(TEAM.access, listMembersRequest, memberPageSchema), async (request) =>
    ok(await listMembers(app.db, request.auth.merchantId, request.auth.userId, request.body)),
  );

  app.post(
    USERCENTER_PATHS.inviteMember,
    writes(ADD, inviteMemberRequest, inviteMemberResponseSchema),
    async (request) => {
      const result = await inviteMember(app.db, actorOf(request), request.body, mail);
      return ok(result, `Invitation sent to ${result.email}`);
    },
  );

  app.post(TEAM_PATHS.resendInvite, writes(UPDATE, memberIdRequest, inviteMemberResponseSchema), async (request) => {
    const result = await resendInvitation(app.db, actorOf(request), request.body.userId, mail);
    return ok(result, `A new invitation was sent to ${result.email}; the earlier link no longer works.`);
  });

  app.post(TEAM_PATHS.revokeInvite, writes(UPDATE, memberIdRequest, z.null()), async (request) => {
    await revokeInvitation(app.db, actorOf(request), request.body.userId);
    return ok(null, 'Invitation revoked');
  });

  app.post(TEAM_PATHS.updateRole, writes(UPDATE, updateMemberRoleRequest, memberRecordSchema), async (request) => {
    const member = await updateMemberRole(app.db, actorOf(request), request.body.userId, request.body.roleCode);
    return ok(member, `${member.name || member.email} is now ${member.roleName}`);
  });

  app.post(TEAM_PATHS.updateStatus, writes(UPDATE, updateMemberStatusRequest, memberRecordSchema), async (request) => {
    const member = await updateMemberStatus(app.db, actorOf(request), request.body.userId, request.body.status);
    return ok(
      member,
      member.status === 'DISABLED'
        ? `${member.name || member.email} is disabled and signed out everywhere`
        : `${member.name || member.email} can sign in again`,
    );
  });

  app.post(TEAM_PATHS.updateAccess, writes(UPDATE, updateMemberAccessRequest, memberRecordSchema), async (request) =>
    ok(await updateMemberAccess(app.db, actorOf(request), request.body), 'Sub-merchant access saved'),
  );

  app.get(TEAM_PATHS.roles, answers(TEAM.access, roleMatrixSchema), async (request) =>
    ok(await roleMatrix(app.db, request.auth)),
  );

  app.post(TEAM_PATHS.createRole, writes(ROLES, createRoleRequest, roleMatrixRoleSchema), async (request) => {
    const role = await createRole(app.db, actorOf(request), request.body);
    return ok(role, `Role ${role.name} created`);
  });

  app.post(TEAM_PATHS.editRole, writes(ROLES, editRoleRequest, roleMatrixRoleSchema), async (request) => {
    const role = await editRole(app.db, actorOf(request), request.body);
    return ok(role, `Role ${role.name} saved; its members have the change at their next click`);
  });

  app.post(TEAM_PATHS.deleteRole, writes(ROLES, roleCodeRequest, z.null()), async (request) => {
    await deleteRole(app.db, actorOf(request), request.body.roleCode);
    return ok(null, 'Role deleted');
  });

  app.get(TEAM_PATHS.security, answers(TEAM.access, merchantSecuritySchema), async (request) =>
    ok(await merchantSecurity(app.db, actorOf(request))),
  );

  app.post(
    TEAM_PATHS.updateSecurity,
    writes(UPDATE, updateMerchantSecurityRequest, merchantSecuritySchema),
    async (request) => {
      const security = await updateMerchantSecurity(app.db, actorOf(request), request.body.requireTwoFactor);
      return ok(
        security,
        security.requireTwoFactor
          ? 'Two-factor sign-in is now required for every member'
          : 'Two-factor sign-in is now optional',
      );
    },
  );

  // The count from request.reader (the replica unless the caller has just written: plugins/read-routing.ts).
  app.post(TEAM_PATHS.auditLog, reads(AUDIT, auditLogListRequest, auditPageSchema, 'replica'), async (request) =>
    ok(await listAuditLog(app.db, request.auth.merchantId, request.body, request.reader)),
  );
}
