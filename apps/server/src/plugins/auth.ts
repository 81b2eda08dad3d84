import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, HTTP_STATUS } from '@mbo/contracts/error-catalogue';
import { AppError } from '../lib/app-error';
import { grants, loadSession, SESSION_COOKIE, type AuthContext } from './session-store';
import './types';

/**
 * Every route needs a session unless its config says `public: true`: secure by default.
 * No session → HTTP 431 (002001B010); a permission the role lacks → HTTP 430 (002001B024);
 * a user who must reset the password can reach only the routes marked for it.
 */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null as unknown as AuthContext);

  app.addHook('preHandler', async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    if (config.public || !request.routeOptions.url) return;
    const token = request.cookies[SESSION_COOKIE];
    const auth = token ? await loadSession(app.db, token) : null;
    if (!auth) throw new AppError(ERROR_CODES.USER_NOT_LOGIN, { status: HTTP_STATUS.NO_SESSION });
    request.auth = auth;
    if (auth.forceReset && !config.allowDuringForcedReset) {
      throw new AppError(ERROR_CODES.FORCE_RESET_REQUIRED, {
        msg: 'Please set a new password before you continue.',
      });
    }
    if (config.permission && !grants(auth.permissionCodes, config.permission)) {
      throw new AppError(ERROR_CODES.PERMISSION_DENIED, { status: HTTP_STATUS.NO_PERMISSION });
    }
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie'] });
