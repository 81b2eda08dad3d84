import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_HINT_COOKIE, USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import {
  changePasswordRequest,
  checkLinkRequest,
  checkLinkResponseSchema,
  forceResetPasswordRequest,
  forgotPasswordRequest,
  loginRequest,
  loginResponseSchema,
  registerPasswordRequest,
  resetPasswordRequest,
} from '@mbo/contracts/usercenter-schemas';
import { ok } from '../../lib/envelope';
import { writes } from '../../lib/route-options';
import { envelopeResponses } from '../../lib/route-responses';
import { endUserSessions, SESSION_COOKIE } from '../../plugins/session-store';
import { audit } from '../audit';
import { checkLink } from './links';
import { login } from './login';
import { changePassword, forgotPassword, registerPassword, resetPassword } from './password-changes';
import { clientInfo, cookieOptionsOf, startSession } from './session-cookies';

/** Login, logout and the password flows of the user centre. */
const PUBLIC = { access: 'public' } as const;

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = cookieOptionsOf(app);
  const mail = { mailer: app.mailer, publicUrl: app.config.publicUrl };
  // The hint (readable by the page, no secret) lives and dies with the session cookie.
  const clearCookie = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    reply.clearCookie(SESSION_HINT_COOKIE, { ...cookieOptions, httpOnly: false });
  };

  app.post(
    USERCENTER_PATHS.login,
    {
      config: { ...PUBLIC, rateLimits: ['login-ip', 'login-account'] },
      schema: { body: loginRequest, response: envelopeResponses(loginResponseSchema) },
    },
    async (request, reply) => {
      const { token, result } = await login(app.db, request.body, clientInfo(request), { metrics: app.metrics });
      if (token === null) return ok(result, { key: 'auth.enterCode' });
      await startSession(request, reply, token);
      return ok(result, { key: 'auth.loggedIn' });
    },
  );

  app.post(
    USERCENTER_PATHS.logout,
    {
      config: { access: 'signed-in', allowDuringForcedReset: true, allowDuringTwoFactorSetup: true },
      schema: { response: envelopeResponses(z.null()) },
    },
    async (request, reply) => {
      // QUALITY.md: logout ends all the user's sessions at once.
      await endUserSessions(app.db, request.auth.userId);
      await audit(app.db, {
        action: 'LOGOUT',
        outcome: 'SUCCESS',
        actorUserId: request.auth.userId,
        actorEmail: request.auth.email,
        merchantId: request.auth.homeMerchantId,
        ip: request.ip,
      });
      clearCookie(reply);
      return ok(null, { key: 'auth.loggedOut' });
    },
  );

  app.post(
    USERCENTER_PATHS.forgotPassword,
    {
      config: { ...PUBLIC, rateLimits: ['forgot-ip', 'forgot-account'] },
      schema: { body: forgotPasswordRequest, response: envelopeResponses(z.null()) },
    },
    async (request) => {
      await forgotPassword(app.db, request.body, clientInfo(request), mail);
      return ok(null, { key: 'auth.resetLinkSent' });
    },
  );

  app.post(
    USERCENTER_PATHS.checkLink,
    writes(PUBLIC.access, checkLinkRequest, checkLinkResponseSchema),
    async (request) => ok(await checkLink(app.db, request.body.token, request.body.type)),
  );

  app.post(
    USERCENTER_PATHS.resetPassword,
    writes(PUBLIC.access, resetPasswordRequest, z.null()),
    async (request, reply) => {
      await resetPassword(app.db, request.body, clientInfo(request));
      clearCookie(reply);
      return ok(null, { key: 'auth.passwordReset' });
    },
  );

  app.post(
    USERCENTER_PATHS.registerPassword,
    writes(PUBLIC.access, registerPasswordRequest, z.null()),
    async (request, reply) => {
      await registerPassword(app.db, request.body, clientInfo(request));
      clearCookie(reply);
      return ok(null, { key: 'auth.accountActive' });
    },
  );

  app.post(
    USERCENTER_PATHS.forceResetPassword,
    {
      config: { access: 'signed-in', allowDuringForcedReset: true, allowDuringTwoFactorSetup: true },
      schema: { body: forceResetPasswordRequest, response: envelopeResponses(z.null()) },
    },
    async (request) => {
      await changePassword(
        app.db,
        request.auth,
        request.body,
        clientInfo(request),
        'PASSWORD_FORCED_RESET',
        app.metrics,
      );
      return ok(null, { key: 'auth.passwordUpdated' });
    },
  );

  app.post(USERCENTER_PATHS.changePassword, writes('signed-in', changePasswordRequest, z.null()), async (request) => {
    await changePassword(app.db, request.auth, request.body, clientInfo(request), 'PASSWORD_CHANGE', app.metrics);
    return ok(null, { key: 'auth.passwordChanged' });
  });
}
