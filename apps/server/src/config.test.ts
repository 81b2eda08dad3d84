import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkProductionConfig, loadConfig } from './config';

const PG = 'postgres://app@db.internal:5432/backoffice';

describe('demo data and dev mailbox settings', () => {
  it('are on for the embedded database (the one-command demo) and off against DATABASE_URL unless asked for', () => {
    expect(loadConfig({})).toMatchObject({ seedDemo: true, devMailbox: true });
    expect(loadConfig({ DATABASE_URL: PG })).toMatchObject({ seedDemo: false, devMailbox: false });
    expect(loadConfig({ DATABASE_URL: PG, SEED_DEMO: 'true' })).toMatchObject({ seedDemo: true, devMailbox: false });
    expect(loadConfig({ DATABASE_URL: PG, DEV_MAILBOX: 'true' })).toMatchObject({ seedDemo: false, devMailbox: true });
    expect(loadConfig({ SEED_DEMO: 'false', DEV_MAILBOX: '0' })).toMatchObject({ seedDemo: false, devMailbox: false });
    // Production never turns them on by default, even on the embedded database.
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ seedDemo: false, devMailbox: false });
    // The sandbox clock follows the same rule.
    expect(loadConfig({}).sandboxClock).toBe(true);
    expect(loadConfig({ DATABASE_URL: PG }).sandboxClock).toBe(false);
    expect(loadConfig({ DATABASE_URL: PG, SANDBOX_CLOCK: 'true' }).sandboxClock).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).sandboxClock).toBe(false);
    // So does http://localhost for webhook endpoints.
    expect(loadConfig({}).webhookAllowHttpLocalhost).toBe(true);
    expect(loadConfig({ DATABASE_URL: PG }).webhookAllowHttpLocalhost).toBe(false);
    expect(loadConfig({ DATABASE_URL: PG, WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true' }).webhookAllowHttpLocalhost).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).webhookAllowHttpLocalhost).toBe(false);
  });

  it('refuses a value that is neither true nor false, naming the variable', () => {
    expect(() => loadConfig({ SEED_DEMO: 'yes please' })).toThrow(/SEED_DEMO must be true or false/);
    expect(() => loadConfig({ DEV_MAILBOX: 'on' })).toThrow(/DEV_MAILBOX must be true or false/);
  });
});

