/**
 * Starts the product for the browser tests: the real server on a fresh PostgreSQL database (so
 * tests can move session clocks), with a real SMTP server on loopback that writes each mail it
 * receives to .tmp/mail.jsonl. The database is dropped when the process ends.
 */
import fs from 'node:fs';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedIfEmpty } from '../../apps/server/src/seed/demo';
import { DB_FILE, E2E_PORT, E2E_TMP, MAIL_FILE } from './env';

const ADMIN_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
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
          fs.appendFileSync(MAIL_FILE, JSON.stringify({ to, subject: mail.subject, text: mail.text, at: Date.now() }) + '\n');
          callback();
        })
        .catch(callback);
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;

await admin(`CREATE DATABASE "${dbName}"`);
const database = await openDatabase({ databaseUrl: dbUrl.toString() });
await seedIfEmpty(database.db);
const config = {
  ...loadConfig({ PORT: String(E2E_PORT), WEB_DIST: process.env.WEB_DIST }),
  smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
  publicUrl: `http://localhost:${E2E_PORT}`,
  logLevel: 'warn',
  // The browser tests log in some 50 times from 127.0.0.1, beyond the per-address login limit; the limits have their server tests.
  rateLimits: false,
  // A payment with the dispute test card is disputed, and a submitted dispute decided, within seconds.
  sandboxDisputeOpenDelayMs: 1_000,
  sandboxDisputeDecisionDelayMs: 1_000,
  sandboxBankVerifyDelayMs: 1_000,
  sandboxWithdrawalDelayMs: 1_000,
  sandboxPayoutDelayMs: 1_000,
  // The integration test's webhook receiver listens on http://127.0.0.1.
  webhookAllowHttpLocalhost: true,
};
const app = await buildApp({ config, database });
await app.listen({ port: E2E_PORT, host: '127.0.0.1' });
console.log(`e2e server on http://localhost:${E2E_PORT}/app/ (database ${dbName})`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close().catch(() => undefined);
  await database.close().catch(() => undefined);
  smtp.close();
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
