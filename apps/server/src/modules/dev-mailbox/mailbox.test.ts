import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig, type Config } from '../../config';
import { createTestApp, type TestApp } from '../../test/harness';

/** The dev mailbox holds live reset links: only a browser on this machine, talking to the server directly, reads it. */
describe('dev mailbox', () => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  /** An instance without SMTP (mail stays in the outbox) on the test database, with these settings. */
  async function outboxApp(settings: Partial<Config>): Promise<FastifyInstance> {
    const app = await buildApp({
      config: { ...loadConfig({}), dataDir: t.app.config.dataDir, smtpUrl: undefined, ...settings },
      database: t.database,
      logger: false,
    });
    apps.push(app);
    return app;
  }
  const read = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
    Promise.all(
      ['/dev/mailbox', '/dev/mailbox.json'].map((url) =>
        app.inject({ method: 'GET', url, remoteAddress, headers }).then((r) => r.statusCode),
      ),
    );

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.close();
  });

  it('refuses any request that came through a proxy, whatever X-Forwarded-For claims; a direct local browser reads it', async () => {
    const direct = await outboxApp({ devMailbox: true });
    expect(await read(direct, '127.0.0.1')).toEqual([200, 200]);
    expect(await read(direct, '::1')).toEqual([200, 200]);
    expect(await read(direct, '203.0.113.9')).toEqual([404, 404]);
    // TRUST_PROXY=1 (one proxy on this host): the forged left-most 127.0.0.1 is not the client.
    const oneHop = await outboxApp({ devMailbox: true, trustProxy: 1 });
    expect(await read(oneHop, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).toEqual([404, 404]);
    expect(await read(oneHop, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).toEqual([404, 404]);
    // Two trusted hops make the forged 127.0.0.1 the client address: still refused.
    const twoHops = await outboxApp({ devMailbox: true, trustProxy: 2 });
    expect(await read(twoHops, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 198.51.100.7' })).toEqual([404, 404]);
    // A reverse proxy on this host without TRUST_PROXY: every request comes from loopback.
    const untrusted = await outboxApp({ devMailbox: true, trustProxy: false });
    expect(await read(untrusted, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toEqual([404, 404]);
    expect(await read(untrusted, '127.0.0.1', { forwarded: 'for=203.0.113.9' })).toEqual([404, 404]);
    expect(await read(untrusted, '127.0.0.1', { 'x-real-ip': '203.0.113.9' })).toEqual([404, 404]);
  });

  it('is not served without the devMailbox setting (a DATABASE_URL database without DEV_MAILBOX=true)', async () => {
    const app = await outboxApp({
      devMailbox: loadConfig({ DATABASE_URL: 'postgres://app@db.internal:5432/backoffice' }).devMailbox,
    });
    expect(app.mailer.mode).toBe('outbox');
    expect(await read(app, '127.0.0.1')).toEqual([404, 404]);
  });
});
