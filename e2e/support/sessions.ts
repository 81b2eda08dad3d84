/**
 * Signed-in browsers without the login form. global-setup.ts logs each demo user in once through
 * the API and saves the session (the httpOnly `mbo_sid` cookie and the `mbo_signed_in` hint) as a
 * storageState file; a test takes it with `signedInAs`. Only the tests about logging in fill in the
 * login form (`login` in fixtures.ts).
 *
 * The saved sessions are shared by every test of the run, in every worker: a test that ends, idles
 * out or re-points its session (logout, a password change, disabling the user, switching merchant,
 * moving session clocks) takes a session of its own (`ownSession`) or a user of its own (`createUser`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, request, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { AUTH_DIR, E2E_BASE } from './env';

export const DEMO_PASSWORD = 'Merchant#2026';

/** The demo users whose sessions global-setup.ts saves. */
export const DEMO_USERS = ['owner@demo.test', 'viewer@demo.test', 'finance@demo.test', 'payouts@demo.test'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** Where a demo user's saved session (Playwright storageState) lives. */
export const stateFile = (email: DemoUser) => path.join(AUTH_DIR, `${email.split('@')[0]}.json`);

type Cookies = Parameters<BrowserContext['addCookies']>[0];

/**
 * A session unused for 15 minutes has ended (SESSION_IDLE_MS). Every test that uses one refreshes
 * it, but a long run (`--repeat-each`) may leave a user alone that long: a worker that has not used
 * a session for this long takes a new one of its own, through the API (other workers' sessions stay).
 */
const REFRESH_AFTER_MS = 10 * 60 * 1000;

/** This worker's session of each demo user, and when it last used it. */
const sessions = new Map<DemoUser, { cookies: Cookies; usedAt: number }>();

async function sessionCookies(email: DemoUser): Promise<Cookies> {
  let session = sessions.get(email);
  if (!session) {
    const file = stateFile(email);
    session = {
      cookies: (JSON.parse(fs.readFileSync(file, 'utf8')) as { cookies: Cookies }).cookies,
      usedAt: fs.statSync(file).mtimeMs,
    };
    sessions.set(email, session);
  }
  if (Date.now() - session.usedAt > REFRESH_AFTER_MS) {
    const context = await request.newContext({ baseURL: E2E_BASE });
    try {
      await apiLogin(context, email);
      session.cookies = (await context.storageState()).cookies;
    } finally {
      await context.dispose();
    }
  }
  session.usedAt = Date.now();
  return session.cookies;
}

/**
 * Logs in through the API (POST /usercenter/web/v1/login, no form), with the request context's
 * cookies: the new session's cookies land in that context (a page's context for `page.request`).
 */
export async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await request.post(USERCENTER_PATHS.login, { data: { email, password } });
  const body = (await res.json()) as { code: string; msg?: string };
  expect(res.status(), `API login of ${email}: ${body.msg ?? ''}`).toBe(200);
  expect(body.code, `API login of ${email}: ${body.msg ?? ''}`).toBe('000000');
}

/**
 * The page's browser signed in as a demo user, with the session global-setup saved (another user's
 * cookies are dropped first), and opens `at`: a path under /app/ (home by default, waited for), or
 * null to stay where it is (the test goes on its own way).
 */
export async function signedInAs(page: Page, email: DemoUser, at: string | null = 'home'): Promise<void> {
  const context = page.context();
  await context.clearCookies();
  await context.addCookies(await sessionCookies(email));
  await open(page, at);
}

async function open(page: Page, at: string | null): Promise<void> {
  if (at === null) return;
  await page.goto(at);
  if (at === 'home') await expect(page).toHaveURL(/\/app\/home$/);
}

/**
 * The page's browser signed in with a session of its own (an API login, not the form), for a test
 * that changes its session or signs in a user it created; then opens `at` (home by default).
 */
export async function ownSession(page: Page, email: string, at: string | null = 'home'): Promise<void> {
  // Without cookies: a login with a session cookie ends that (maybe shared) session.
  await page.context().clearCookies();
  await apiLogin(page.request, email);
  await open(page, at);
}
