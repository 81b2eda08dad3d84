import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { webhookDeliveries, webhookEndpoints } from '../../db/integration-schema';
import { openSigningSecrets } from '../webhooks';
import { isDirectLocalRequest } from '../dev-mailbox';

/** @reads webhook_deliveries, webhook_endpoints (tables other modules own: db/table-owners.ts) */

/** The path of the sandbox's own webhook receiver. */
export const DEV_WEBHOOKS_PATH = '/dev/webhooks';
/** Kept in memory, newest first: a development aid, not a store. */
const KEEP = 100;

interface Received {
  at: string;
  id: string;
  type: string;
  /** The signature checked with the secrets of the endpoints this event was delivered to. */
  verified: boolean;
  body: string;
}

function eventTypeOf(body: string): string {
  try {
    return String((JSON.parse(body) as { type?: unknown }).type ?? '');
  } catch {
    return '';
  }
}

function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A webhook receiver inside the sandbox (http://localhost:8080/dev/webhooks), so a merchant can add
 * an endpoint and see the product's deliveries arrive without running a server of their own: it
 * answers 200, verifies each signature (Standard Webhooks, with the signing secrets of the endpoints
 * the event went to) and lists what it got at GET /dev/webhooks. Registered only where http
 * endpoints on localhost are allowed (WEBHOOK_ALLOW_HTTP_LOCALHOST, the embedded database's
 * default, never in production), and answers only requests from this machine, not through a proxy.
 */
export default async function devWebhookRoutes(app: FastifyInstance) {
  if (!app.config.webhookAllowHttpLocalhost || !app.config.devMailbox) return;
  const received: Received[] = [];
  app.addHook('onRequest', async (request, reply) => {
    if (!isDirectLocalRequest(request)) return reply.status(404).send();
  });
  // The signature is over the exact bytes sent: keep the body as text (in this plugin's scope only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(DEV_WEBHOOKS_PATH, { config: { access: 'public' } }, async (request) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const headers = {
      'webhook-id': String(request.headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
    };
    const e = webhookEndpoints;
    const secrets = (
      await app.db
        .selectDistinct({ id: e.id, secret: e.secret, previousSecret: e.previousSecret })
        .from(webhookDeliveries)
        .innerJoin(e, eq(e.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.eventId, headers['webhook-id'].slice(0, 64)))
    ).flatMap((r) => openSigningSecrets(app.database.secrets, r.id, [r.secret, r.previousSecret]));
    const verified = secrets.some((secret) => {
      try {
        new Webhook(secret).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    });
    const type = eventTypeOf(body);
    received.unshift({ at: new Date().toISOString(), id: headers['webhook-id'], type, verified, body });
    received.length = Math.min(received.length, KEEP);
    return { received: true, verified };
  });

  app.get(DEV_WEBHOOKS_PATH, { config: { access: 'public' } }, async (_request, reply) => {
    const items = received
      .map((r) => {
        const pretty = prettyJson(r.body);
        const badge = r.verified
          ? '<span class="ok">Signature valid</span>'
          : '<span class="bad">Signature not valid</span>';
        return `<article><header><strong>${escape(r.type || '(no type)')}</strong> <code>${escape(r.id)}</code> ${badge}<time>${r.at}</time></header><pre>${escape(pretty)}</pre></article>`;
      })
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html><head><meta charset="utf-8"><title>Dev webhooks</title><style>
body{font-family:system-ui,sans-serif;background:#f5f7fb;margin:0;padding:32px;color:#1f2937}
h1{font-size:20px}p{color:#6b7280}article{background:#fff;border-radius:8px;padding:16px 20px;margin:12px 0;box-shadow:0 1px 2px #0001}
header{display:flex;gap:8px;align-items:baseline;flex-wrap:wrap}time{margin-left:auto;color:#6b7280;font-size:12px}pre{white-space:pre-wrap;font-size:12px;background:#f8fafc;padding:12px;border-radius:6px;overflow:auto}
.ok{color:#067647;background:#ecfdf3;border-radius:4px;padding:0 6px;font-size:12px}.bad{color:#b42318;background:#fef3f2;border-radius:4px;padding:0 6px;font-size:12px}
</style></head><body><h1>Dev webhooks</h1><p>Webhooks this sandbox sent to ${escape(app.config.publicUrl)}${DEV_WEBHOOKS_PATH}, newest first (the last ${KEEP}, kept in memory). Add that URL as an endpoint in Settings → Integration → Webhooks.</p>${items || '<p>Nothing received yet.</p>'}</body></html>`;
  });
}
