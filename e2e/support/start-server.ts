/**
 * Starts the product for the browser tests, as it is shipped: the compiled server
 * (`node apps/server/dist/server.js`, configured through its environment variables) serving the
 * built web app, on a fresh PostgreSQL database (so tests can move session clocks), with a real SMTP
 * server on loopback, in this process, that writes each mail it receives to .tmp/<port>/mail.jsonl.
 * SIGTERM (or SIGINT) is passed on to the server, which is waited for; then the database is dropped.
 *
 * Needs `npm run build` first (apps/server/dist and apps/web/dist); without them it exits with 1.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { DB_FILE, E2E_PORT, E2E_TMP, MAIL_FILE } from './env';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_JS = path.join(ROOT, 'apps/server/dist/server.js');
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));
const ADMIN_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The sandbox's delays, shortened so a dispute, a bank check, a withdrawal or a payout run ends within seconds. */
const SANDBOX_DELAY_MS = '1000';

function fail(message: string): never {
  console.error(`e2e server: ${message}`);
  process.exit(1);
}

/** A path as the message shows it: from the repository root when inside it. */
const shown = (file: string) => (path.relative(ROOT, file).startsWith('..') ? file : path.relative(ROOT, file));
const missing = [
  fs.existsSync(SERVER_JS) ? null : `${shown(SERVER_JS)} (the compiled server)`,
  fs.existsSync(path.join(WEB_DIST, 'index.html'))
    ? null
    : `${shown(path.join(WEB_DIST, 'index.html'))} (the built web app)`,
].filter(Boolean);
if (missing.length)
  fail(`${missing.join(' and ')} not found: run npm run build first (the browser tests run the built product).`);

const dbName = `mbo_e2e_${process.pid}_${Date.now().toString(36)}`;
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${dbName}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

fs.rmSync(E2E_TMP, { recursive: true, force: true });
fs.mkdirSync(E2E_TMP, { recursive: true });
fs.writeFileSync(MAIL_FILE, '');
fs.writeFileSync(DB_FILE, dbUrl.toString());

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      PostalMime.parse(Buffer.concat(chunks))
        .then((mail) => {
          const to = session.envelope.rcptTo[0]?.address ?? '';
          fs.appendFileSync(
            MAIL_FILE,
            JSON.stringify({ to, subject: mail.subject, text: mail.text, at: Date.now() }) + '\n',
          );
          callback();
        })
        .catch(callback);
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;

try {
  await admin(`CREATE DATABASE "${dbName}"`);
} catch (err) {
  smtp.close();
  fail(
    `cannot create the database on ${new URL(ADMIN_URL).host} (set PG_TEST_URL): ${err instanceof Error ? err.message : String(err)}`,
  );
}

// The server's whole configuration; blank values count as unset, so nothing of the caller's
// environment (a developer's DATABASE_URL, SENTRY_DSN, NODE_ENV…) changes what is tested.
const serverEnv: Record<string, string> = {
  NODE_ENV: '',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATABASE_URL: dbUrl.toString(),
  MIGRATION_DATABASE_URL: '',
  SEED_DEMO: 'true',
  DEV_MAILBOX: 'false',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: '',
  PUBLIC_URL: `http://localhost:${E2E_PORT}`,
  SECURE_COOKIES: '',
  TRUST_PROXY: '',
  SENTRY_DSN: '',
  LOG_LEVEL: 'warn',
  WEB_DIST,
  // The browser tests log in from 127.0.0.1 more often than the per-address login limit allows; the limits have their
  // server tests.
  RATE_LIMITS: 'false',
  // The settlements test moves the sandbox clock forward.
  SANDBOX_CLOCK: 'true',
  // The integration test's webhook receiver listens on http://127.0.0.1.
  WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true',
  SANDBOX_REFUND_DELAY_MS: '',
  // A payment with the dispute test card is disputed within seconds; so are bank checks, withdrawals and payouts done.
  SANDBOX_DISPUTE_OPEN_DELAY_MS: SANDBOX_DELAY_MS,
  // A submitted dispute is decided a few seconds later: long enough for its page to show it under review
  // first, however slow the machine (at 1 s the page could already read the decision).
  SANDBOX_DISPUTE_DECISION_DELAY_MS: '5000',
  SANDBOX_BANK_VERIFY_DELAY_MS: SANDBOX_DELAY_MS,
  SANDBOX_WITHDRAWAL_DELAY_MS: SANDBOX_DELAY_MS,
  SANDBOX_PAYOUT_DELAY_MS: SANDBOX_DELAY_MS,
  // Done well within the runner's graceful-shutdown wait (playwright.config.ts).
  SHUTDOWN_TIMEOUT_MS: '5000',
};

// Its own process group: the runner signals this process's group, and the server must get one
// SIGTERM only (a second one makes it exit at once, skipping its graceful shutdown), the one passed on below.
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_JS], {
  cwd: ROOT,
  env: { ...process.env, ...serverEnv },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
const exited = new Promise<number>((resolve) => {
  server.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
// Should this process end some other way, the server must not outlive it.
process.once('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});
console.log(`e2e server: node ${shown(SERVER_JS)} on http://localhost:${E2E_PORT}/app/ (database ${dbName})`);

let stopping = false;
async function stop(code: number): Promise<never> {
  stopping = true;
  smtp.close();
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((err: unknown) => {
    console.error(
      `e2e server: could not drop the database ${dbName}: ${err instanceof Error ? err.message : String(err)}`,
    );
  });
  process.exit(code);
}

// The server ending on its own (a bad setting, a crash) ends the run loudly.
void exited.then((code) => {
  if (stopping) return;
  console.error(`e2e server: the server exited with code ${code} before it was asked to stop`);
  void stop(code || 1);
});

function onSignal(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  void exited.then((code) => {
    if (code !== 0) console.error(`e2e server: the server exited with code ${code} on ${signal}`);
    return stop(code);
  });
}
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('SIGINT', () => onSignal('SIGINT'));
