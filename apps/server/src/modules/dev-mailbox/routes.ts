import type { FastifyInstance, FastifyRequest } from 'fastify';
import { desc } from 'drizzle-orm';
import { outboxEmails } from '../../db/schema';
import { fillOneTimeLink, LINK_REMOVED_EXPIRED, removeExpiredLinks } from '../../mail/one-time-link';

/** @reads outbox_emails (tables other modules own: db/table-owners.ts) */

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a proxy adds: a request carrying any of them came through one (or pretends to). */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'];

/**
 * Only a browser on this machine that talks to the server directly: the socket's peer and the
 * client address are loopback, and no proxy header is present at all. Behind a reverse proxy on the
 * same host every request comes from loopback, so a forwarded request is refused whatever its
 * X-Forwarded-For says (its left-most address is written by the client).
 */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && LOOPBACK.has(request.ip);
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The embedded mode's mailbox: without SMTP_URL, mail stays in the outbox and is read here
 * (http://localhost:8080/dev/mailbox). Registered only with the devMailbox setting (the embedded
 * database's default, DEV_MAILBOX=true otherwise, never in production) and without SMTP.
 */
export default async function devMailboxRoutes(app: FastifyInstance) {
  // Also checked here, so the mailbox never opens on a database that did not ask for it.
  if (!app.config.devMailbox || app.mailer.mode !== 'outbox') return;
  // The mailbox holds live reset links: only a browser on this machine, not through a proxy, may read it.
  app.addHook('onRequest', async (request, reply) => {
    if (!isDirectLocalRequest(request)) return reply.status(404).send();
  });
  /**
   * The newest mail, a one-time link shown until it expires (at the app's clock): expired links are
   * removed from the stored mail first, as the mail.expire-links job does between its runs.
   */
  const latest = async () => {
    const now = new Date(app.config.clock());
    await removeExpiredLinks(app.db, now);
    const rows = await app.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(50);
    return rows.map((r) => {
      if (!r.linkExpiresAt) return r;
      const link = r.linkExpiresAt > now ? r.oneTimeLink : null;
      return {
        ...r,
        textBody: fillOneTimeLink({ text: r.textBody, html: r.htmlBody }, link, LINK_REMOVED_EXPIRED).text,
      };
    });
  };

  app.get('/dev/mailbox.json', { config: { access: 'public' } }, async () => {
    const rows = await latest();
    return rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      createdAt: r.createdAt.toISOString(),
    }));
  });

  app.get('/dev/mailbox', { config: { access: 'public' } }, async (_request, reply) => {
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
