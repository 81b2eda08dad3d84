import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import { outboxEmails } from '../../db/schema';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The embedded mode's mailbox: without SMTP_URL, mail stays in the outbox and is read here
 * (http://localhost:8080/dev/mailbox). Not registered when SMTP is configured.
 */
export default async function devMailboxRoutes(app: FastifyInstance) {
  // The mailbox holds live reset links: only a browser on this machine may read it.
  app.addHook('onRequest', async (request, reply) => {
    if (!LOOPBACK.has(request.ip)) return reply.status(404).send();
  });
  const latest = () => app.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(50);

  app.get('/dev/mailbox.json', { config: { public: true } }, async () => {
    const rows = await latest();
    return rows.map((r) => ({ id: r.id, to: r.toAddress, subject: r.subject, text: r.textBody, createdAt: r.createdAt.toISOString() }));
  });

  app.get('/dev/mailbox', { config: { public: true } }, async (_request, reply) => {
    const rows = await latest();
    const items = rows
      .map((r) => {
        const linked = escape(r.textBody).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
        return `<article><header><strong>${escape(r.subject)}</strong> to ${escape(r.toAddress)}<time>${r.createdAt.toISOString()}</time></header><pre>${linked}</pre></article>`;
      })
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html><head><meta charset="utf-8"><title>Dev mailbox</title><style>
body{font-family:system-ui,sans-serif;background:#f5f7fb;margin:0;padding:32px;color:#1f2937}
h1{font-size:20px}p{color:#6b7280}article{background:#fff;border-radius:8px;padding:16px 20px;margin:12px 0;box-shadow:0 1px 2px #0001}
header{display:flex;gap:8px;align-items:baseline}time{margin-left:auto;color:#6b7280;font-size:12px}pre{white-space:pre-wrap;font-family:inherit}a{color:#1957ff}
</style></head><body><h1>Dev mailbox</h1><p>Mail the server would send. Shown because SMTP_URL is not set; newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
  });
}
