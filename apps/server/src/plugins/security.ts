import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from '../lib/app-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Headers of QUALITY.md (CSP, frame-ancestors none, nosniff, referrer policy, HSTS over TLS) and the
 * CSRF defence: the session cookie is SameSite=Lax, bodies must be JSON (a cross-site form cannot
 * send it without a preflight), and a state-changing call from another origin is refused.
 */
async function securityPlugin(app: FastifyInstance) {
  const sentryOrigin = app.config.sentryDsn ? new URL(app.config.sentryDsn).origin : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(sentryOrigin ? [sentryOrigin] : [])],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    hsts: app.config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });

  // Only JSON bodies: drop the text/plain parser, which a cross-site form could use.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    // request.host reads X-Forwarded-Host only from a trusted proxy (TRUST_PROXY); otherwise Host.
    const host = request.host;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = '';
    }
    if (originHost !== host) {
      throw new AppError(ERROR_CODES.PERMISSION_DENIED, { status: 403, msg: 'Cross-site request refused.' });
    }
  });
}

export default fp(securityPlugin, { name: 'security' });