describe('loadConfig', () => {
  it('gives the defaults of the README for an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      production: false,
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      smtpUrl: undefined,
      logLevel: 'info',
      secureCookies: false,
      trustProxy: false,
      rateLimits: true,
      sandboxRefundDelayMs: 3000,
      exportRetentionDays: 7,
      shutdownTimeoutMs: 10_000,
      drainDelayMs: 0,
      databasePoolSize: 20,
      publicUrl: 'http://localhost:8080',
      databaseReadUrl: undefined,
      readYourWritesMs: 5000,
    });
    expect(path.isAbsolute(loadConfig({}).dataDir)).toBe(true);
    expect(loadConfig({}).webDist).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('reads every variable it knows, blank meaning unset', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '127.0.0.1',
      DATABASE_URL: PG,
      MIGRATION_DATABASE_URL: 'postgresql://owner@db.internal/backoffice',
      DATABASE_READ_URL: 'postgres://app@replica.internal:5432/backoffice',
      READ_YOUR_WRITES_MS: '0',
      SMTP_URL: 'smtps://u:p@mail.internal:465',
      PUBLIC_URL: 'https://backoffice.example/',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1',
      EXPORT_RETENTION_DAYS: '30',
      SHUTDOWN_TIMEOUT_MS: '2500',
      DRAIN_DELAY_MS: '3000',
      DATABASE_POOL_SIZE: '8',
      SANDBOX_REFUND_DELAY_MS: '0',
      SENTRY_DSN: '',
      MAIL_FROM: '  ',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      databaseUrl: PG,
      databaseReadUrl: 'postgres://app@replica.internal:5432/backoffice',
      readYourWritesMs: 0,
      smtpUrl: 'smtps://u:p@mail.internal:465',
      publicUrl: 'https://backoffice.example',
      secureCookies: true,
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '192.168.1.7', '::1'],
      exportRetentionDays: 30,
      shutdownTimeoutMs: 2500,
      drainDelayMs: 3000,
      databasePoolSize: 8,
      sandboxRefundDelayMs: 0,
      sentryDsn: undefined,
      mailFrom: 'Merchant Back-office <no-reply@backoffice.local>',
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ SECURE_COOKIES: 'true' }).secureCookies).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
  });

  it('migrates at start unless MIGRATE_ON_START=false (the release step migrates)', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: '' }).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(loadConfig({ MIGRATE_ON_START: '0' }).migrateOnStart).toBe(false);
    expect(() => loadConfig({ MIGRATE_ON_START: 'later' })).toThrow(
      "MIGRATE_ON_START must be true or false, not 'later'",
    );
  });

  it('keeps the audit log 13 months and webhook attempts 90 days, and never the audit log under a year', () => {
    expect(loadConfig({})).toMatchObject({ auditLogRetentionMonths: 13, webhookAttemptsRetentionDays: 90 });
    expect(loadConfig({ AUDIT_LOG_RETENTION_MONTHS: '24', WEBHOOK_ATTEMPTS_RETENTION_DAYS: '30' })).toMatchObject({
      auditLogRetentionMonths: 24,
      webhookAttemptsRetentionDays: 30,
    });
    expect(() => loadConfig({ AUDIT_LOG_RETENTION_MONTHS: '6' })).toThrow(
      "AUDIT_LOG_RETENTION_MONTHS must be a whole number between 12 and 1200, not '6'",
    );
    expect(() => loadConfig({ WEBHOOK_ATTEMPTS_RETENTION_DAYS: '0' })).toThrow(
      "WEBHOOK_ATTEMPTS_RETENTION_DAYS must be a whole number between 1 and 3650, not '0'",
    );
  });

  it('keeps the request limits on unless RATE_LIMITS=false (the browser tests and the benchmark)', () => {
    expect(loadConfig({}).rateLimits).toBe(true);
    expect(loadConfig({ DATABASE_URL: PG }).rateLimits).toBe(true);
    expect(loadConfig({ RATE_LIMITS: '' }).rateLimits).toBe(true);
    expect(loadConfig({ RATE_LIMITS: 'true' }).rateLimits).toBe(true);
    expect(loadConfig({ RATE_LIMITS: 'false' }).rateLimits).toBe(false);
    expect(loadConfig({ RATE_LIMITS: '0' }).rateLimits).toBe(false);
    expect(() => loadConfig({ RATE_LIMITS: 'off' })).toThrow("RATE_LIMITS must be true or false, not 'off'.");
  });

  it.each([
    [{ PORT: 'abc' }, "PORT must be a whole number between 0 and 65535, not 'abc'."],
    [{ PORT: '65536' }, "PORT must be a whole number between 0 and 65535, not '65536'."],
    [{ PORT: '80.5' }, "PORT must be a whole number between 0 and 65535, not '80.5'."],
    [{ EXPORT_RETENTION_DAYS: '0' }, "EXPORT_RETENTION_DAYS must be a whole number between 1 and 3650, not '0'."],
    [{ EXPORT_RETENTION_DAYS: '7d' }, "EXPORT_RETENTION_DAYS must be a whole number between 1 and 3650, not '7d'."],
    [{ SHUTDOWN_TIMEOUT_MS: '-1' }, "SHUTDOWN_TIMEOUT_MS must be a whole number between 100 and 600000, not '-1'."],
    [{ DRAIN_DELAY_MS: '2s' }, "DRAIN_DELAY_MS must be a whole number between 0 and 600000, not '2s'."],
    [
      { SANDBOX_REFUND_DELAY_MS: 'soon' },
      "SANDBOX_REFUND_DELAY_MS must be a whole number between 0 and 86400000, not 'soon'.",
    ],
    [
      { LOG_LEVEL: 'verbose' },
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not 'verbose'.",
    ],
    [{ SECURE_COOKIES: 'yes' }, "SECURE_COOKIES must be true or false, not 'yes'."],
    [
      { TRUST_PROXY: '10.0.0.0/40' },
      "TRUST_PROXY must be true, false, a number of proxy hops or a comma list of proxy addresses or CIDRs, not '10.0.0.0/40'.",
    ],
    [
      { TRUST_PROXY: '*' },
      "TRUST_PROXY must be true, false, a number of proxy hops or a comma list of proxy addresses or CIDRs, not '*'.",
    ],
    [
      { PUBLIC_URL: 'backoffice.example' },
      'PUBLIC_URL must be a http:// or https:// URL such as https://backoffice.example.com, not something that is not a URL.',
    ],
    [
      { MIGRATION_DATABASE_URL: PG },
      'MIGRATION_DATABASE_URL is set without DATABASE_URL: set both (or neither, for the embedded database).',
    ],
    [
      { DATABASE_READ_URL: PG },
      'DATABASE_READ_URL is set without DATABASE_URL: a read replica needs its primary (the embedded database has none).',
    ],
    [
      { DATABASE_URL: PG, DATABASE_READ_URL: 'replica.internal:5432' },
      'DATABASE_READ_URL must be a postgres:// or postgresql:// URL such as postgres://user:pass@replica:5432/backoffice, not a replica.internal:// URL.',
    ],
    [{ READ_YOUR_WRITES_MS: '5s' }, "READ_YOUR_WRITES_MS must be a whole number between 0 and 600000, not '5s'."],
  ])('refuses %o with a message naming the variable and the value', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats a database or SMTP password in its message', () => {
    let message = '';
    try {
      loadConfig({
        DATABASE_URL: 'mysql://app:s3cret@db.internal/backoffice',
        SMTP_URL: 'http://u:hunter2@mail.internal',
      });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/The environment has 2 bad values/);
    expect(message).toMatch(
      /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL such as .*, not a mysql:\/\/ URL/,
    );
    expect(message).toMatch(/SMTP_URL must be a smtp:\/\/ or smtps:\/\/ URL/);
    expect(message).not.toMatch(/s3cret|hunter2/);
  });

  it('lists every bad value at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud', SEED_DEMO: 'maybe' })).toThrow(
      /The environment has 3 bad values:\n {2}- PORT must be[^\n]*\n {2}- SEED_DEMO must be true or false, not 'maybe'.\n {2}- LOG_LEVEL must be one of/,
    );
  });
});

