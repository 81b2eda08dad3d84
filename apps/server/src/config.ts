import path from 'node:path';

/** Every setting the server reads from the environment (listed in the README). */
export interface Config {
  port: number;
  host: string;
  /** Embedded PGlite data directory (used when databaseUrl is not set). */
  dataDir: string;
  /** A PostgreSQL server; when set, PGlite is not used. */
  databaseUrl: string | undefined;
  /** The role migrations run as, the tables' owner (MIGRATION_DATABASE_URL); databaseUrl when unset. */
  migrationDatabaseUrl: string | undefined;
  /** SMTP server for outgoing mail; when unset, mail stays in the outbox (see /dev/mailbox). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base URL used in links sent by email. */
  publicUrl: string;
  sentryDsn: string | undefined;
  logLevel: string;
  /** Serve the built web app from this folder. */
  webDist: string;
  /** Mark cookies Secure and send HSTS (set when served over TLS). */
  secureCookies: boolean;
  /**
   * Proxies in front of the server whose X-Forwarded-* headers are believed: false (none), a number
   * of hops, or proxy addresses/CIDRs. Never "trust everything", which would take the left-most
   * (client-written) forwarded address.
   */
  trustProxy: false | number | string[];
  /**
   * Create the demo data (users whose password the README publishes) when the database is empty.
   * On by default only for the embedded database (the one-command demo); with DATABASE_URL only
   * with SEED_DEMO=true. Refused with NODE_ENV=production.
   */
  seedDemo: boolean;
  /**
   * Serve /dev/mailbox (the outbox, live reset links included) to browsers on this machine, when
   * mail stays in the outbox (no SMTP_URL). Default and rules as seedDemo, with DEV_MAILBOX.
   */
  devMailbox: boolean;
  /** The request limits of plugins/rate-limit.ts; only the browser tests and the benchmark turn them off. */
  rateLimits: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Merchant Back-office <no-reply@backoffice.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    sentryDsn: env.SENTRY_DSN || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    secureCookies: env.SECURE_COOKIES === 'true' || (env.PUBLIC_URL ?? '').startsWith('https://'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ...demoFlags(env),
    rateLimits: true,
  };
}

/** SEED_DEMO and DEV_MAILBOX: explicit true/false, else on only for the embedded database outside production. */
function demoFlags(env: NodeJS.ProcessEnv): { seedDemo: boolean; devMailbox: boolean } {
  const byDefault = !env.DATABASE_URL && env.NODE_ENV !== 'production';
  return { seedDemo: flag(env, 'SEED_DEMO', byDefault), devMailbox: flag(env, 'DEV_MAILBOX', byDefault) };
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const text = (env[name] ?? '').trim().toLowerCase();
  if (!text) return fallback;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new Error(`${name} must be true or false, not "${env[name]}".`);
}

/**
 * NODE_ENV=production refuses a configuration that would expose demo users or reset links: mail
 * must go out over SMTP, and neither the demo data nor the dev mailbox may be on. Throws one error
 * listing every problem (server.ts prints it and exits non-zero).
 */
export function checkProductionConfig(config: Config, env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV !== 'production') return;
  const problems: string[] = [];
  if (!config.smtpUrl) problems.push('SMTP_URL is not set: reset links and invitations would stay in the database outbox. Set SMTP_URL to your SMTP server.');
  if (config.seedDemo) problems.push('SEED_DEMO is on: it creates demo users whose password is published. Remove SEED_DEMO.');
  if (config.devMailbox) problems.push('DEV_MAILBOX is on: /dev/mailbox shows live reset links. Remove DEV_MAILBOX.');
  if (!config.rateLimits) problems.push('the rate limits are off. Leave them on.');
  if (problems.length) throw new Error(`Refusing to start with NODE_ENV=production:\n  - ${problems.join('\n  - ')}`);
}

/** TRUST_PROXY: unset/false → none; true → one hop; a number → that many hops; else a comma list of addresses or CIDRs. */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (!text || text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text) || false;
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}
