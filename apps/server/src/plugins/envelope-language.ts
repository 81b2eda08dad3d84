import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { successIn } from '../lib/envelope';
import { callerLocale } from '../lib/i18n/i18n';

/**
 * A success's msg in the caller's language, as the error handler words errors: the signed-in user's
 * choice, else Accept-Language (the web app sends its own; a login, before any session, has only that).
 * A route says `ok(data, { key, values })` (lib/envelope.ts); this words it as the answer leaves.
 */
async function envelopeLanguagePlugin(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) =>
    successIn(payload, callerLocale(request.auth?.locale, request.headers['accept-language'])),
  );
}

export default fp(envelopeLanguagePlugin, { name: 'envelope-language', dependencies: ['auth'] });