describe('checkProductionConfig', () => {
  const production = { NODE_ENV: 'production' };
  const DATA_ENCRYPTION_KEY = Buffer.alloc(32, 1).toString('base64');

  it('lets a production configuration with SMTP, a data key and no demo settings start', () => {
    const env = { ...production, DATABASE_URL: PG, SMTP_URL: 'smtp://mail.internal:587', DATA_ENCRYPTION_KEY };
    expect(() => checkProductionConfig(loadConfig(env))).not.toThrow();
    // Outside production nothing is refused.
    expect(() => checkProductionConfig(loadConfig({}))).not.toThrow();
  });

  it('refuses to start without SMTP_URL or with SEED_DEMO or DEV_MAILBOX on, naming each problem', () => {
    const noSmtp = { ...production, DATABASE_URL: PG };
    expect(() => checkProductionConfig(loadConfig(noSmtp))).toThrow(/NODE_ENV=production[\s\S]*SMTP_URL is not set/);
    const flags = {
      ...production,
      DATABASE_URL: PG,
      SMTP_URL: 'smtp://mail.internal:587',
      SEED_DEMO: 'true',
      DEV_MAILBOX: 'true',
    };
    let message = '';
    try {
      checkProductionConfig(loadConfig(flags));
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/SEED_DEMO is on/);
    expect(message).toMatch(/DEV_MAILBOX is on/);
    expect(message).not.toMatch(/SMTP_URL/);
    expect(() =>
      checkProductionConfig(
        loadConfig({ ...production, DATABASE_URL: PG, SMTP_URL: 'smtp://mail.internal:587', SANDBOX_CLOCK: 'true' }),
      ),
    ).toThrow(/SANDBOX_CLOCK is on/);
    expect(() =>
      checkProductionConfig(
        loadConfig({
          ...production,
          DATABASE_URL: PG,
          SMTP_URL: 'smtp://mail.internal:587',
          WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true',
        }),
      ),
    ).toThrow(/WEBHOOK_ALLOW_HTTP_LOCALHOST is on/);
    const embedded = { ...production, SEED_DEMO: 'true' };
    expect(() => checkProductionConfig(loadConfig(embedded))).toThrow(/SEED_DEMO is on/);
    expect(() =>
      checkProductionConfig({
        ...loadConfig(flags),
        seedDemo: false,
        devMailbox: false,
        sandboxClock: false,
        rateLimits: false,
      }),
    ).toThrow(/rate limits are off/);
    expect(() =>
      checkProductionConfig(
        loadConfig({ ...production, DATABASE_URL: PG, SMTP_URL: 'smtp://mail.internal:587', RATE_LIMITS: 'false' }),
      ),
    ).toThrow(/RATE_LIMITS is false: the rate limits are off/);
    expect(() =>
      checkProductionConfig(
        loadConfig({
          ...production,
          DATABASE_URL: PG,
          SMTP_URL: 'smtp://mail.internal:587',
          RATE_LIMITS: 'true',
          DATA_ENCRYPTION_KEY,
        }),
      ),
    ).not.toThrow();
  });

  it('refuses to start without DATA_ENCRYPTION_KEY, and refuses a key that is not 32 bytes in base64 without repeating it', () => {
    const env = { ...production, DATABASE_URL: PG, SMTP_URL: 'smtp://mail.internal:587' };
    expect(() => checkProductionConfig(loadConfig(env))).toThrow(/DATA_ENCRYPTION_KEY is not set/);
    expect(() => checkProductionConfig(loadConfig({ ...production, SMTP_URL: 'smtp://mail.internal:587' }))).toThrow(
      /DATA_ENCRYPTION_KEY is not set/,
    );
    expect(
      loadConfig({
        ...env,
        DATA_ENCRYPTION_KEY,
        DATA_ENCRYPTION_KEYS_OLD: ` ${Buffer.alloc(32, 2).toString('base64')} ,${Buffer.alloc(32, 3).toString('base64')}`,
      }),
    ).toMatchObject({
      dataEncryptionKey: DATA_ENCRYPTION_KEY,
      dataEncryptionKeysOld: [Buffer.alloc(32, 2).toString('base64'), Buffer.alloc(32, 3).toString('base64')],
    });
    expect(loadConfig({})).toMatchObject({ dataEncryptionKey: undefined, dataEncryptionKeysOld: [] });
    const short = Buffer.alloc(16, 9).toString('base64');
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: short })).toThrow(
      /DATA_ENCRYPTION_KEY must be 32 random bytes in base64 \(openssl rand -base64 32\), not 16 bytes/,
    );
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'not a key!' })).toThrow(
      /DATA_ENCRYPTION_KEY must be 32 random bytes in base64/,
    );
    expect(() => loadConfig({ DATA_ENCRYPTION_KEYS_OLD: `${DATA_ENCRYPTION_KEY},${short}` })).toThrow(
      /DATA_ENCRYPTION_KEYS_OLD key 2 must be 32 random bytes/,
    );
    let message = '';
    try {
      loadConfig({ DATA_ENCRYPTION_KEY: short });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).not.toContain(short);
  });

  it('stops the server before it opens anything: a clear message and a non-zero exit', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-prod-check-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, DEV_MAILBOX: 'true', PORT: '0' },
        cwd: path.join(import.meta.dirname, '..'),
        encoding: 'utf8',
        // tsx compiles the server first: generous on a loaded 2-core machine.
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/Refusing to start with NODE_ENV=production/);
      expect(run.stderr).toMatch(/SMTP_URL is not set/);
      expect(run.stderr).toMatch(/DEV_MAILBOX is on/);
      // Nothing was created: no database in the data directory.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('metrics and tracing settings', () => {
  it('have no metrics endpoint and no tracing by default', () => {
    expect(loadConfig({})).toMatchObject({
      metrics: { port: undefined, host: '127.0.0.1', token: undefined },
      tracing: { endpoint: undefined, serviceName: 'merchant-backoffice' },
    });
  });

  it('reads the metrics listener, the token and the OTLP endpoint', () => {
    const token = 'a'.repeat(32);
    expect(
      loadConfig({
        METRICS_PORT: '9464',
        METRICS_HOST: '10.0.0.5',
        METRICS_TOKEN: token,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SERVICE_NAME: 'backoffice-eu',
      }),
    ).toMatchObject({
      metrics: { port: 9464, host: '10.0.0.5', token },
      tracing: { endpoint: 'http://collector:4318', serviceName: 'backoffice-eu' },
    });
    expect(loadConfig({ METRICS_PORT: '0' }).metrics.port).toBe(0);
  });

  it('refuses a bad port, a host without a port, the main port, and a bad endpoint, naming each', () => {
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT must be a whole number between 0 and 65535/);
    expect(() => loadConfig({ METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST is set without METRICS_PORT/);
    expect(() => loadConfig({ PORT: '9000', METRICS_PORT: '9000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT must be a http:\/\/ or https:\/\/ URL/,
    );
  });

  it('refuses a short token without ever repeating it', () => {
    const short = 'secret-but-short';
    let message = '';
    try {
      loadConfig({ METRICS_TOKEN: `${short.slice(0, 10)}` });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/METRICS_TOKEN must be at least 16 printable characters/);
    expect(message).not.toContain(short.slice(0, 10));
    expect(() => loadConfig({ METRICS_TOKEN: 'sixteen chars ok but spaced' })).toThrow(/without spaces/);
  });
});
