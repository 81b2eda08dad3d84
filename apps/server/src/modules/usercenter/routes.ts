import type { FastifyInstance } from 'fastify';
import { PERMISSION_CODES } from '@mbo/contracts/permissions';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { inviteMemberRequest, isPermissionAllowedRequest, loginHistoryListRequest, switchMerchantRequest } from '@mbo/contracts/usercenter-schemas';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validate';
import { grants } from '../../plugins/session-store';
import { currentUser } from './current-user';
import { inviteMember } from './invite-member';
import { listLoginHistory } from './login-history';
import { menuFor } from './menu-catalogue';
import { accessibleMerchants, switchMerchant } from './merchants';

const KNOWN_CODES = new Set<string>(PERMISSION_CODES);

/** The signed-in user: who they are, what they see and may do, which merchant they act for. */
export default async function usercenterRoutes(app: FastifyInstance) {
  app.get(USERCENTER_PATHS.currentUser, { config: { allowDuringForcedReset: true } }, async (request) =>
    ok(await currentUser(app.db, request.auth)),
  );

  app.get(USERCENTER_PATHS.menuList, async (request) => {
    const { merchantSignProduct, menuUrls, permissionCodes } = request.auth;
    return ok(menuFor(merchantSignProduct, menuUrls, permissionCodes));
  });

  app.get(USERCENTER_PATHS.isPermissionAllowed, async (request) => {
    const { permissionCodes } = parseInput(isPermissionAllowedRequest, request.query);
    const permissions: Record<string, 'ALLOW' | 'DENY'> = {};
    for (const code of permissionCodes.split(',')) {
      permissions[code] = KNOWN_CODES.has(code) && grants(request.auth.permissionCodes, code) ? 'ALLOW' : 'DENY';
    }
    return ok({ permissions });
  });

  app.get(USERCENTER_PATHS.subMerchantList, async (request) => ok(await accessibleMerchants(app.db, request.auth)));

  app.post(USERCENTER_PATHS.switchMerchant, async (request) => {
    const { merchantId } = parseInput(switchMerchantRequest, request.body);
    const merchant = await switchMerchant(app.db, request.auth, merchantId, request.ip);
    return ok(merchant, `Switched to ${merchant.merchantName}`);
  });

  app.post(USERCENTER_PATHS.loginHistoryList, async (request) => {
    const query = parseInput(loginHistoryListRequest, request.body);
    return ok(await listLoginHistory(app.db, request.auth.userId, query));
  });

  app.post(USERCENTER_PATHS.inviteMember, { config: { permission: 'API_MEMBER_ADD' } }, async (request) => {
    const input = parseInput(inviteMemberRequest, request.body);
    const result = await inviteMember(app.db, request.auth, input, { mailer: app.mailer, publicUrl: app.config.publicUrl, ip: request.ip });
    return ok(result, `Invitation sent to ${result.email}`);
  });
}
