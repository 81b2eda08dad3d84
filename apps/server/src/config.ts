import path from 'node:path';

/** Every setting the server reads from the environment (listed in the README). */
export interface Config {
  port: number;
  host: string;
  /** Embedded PGlite data directory (used when databaseUrl is not set). */
  dataDir: string;
  /** A PostgreSQL server; when set, PGlite is not used. */
  databaseUrl: string | undefined;
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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Merchant Back-office <no-reply@backoffice.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    sentryDsn: env.SENTRY_DSN || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    secureCookies: env.SECURE_COOKIES === 'true' || (env.PUBLIC_URL ?? '').startsWith('https://'),
  };
}
