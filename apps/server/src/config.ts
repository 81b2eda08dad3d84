import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { flag, text, url, wholeNumber } from './config-values';
import { systemClock, type Clock } from './lib/clock';
import { checkStorageSettings, STORAGE_ENVIRONMENT, storageConfig } from './storage-config';

export type { StorageConfig } from './storage-config';

/** The repository root: config.ts sits in apps/server/src, the built server in apps/server/dist (same depth). */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A data key: 32 bytes in base64 (the value is a secret: a message never repeats it). */
function dataKeyProblem(value: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value))
    return 'must be 32 random bytes in base64 (openssl rand -base64 32), not something that is not base64';
  const bytes = Buffer.from(value, 'base64').length;
  return bytes === 32 ? null : `must be 32 random bytes in base64 (openssl rand -base64 32), not ${bytes} bytes`;
}

const dataKey = text.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const problem = dataKeyProblem(value);
  if (problem === null) return value;
  ctx.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
});

/** DATA_ENCRYPTION_KEYS_OLD: a comma list of data keys (each as DATA_ENCRYPTION_KEY). */
const dataKeyList = text.transform((value, ctx): string[] => {
  const keys = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const problems = keys.map((key, i) => [i, dataKeyProblem(key)] as const).filter(([, problem]) => problem !== null);
  if (problems.length) {
    ctx.addIssue({ code: 'custom', message: problems.map(([i, problem]) => `key ${i + 1} ${problem}`).join('; ') });
    return z.NEVER;
  }
  return keys;
});

/** METRICS_TOKEN: a secret, so a message says what is wrong with it and never repeats it. */
const metricsToken = text.transform((value, ctx) => {
  if (value === undefined) return undefined;
  if (value.length >= 16 && /^[\x21-\x7e]+$/.test(value)) return value;
  ctx.addIssue({
    code: 'custom',
    message: `must be at least 16 printable characters without spaces (openssl rand -hex 32), not ${value.length} characters`,
  });
  return z.NEVER;
});

/**
 * TRUST_PROXY: unset/false → none; true → one hop; a number → that many hops; else a comma list of addresses or CIDRs.
 */
