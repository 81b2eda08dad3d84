import path from 'node:path';

/** Where the e2e server listens and where it leaves the mail it sent. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_BASE = `http://localhost:${E2E_PORT}`;
/** Per port, so several runs can share the machine. */
export const E2E_TMP = path.resolve(import.meta.dirname, '../.tmp', String(E2E_PORT));
export const MAIL_FILE = path.join(E2E_TMP, 'mail.jsonl');
export const DB_FILE = path.join(E2E_TMP, 'database-url');
/** The saved sessions of the demo users (global-setup.ts), one storageState file each. */
export const AUTH_DIR = path.join(E2E_TMP, 'auth');
