import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as Sentry from '@sentry/node';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { buildApp } from '../app';
import { loggerOptions } from '../lib/logger-options';
import { sentryOptions } from '../lib/sentry-options';
import { createTestApp, TEST_JOBS, type TestApp } from '../test/harness';

const DSN = 'https://key@o0.ingest.sentry.io/0';
/** A value a query carries that must not leave the process (a token, a secret). */
const SECRET = `sk_test_${randomBytes(16).toString('hex')}`;

/**
 * A database error repeats its query's parameters; the log line and the Sentry event of an
 * unhandled error carry neither them nor the value the database quotes.
 */
describe('error reports without query values', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  const envelopes: string[] = [];
  let sentry: Sentry.NodeClient;

  beforeAll(async () => {
    t = await createTestApp();
    const config = { ...t.app.config, sentryDsn: DSN, logLevel: 'info' };
    // The server's logger options, writing to this test instead of stdout.
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp({
      config,
      database: t.database,
      logger: { ...loggerOptions(config), stream },
      jobs: TEST_JOBS,
    });
    // A query that fails with the secret as its parameter: invalid input for a uuid (SQLSTATE 22P02).
    app.get('/test/failing-query', { config: { access: 'public' } }, async () => {
      await app.db.execute(sql`SELECT ${SECRET}::uuid AS id`);
      return {};
    });
    await app.ready();
    // The server's Sentry options (beforeSend included) on a real client whose transport keeps the envelopes here.
    sentry = new Sentry.NodeClient({
      ...sentryOptions(DSN),
      integrations: [Sentry.linkedErrorsIntegration(), Sentry.extraErrorDataIntegration()],
      stackParser: Sentry.defaultStackParser,
      transport: (options) =>
        Sentry.createTransport(options, async (request) => {
          envelopes.push(typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('utf8'));
          return { statusCode: 200 };
        }),
    });
    Sentry.getCurrentScope().setClient(sentry);
    sentry.init();
  });
  afterAll(async () => {
    Sentry.getCurrentScope().setClient(undefined);
    await sentry.close();
    await app.close();
    await t.close();
  });

  it('logs and reports a failed query without its parameters or the value the database quotes', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/failing-query' });
    expect(res.json().code).toBe(ERROR_CODES.SYSTEM);
    expect(res.body).not.toContain(SECRET);

    const logged = lines.map((line) => JSON.parse(line) as { msg?: string; err?: { message: string; stack: string } });
    const entry = logged.find((l) => l.msg === 'unhandled error');
    expect(entry?.err?.message).toContain('Failed query: SELECT $1::uuid');
    expect(entry?.err?.message).toContain('invalid input syntax for type uuid');
    expect(entry?.err?.message).toContain('[redacted]');
    expect(lines.join('')).not.toContain(SECRET);

    await sentry.flush(5000);
    const sent = envelopes.join('\n');
    expect(sent).toContain('invalid input syntax for type uuid');
    expect(sent).toContain('Failed query: SELECT $1::uuid');
    expect(sent).not.toContain(SECRET);
  });
});