const trustProxy = text.transform((value, ctx): false | number | string[] => {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value) || false;
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  if (bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a number of proxy hops or a comma list of proxy addresses or CIDRs, not '${bad.join(', ')}'`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * Every environment variable the server reads (the README's table), validated at once: each bad
 * value gets its own message naming the variable. Its output is the Config the app runs with.
 */
const environment = z
  .object({
    NODE_ENV: text,
    PORT: wholeNumber(0, 65535, 8080),
    HOST: text,
    DATA_DIR: text,
    DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/backoffice'),
    MIGRATION_DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://owner:pass@host:5432/backoffice'),
    DATABASE_POOL_SIZE: wholeNumber(1, 500, 20),
    DATABASE_READ_URL: url(['postgres:', 'postgresql:'], 'postgres://user:pass@replica:5432/backoffice'),
    READ_YOUR_WRITES_MS: wholeNumber(0, 600_000, 5000),
    SMTP_URL: url(['smtp:', 'smtps:'], 'smtp://user:pass@smtp.example.com:587'),
    MAIL_FROM: text,
    PUBLIC_URL: url(['http:', 'https:'], 'https://backoffice.example.com'),
    SECURE_COOKIES: flag,
    TRUST_PROXY: trustProxy,
    SEED_DEMO: flag,
    DEV_MAILBOX: flag,
    SANDBOX_CLOCK: flag,
    WEBHOOK_ALLOW_HTTP_LOCALHOST: flag,
    RATE_LIMITS: flag,
    SENTRY_DSN: url(['http:', 'https:'], 'https://key@o0.ingest.sentry.io/0'),
    LOG_LEVEL: text.pipe(
      z
        .enum(LOG_LEVELS, { error: (issue) => `must be one of ${LOG_LEVELS.join(', ')}, not '${String(issue.input)}'` })
        .optional(),
    ),
    WEB_DIST: text,
    SANDBOX_REFUND_DELAY_MS: wholeNumber(0, 86_400_000, 3000),
    SANDBOX_DISPUTE_OPEN_DELAY_MS: wholeNumber(0, 86_400_000, 30_000),
    SANDBOX_DISPUTE_DECISION_DELAY_MS: wholeNumber(0, 86_400_000, 60_000),
    SANDBOX_BANK_VERIFY_DELAY_MS: wholeNumber(0, 86_400_000, 10_000),
    SANDBOX_WITHDRAWAL_DELAY_MS: wholeNumber(0, 86_400_000, 20_000),
    SANDBOX_PAYOUT_DELAY_MS: wholeNumber(0, 86_400_000, 10_000),
    EXPORT_RETENTION_DAYS: wholeNumber(1, 3650, 7),
    MIGRATE_ON_START: flag,
    // PCI DSS 10.5.1: audit trails kept at least a year; the database refuses to drop a younger month.
    AUDIT_LOG_RETENTION_MONTHS: wholeNumber(12, 1200, 13),
    WEBHOOK_ATTEMPTS_RETENTION_DAYS: wholeNumber(1, 3650, 90),
    SHUTDOWN_TIMEOUT_MS: wholeNumber(100, 600_000, 10_000),
    DRAIN_DELAY_MS: wholeNumber(0, 600_000, 0),
    DATA_ENCRYPTION_KEY: dataKey,
    DATA_ENCRYPTION_KEYS_OLD: dataKeyList,
    ...STORAGE_ENVIRONMENT,
    METRICS_PORT: wholeNumber(0, 65535, undefined),
    METRICS_HOST: text,
    METRICS_TOKEN: metricsToken,
    OTEL_EXPORTER_OTLP_ENDPOINT: url(['http:', 'https:'], 'http://otel-collector:4318'),
    OTEL_SERVICE_NAME: text,
  })
  .superRefine((env, ctx) => {
    if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MIGRATION_DATABASE_URL'],
        message: 'is set without DATABASE_URL: set both (or neither, for the embedded database)',
      });
    }
    checkStorageSettings(env, ctx);
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'is set without DATABASE_URL: a read replica needs its primary (the embedded database has none)',
      });
    }
    if (env.METRICS_HOST && env.METRICS_PORT === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_HOST'],
        message: 'is set without METRICS_PORT: the metrics listener needs a port',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: `must differ from PORT (${env.PORT}): the metrics listener is a port of its own`,
      });
    }
  })
  .transform((env) => {
    const production = env.NODE_ENV === 'production';
    // Demo users and the dev mailbox: on by default only for the embedded database outside production.
    const demoByDefault = !env.DATABASE_URL && !production;
    return {
      /** NODE_ENV=production: checkProductionConfig refuses what must not run there. */
      production,
      port: env.PORT,
      host: env.HOST ?? '0.0.0.0',
      /** Embedded PGlite data directory (used when databaseUrl is not set); exports live under it too. */
      dataDir: path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data')),
      /** A PostgreSQL server; when set, PGlite is not used. */
      databaseUrl: env.DATABASE_URL,
      /** The role migrations run as, the tables' owner (MIGRATION_DATABASE_URL); databaseUrl when unset. */
      migrationDatabaseUrl: env.MIGRATION_DATABASE_URL,
      /**
       * PostgreSQL: the most connections this process opens to DATABASE_URL (requests and job workers share them), and
       * to DATABASE_READ_URL. Every instance has its own pool: instances × this must stay below the server's
       * max_connections (or PgBouncer's client limit).
       */
      databasePoolSize: env.DATABASE_POOL_SIZE,
      /**
       * A streaming replica of databaseUrl's server (DATABASE_READ_URL): the routes that declare `reads: 'replica'`
       * and the export job read it (db/read-replica.ts, plugins/read-routing.ts). Unset: everything reads the primary.
       */
      databaseReadUrl: env.DATABASE_READ_URL,
      /**
       * After a caller's write (a 2xx answer to a state-changing call), its replica reads go to the primary this long,
       * so it sees what it wrote (READ_YOUR_WRITES_MS).
       */
      readYourWritesMs: env.READ_YOUR_WRITES_MS,
      /** SMTP server for outgoing mail; when unset, mail stays in the outbox (see /dev/mailbox). */
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM ?? 'Merchant Back-office <no-reply@backoffice.local>',
      /** Base URL used in links sent by email. */
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
      sentryDsn: env.SENTRY_DSN,
      /** pino log level. */
      logLevel: (env.LOG_LEVEL ?? 'info') as string,
      /** Serve the built web app from this folder. */
      webDist: path.resolve(env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist')),
      /** Mark cookies Secure and send HSTS (set when served over TLS). */
      secureCookies: env.SECURE_COOKIES ?? (env.PUBLIC_URL ?? '').startsWith('https://'),
      /**
       * Proxies in front of the server whose X-Forwarded-* headers are believed: false (none), a number
       * of hops, or proxy addresses/CIDRs. Never "trust everything", which would take the left-most
       * (client-written) forwarded address.
       */
      trustProxy: env.TRUST_PROXY,
      /**
       * Create the demo data (users whose password the README publishes) when the database is empty.
       * On by default only for the embedded database (the one-command demo); with DATABASE_URL only
       * with SEED_DEMO=true. Refused with NODE_ENV=production.
       */
      seedDemo: env.SEED_DEMO ?? demoByDefault,
      /**
       * Serve /dev/mailbox (the outbox, live reset links included) to browsers on this machine, when
       * mail stays in the outbox (no SMTP_URL). Default and rules as seedDemo, with DEV_MAILBOX.
       */
      devMailbox: env.DEV_MAILBOX ?? demoByDefault,
      /**
       * The request limits of plugins/rate-limit.ts (login, forgot password, checkout, API calls): on
       * unless RATE_LIMITS=false, which only the browser tests and the benchmark use. Refused with NODE_ENV=production.
       */
      rateLimits: env.RATE_LIMITS ?? true,
      /**
       * The sandbox clock (POST /settlement/web/v1/sandbox/advance): a merchant may settle its own
       * batches as of a later day, to see a capture become a paid settlement without waiting days.
       * Default and rules as seedDemo, with SANDBOX_CLOCK.
       */
      sandboxClock: env.SANDBOX_CLOCK ?? demoByDefault,
      /**
       * Webhook endpoints may be http://localhost (or 127.0.0.1, [::1]) and deliveries may reach the
       * loopback address: for a receiver on a developer's machine. Default and rules as seedDemo,
       * with WEBHOOK_ALLOW_HTTP_LOCALHOST. Every other URL must be https to a public address.
       */
      webhookAllowHttpLocalhost: env.WEBHOOK_ALLOW_HTTP_LOCALHOST ?? demoByDefault,
      /**
       * Seconds before each retry of a failed webhook delivery (8 attempts over about 27 hours); tests
       * shorten them. The endpoint is disabled after webhookDisableAfterDays of failures.
       */
      webhookRetryDelaysSeconds: [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as number[],
      webhookDisableAfterDays: 3 as number,
      /** A webhook delivery attempt waits this long for the answer. */
      webhookTimeoutMs: 10_000 as number,
      /**
       * The clock of the app's time rules (TOTP codes, the request limits' windows): the real one; tests set their own
       * (lib/clock.ts).
       */
      clock: systemClock as Clock,
      /**
       * The merchant API's limit per key: this many calls per window (PostgreSQL-counted, shared by every instance).
       */
      apiKeyRateLimit: { max: 100, windowMs: 1000 } as { max: number; windowMs: number },
      /** Sandbox processor: how long a refund stays PROCESSING before it is decided. */
      sandboxRefundDelayMs: env.SANDBOX_REFUND_DELAY_MS,
      /** Sandbox processor: how long after a payment with the dispute test card its customer disputes it. */
      sandboxDisputeOpenDelayMs: env.SANDBOX_DISPUTE_OPEN_DELAY_MS,
      /** Sandbox processor: how long a submitted dispute stays UNDER_REVIEW before it is decided. */
      sandboxDisputeDecisionDelayMs: env.SANDBOX_DISPUTE_DECISION_DELAY_MS,
      /** Sandbox bank: how long a new bank account waits for verification. */
      sandboxBankVerifyDelayMs: env.SANDBOX_BANK_VERIFY_DELAY_MS,
      /**
       * Sandbox bank: how long a withdrawal stays PENDING before the bank takes it, and PROCESSING before it is paid.
       */
      sandboxWithdrawalDelayMs: env.SANDBOX_WITHDRAWAL_DELAY_MS,
      /** Sandbox bank: how long between its runs over a payout batch (pending → at the bank → paid or failed). */
      sandboxPayoutDelayMs: env.SANDBOX_PAYOUT_DELAY_MS,
      /** Export files are kept this many days, then deleted by a scheduled job. */
      exportRetentionDays: env.EXPORT_RETENTION_DAYS,
      /**
       * Apply the migrations (and their hooks) at start (default). false: the release step (`npm run migrate`) does;
       * the server then starts only when every migration it ships is applied, and names the missing ones otherwise.
       */
      migrateOnStart: env.MIGRATE_ON_START ?? true,
      /**
       * Whole months of audit_log kept besides the current one (12 to 1200; default 13: PCI DSS 10.5.1 keeps audit
       * trails a year, three months at hand): the daily partition job drops the monthly partitions past it.
       */
      auditLogRetentionMonths: env.AUDIT_LOG_RETENTION_MONTHS,
      /**
       * Days webhook delivery attempts are kept: the daily partition job drops a month's partition once all of it is
       * older.
       */
      webhookAttemptsRetentionDays: env.WEBHOOK_ATTEMPTS_RETENTION_DAYS,
      /**
       * Graceful shutdown: in-flight requests, job workers and the database get this long, then the process exits 1.
       */
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      /**
       * Draining before the graceful shutdown: on SIGTERM (or SIGINT) /readyz answers 503 at once while the server
       * keeps serving for this long, so a load balancer checking /readyz takes the instance out of its rotation
       * before it stops accepting connections. 0 (the default): close at once. Behind a balancer, set it above its
       * health-check interval times its fall count; the orchestrator's kill timeout must cover it plus
       * shutdownTimeoutMs.
       */
      drainDelayMs: env.DRAIN_DELAY_MS,
      /**
       * The data key (base64, 32 bytes) the secrets kept in the database are encrypted with (TOTP
       * secrets, webhook signing secrets, bank account numbers: lib/secret-box.ts). Unset: the key
       * file in dataDir, made on first start (db/data-keyring.ts). Required with NODE_ENV=production.
       */
      dataEncryptionKey: env.DATA_ENCRYPTION_KEY,
      /** Older data keys still read until `npm run rotate-keys` has re-encrypted everything with dataEncryptionKey. */
      dataEncryptionKeysOld: env.DATA_ENCRYPTION_KEYS_OLD,
      /**
       * Export files and dispute evidence: on local disk under dataDir, or (STORAGE_S3_BUCKET) in an S3-compatible
       * bucket every instance of a deployment reads (storage.ts).
       */
      storage: storageConfig(env),
      /**
       * The Prometheus endpoint GET /metrics (plugins/metrics.ts), never public: on a listener of its own at
       * host:port when port is set (METRICS_PORT, METRICS_HOST, default 127.0.0.1), and on the main port only
       * with `Authorization: Bearer <token>` when token is set (METRICS_TOKEN, a secret: never logged). Neither
       * set: no endpoint, and nothing is measured.
       */
      metrics: {
        port: env.METRICS_PORT,
        host: env.METRICS_HOST ?? '127.0.0.1',
        token: env.METRICS_TOKEN,
      } as { port: number | undefined; host: string; token: string | undefined },
      /**
       * OpenTelemetry traces over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT), started before the server by
       * src/instrumentation.ts (node --import), which reads the same variables; here they are only checked.
       */
      tracing: {
        endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
        serviceName: env.OTEL_SERVICE_NAME ?? 'merchant-backoffice',
      } as { endpoint: string | undefined; serviceName: string },
    };
  });

/** Every setting the server runs with, from the environment (listed in the README). */
export type Config = z.output<typeof environment>;

/**
 * Reads and validates the environment. A bad value throws one error naming every bad variable,
 * e.g. "PORT must be a whole number between 0 and 65535, not 'abc'" (server.ts prints it and exits 1).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = environment.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.map(String).join('.')} ${issue.message}`);
  throw new Error(
    problems.length === 1
      ? `${problems[0]}.`
      : `The environment has ${problems.length} bad values:\n  - ${problems.join('.\n  - ')}.`,
  );
}

