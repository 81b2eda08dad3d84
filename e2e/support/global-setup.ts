/**
 * Once per run, after the server is up: each demo user logs in through the API and its session is
 * saved as a storageState file (sessions.ts), so tests start signed in without the login form.
 * A session idles out after 15 minutes without a call; every test that uses it refreshes it.
 */
import fs from 'node:fs';
import { request } from '@playwright/test';
import { AUTH_DIR, E2E_BASE } from './env';
import { apiLogin, DEMO_USERS, stateFile } from './sessions';

export default async function globalSetup(): Promise<void> {
  fs.rmSync(AUTH_DIR, { recursive: true, force: true });
  fs.mkdirSync(AUTH_DIR, { recursive: true });
  for (const email of DEMO_USERS) {
    const context = await request.newContext({ baseURL: E2E_BASE });
    try {
      await apiLogin(context, email);
      await context.storageState({ path: stateFile(email) });
    } finally {
      await context.dispose();
    }
  }
}
