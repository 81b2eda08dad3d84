import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import {
  loginResponseSchema,
  loginTwoFactorRequest,
  twoFactorCodeRequest,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
} from '@mbo/contracts/usercenter-schemas';
import { ok } from '../../lib/envelope';
import { writes } from '../../lib/route-options';
import { envelopeResponses } from '../../lib/route-responses';
import { clientInfo, startSession } from '../auth';
import { loginTwoFactor } from './login-two-factor';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from './two-factor-settings';

/** The setup calls stay open while the merchant's rule waits for the user's setup. */
const OWN = { access: 'signed-in', allowDuringTwoFactorSetup: true } as const;

/** Two-factor sign-in: the login's code step, and setting it up or turning it off from the user menu. */
export default async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    USERCENTER_PATHS.loginTwoFactor,
    {
      config: { access: 'public', rateLimits: ['login-ip'] },
      schema: { body: loginTwoFactorRequest, response: envelopeResponses(loginResponseSchema) },
    },
    async (request, reply) => {
      const { token, result } = await loginTwoFactor(
        app.db,
        app.database.secrets,
        request.body,
        clientInfo(request),
        app.config.clock(),
        app.metrics,
      );
      await startSession(request, reply, token);
      return ok(result, { key: 'auth.loggedIn' });
    },
  );

  app.post(
    USERCENTER_PATHS.twoFactorSetup,
    { config: OWN, schema: { response: envelopeResponses(twoFactorSetupSchema) } },
    async (request) => ok(await startTwoFactorSetup(app.db, app.database.secrets, request.auth)),
  );

  app.post(
    USERCENTER_PATHS.twoFactorEnable,
    { config: OWN, schema: { body: twoFactorCodeRequest, response: envelopeResponses(twoFactorEnabledSchema) } },
    async (request) =>
      ok(
        await enableTwoFactor(
          app.db,
          app.database.secrets,
          request.auth,
          request.body.code,
          request.ip,
          app.config.clock(),
        ),
        { key: 'twoFactor.enabled' },
      ),
  );

  app.post(USERCENTER_PATHS.twoFactorDisable, writes('signed-in', twoFactorCodeRequest, z.null()), async (request) => {
    await disableTwoFactor(
      app.db,
      app.database.secrets,
      request.auth,
      request.body.code,
      request.ip,
      app.config.clock(),
      app.metrics,
    );
    return ok(null, { key: 'twoFactor.disabled' });
  });
}
