import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import {
  currentUserSchema,
  isPermissionAllowedRequest,
  isPermissionAllowedResponseSchema,
  loginHistoryListRequest,
  loginHistoryPageSchema,
  menuItemSchema,
  merchantSummarySchema,
  saveLocaleRequest,
  saveThemeRequest,
  switchMerchantRequest,
} from '@mbo/contracts/usercenter-schemas';
import { ok } from '../../lib/envelope';
import { answers, query, reads, writes } from '../../lib/route-options';
import { envelopeResponses } from '../../lib/route-responses';
import { permissionAllowed } from '../../plugins/route-access';
import { setUserLocale, setUserTheme } from '../auth';
import { currentUser } from './current-user';
import { listLoginHistory } from './login-history';
import { menuFor } from '../../plugins/menu-catalogue';
import { accessibleMerchants, switchMerchant } from './merchants';

const SIGNED_IN = { access: 'signed-in' } as const;

/** The signed-in user: who they are, what they see and may do, which merchant they act for. */
export default async function usercenterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    USERCENTER_PATHS.currentUser,
    {
      config: { ...SIGNED_IN, allowDuringForcedReset: true, allowDuringTwoFactorSetup: true },
      schema: { response: envelopeResponses(currentUserSchema) },
    },
    async (request) => ok(await currentUser(app.db, request.auth)),
  );

  app.get(USERCENTER_PATHS.menuList, answers(SIGNED_IN.access, z.array(menuItemSchema)), async (request) => {
    const { merchantSignProduct, menuUrls, permissionCodes } = request.auth;
    return ok(menuFor(merchantSignProduct, menuUrls, permissionCodes));
  });

  // The same answer the server enforces: the code granted to the role, for the active merchant's product.
  app.get(
    USERCENTER_PATHS.isPermissionAllowed,
    query(SIGNED_IN.access, isPermissionAllowedRequest, isPermissionAllowedResponseSchema),
    async (request) => {
      const permissions: Record<string, 'ALLOW' | 'DENY'> = {};
      for (const code of request.query.permissionCodes.split(',')) {
        permissions[code] = permissionAllowed(request.auth, code) ? 'ALLOW' : 'DENY';
      }
      return ok({ permissions });
    },
  );

  app.get(
    USERCENTER_PATHS.subMerchantList,
    answers(SIGNED_IN.access, z.array(merchantSummarySchema)),
    async (request) => ok(await accessibleMerchants(app.db, request.auth)),
  );

  app.post(
    USERCENTER_PATHS.switchMerchant,
    writes(SIGNED_IN.access, switchMerchantRequest, merchantSummarySchema),
    async (request) => {
      const merchant = await switchMerchant(app.db, request.auth, request.body.merchantId, request.ip);
      return ok(merchant, { key: 'usercenter.switched', values: { merchant: merchant.merchantName } });
    },
  );

  // The user's own theme choice: only their row changes; the current user answers it from then on.
  app.post(USERCENTER_PATHS.saveTheme, writes(SIGNED_IN.access, saveThemeRequest, z.null()), async (request) => {
    await setUserTheme(app.db, request.auth.userId, request.body.theme);
    return ok(null);
  });

  // The user's own language: only their row changes; the current user, their mail and the server's
  // messages to them follow it from then on.
  app.post(USERCENTER_PATHS.saveLocale, writes(SIGNED_IN.access, saveLocaleRequest, z.null()), async (request) => {
    await setUserLocale(app.db, request.auth.userId, request.body.locale);
    return ok(null);
  });

  app.post(
    USERCENTER_PATHS.loginHistoryList,
    reads(SIGNED_IN.access, loginHistoryListRequest, loginHistoryPageSchema),
    async (request) => ok(await listLoginHistory(app.db, request.auth.userId, request.body)),
  );
}