/**
 * NODE_ENV=production refuses a configuration that would expose demo users or reset links: mail
 * must go out over SMTP, and neither the demo data nor the dev mailbox may be on. Throws one error
 * listing every problem (server.ts prints it and exits non-zero).
 */
export function checkProductionConfig(config: Config): void {
  if (!config.production) return;
  const problems: string[] = [];
  if (!config.smtpUrl)
    problems.push(
      'SMTP_URL is not set: reset links and invitations would stay in the database outbox. Set SMTP_URL to your SMTP server.',
    );
  if (config.seedDemo)
    problems.push('SEED_DEMO is on: it creates demo users whose password is published. Remove SEED_DEMO.');
  if (config.devMailbox) problems.push('DEV_MAILBOX is on: /dev/mailbox shows live reset links. Remove DEV_MAILBOX.');
  if (config.webhookAllowHttpLocalhost)
    problems.push(
      'WEBHOOK_ALLOW_HTTP_LOCALHOST is on: webhooks could be sent to this machine. Remove WEBHOOK_ALLOW_HTTP_LOCALHOST.',
    );
  if (config.sandboxClock)
    problems.push('SANDBOX_CLOCK is on: merchants could settle their batches early. Remove SANDBOX_CLOCK.');
  if (!config.rateLimits)
    problems.push(
      'RATE_LIMITS is false: the rate limits are off, so passwords could be guessed without limit. Remove RATE_LIMITS.',
    );
  if (!config.dataEncryptionKey)
    problems.push(
      'DATA_ENCRYPTION_KEY is not set: the secrets and bank account numbers in the database are encrypted with it. Set it to 32 random bytes in base64 (openssl rand -base64 32) and keep it safe.',
    );
  if (problems.length) throw new Error(`Refusing to start with NODE_ENV=production:\n  - ${problems.join('\n  - ')}`);
}
