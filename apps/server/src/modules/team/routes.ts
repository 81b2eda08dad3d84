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
import { roleValue } from './role-grants';
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
      return ok(result, { key: 'team.invitationSent', values: { email: result.email } });
    },
  );

  app.post(TEAM_PATHS.resendInvite, writes(UPDATE, memberIdRequest, inviteMemberResponseSchema), async (request) => {
    const result = await resendInvitation(app.db, actorOf(request), request.body.userId, mail);
    return ok(result, { key: 'team.invitationResent', values: { email: result.email } });
  });

  app.post(TEAM_PATHS.revokeInvite, writes(UPDATE, memberIdRequest, z.null()), async (request) => {
    await revokeInvitation(app.db, actorOf(request), request.body.userId);
    return ok(null, { key: 'team.invitationRevoked' });
  });

  app.post(TEAM_PATHS.updateRole, writes(UPDATE, updateMemberRoleRequest, memberRecordSchema), async (request) => {
    const member = await updateMemberRole(app.db, actorOf(request), request.body.userId, request.body.roleCode);
    return ok(member, {
      key: 'team.roleGiven',
      values: {
        member: member.name || member.email,
        role: roleValue({ code: member.roleCode, name: member.roleName }),
      },
    });
  });

  app.post(TEAM_PATHS.updateStatus, writes(UPDATE, updateMemberStatusRequest, memberRecordSchema), async (request) => {
    const member = await updateMemberStatus(app.db, actorOf(request), request.body.userId, request.body.status);
    return ok(member, {
      key: member.status === 'DISABLED' ? 'team.memberDisabled' : 'team.memberEnabled',
      values: { member: member.name || member.email },
    });
  });

  app.post(TEAM_PATHS.updateAccess, writes(UPDATE, updateMemberAccessRequest, memberRecordSchema), async (request) =>
    ok(await updateMemberAccess(app.db, actorOf(request), request.body), { key: 'team.accessSaved' }),
  );

  app.get(TEAM_PATHS.roles, answers(TEAM.access, roleMatrixSchema), async (request) =>
    ok(await roleMatrix(app.db, request.auth)),
  );

  app.post(TEAM_PATHS.createRole, writes(ROLES, createRoleRequest, roleMatrixRoleSchema), async (request) => {
    const role = await createRole(app.db, actorOf(request), request.body);
    return ok(role, { key: 'team.roleCreated', values: { name: role.name } });
  });

  app.post(TEAM_PATHS.editRole, writes(ROLES, editRoleRequest, roleMatrixRoleSchema), async (request) => {
    const role = await editRole(app.db, actorOf(request), request.body);
    return ok(role, { key: 'team.roleSaved', values: { name: role.name } });
  });

  app.post(TEAM_PATHS.deleteRole, writes(ROLES, roleCodeRequest, z.null()), async (request) => {
    await deleteRole(app.db, actorOf(request), request.body.roleCode);
    return ok(null, { key: 'team.roleDeleted' });
  });

  app.get(TEAM_PATHS.security, answers(TEAM.access, merchantSecuritySchema), async (request) =>
    ok(await merchantSecurity(app.db, actorOf(request))),
  );

  app.post(
    TEAM_PATHS.updateSecurity,
    writes(UPDATE, updateMerchantSecurityRequest, merchantSecuritySchema),
    async (request) => {
      const security = await updateMerchantSecurity(app.db, actorOf(request), request.body.requireTwoFactor);
      return ok(security, { key: security.requireTwoFactor ? 'team.twoFactorRequired' : 'team.twoFactorOptional' });
    },
  );

  // The count from request.reader (the replica unless the caller has just written: plugins/read-routing.ts).
  app.post(TEAM_PATHS.auditLog, reads(AUDIT, auditLogListRequest, auditPageSchema, 'replica'), async (request) =>
    ok(await listAuditLog(app.db, request.auth.merchantId, request.body, request.reader)),
  );
}
