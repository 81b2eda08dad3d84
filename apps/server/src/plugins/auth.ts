import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, HTTP_STATUS } from '@mbo/contracts/error-catalogue';
import { AppError } from '../lib/app-error';
import { allows, changesState, checkDeclaredAccess } from './route-access';
import { loadSession, SESSION_COOKIE, type AuthContext } from './session-store';
import type { ApiKeyContext, RegisteredRoute } from './types';

/**
 * Access is declared on every route (config.access, see RouteAccess) and decided here for every
 * call, reads included; a route registered without it stops the server from starting, and so does
 * a route that changes state without an action's permission code (route-access.ts checkWriteAccess).
 * No session → HTTP 431 (002001B010); a menu, code or product the user lacks → HTTP 430 (002001B024);
 * a user who must reset the password, or set up the two-factor sign-in their merchant requires, can
 * reach only the routes marked for it. The role is read
 * afresh with the session, so a permission change applies on the next call.
 */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorateRequest('apiKey', null as unknown as ApiKeyContext);

  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Fastify adds a HEAD route beside each GET, with the GET's config.
    if (methods.every((m) => m === 'HEAD')) return;
    const access = route.config?.access;
    // `reads: 'replica'` only reads too (its reads may be served by the replica: plugins/read-routing.ts).
    const reads = route.config?.reads === true || route.config?.reads === 'replica';
    checkDeclaredAccess(methods, route.url, access, reads);
    for (const method of methods) {
      registered.push({
        method,
        url: route.url,
        access,
        changesState: changesState(method, reads),
        allowDuringForcedReset: route.config?.allowDuringForcedReset === true,
        allowDuringTwoFactorSetup: route.config?.allowDuringTwoFactorSetup === true,
        readsReplica: route.config?.reads === 'replica',
        schema: {
          body: route.schema?.body,
          querystring: route.schema?.querystring,
          response: route.schema?.response as Record<string, unknown> | undefined,
        },
      });
    }
  });

  // onRequest: before the body is read or validated, so a caller without access learns nothing more.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    // No route matched: the not-found handler answers.
    if (!request.routeOptions.url) return;
    const access = config.access;
    // Public routes need nothing; the merchant API's routes are authenticated by their key, never the cookie.
    if (access === 'public' || access === 'api-key') return;
    const token = request.cookies[SESSION_COOKIE];
    const auth = token ? await loadSession(app.db, token) : null;
    if (!auth) throw new AppError(ERROR_CODES.USER_NOT_LOGIN, { status: HTTP_STATUS.NO_SESSION });
    request.auth = auth;
    if (auth.forceReset && !config.allowDuringForcedReset) {
      throw new AppError(ERROR_CODES.FORCE_RESET_REQUIRED, {
        msg: 'Please set a new password before you continue.',
      });
    }
    if (auth.twoFactorSetupRequired && !config.allowDuringTwoFactorSetup) {
      throw new AppError(ERROR_CODES.TWO_FACTOR_SETUP_REQUIRED, {
        msg: 'Your merchant requires two-factor sign-in. Set it up to continue.',
      });
    }
    if (!access || !allows(auth, access)) {
      throw new AppError(ERROR_CODES.PERMISSION_DENIED, { status: HTTP_STATUS.NO_PERMISSION });
    }
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie'] });
