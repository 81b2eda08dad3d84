import fs from 'node:fs';
import pg from 'pg';
import { expect, type Locator, type Page } from '@playwright/test';
import { DB_FILE, MAIL_FILE } from './env';
import { DEMO_PASSWORD } from './sessions';

export { DEMO_PASSWORD, ownSession, signedInAs, type DemoUser } from './sessions';

/** Runs SQL on the e2e server's database (to move session clocks or add users). */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: fs.readFileSync(DB_FILE, 'utf8') });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * An address no other test (nor an earlier repeat of this one, `--repeat-each`) uses: "<local>.<unique>@e2e.test".
 * The user's name (createUser) is its part before the @, so it starts with `local`.
 */
export function uniqueEmail(local: string): string {
  return `${local}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;
}

/** A fresh active user with the demo password, so a test can lock or change it freely. */
export async function createUser(
  email: string,
  roleCode = 'VIEWER',
  merchantId = 'M1000001',
  forceReset = false,
): Promise<void> {
  await sql(
    `INSERT INTO users (merchant_id, email, name, role_code, status, password_hash, force_reset, password_changed_at)
     SELECT $1, $2, $3, $4, 'ACTIVE', password_hash, $5, now() FROM users WHERE email = 'owner@demo.test'`,
    [merchantId, email, email.split('@')[0], roleCode, forceReset],
  );
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  at: number;
}

/** The latest mail the server sent to an address (waits up to 10 s). */
export async function mailTo(to: string, since = 0): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = fs
      .readFileSync(MAIL_FILE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Mail)
      .filter((m) => m.to === to && m.at >= since);
    if (mails.length) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function linkIn(mail: Mail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in "${mail.subject}"`);
  return match[0];
}

/** Logs in through the login form: for the tests about logging in (the others use signedInAs, sessions.ts). */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function loginToHome(page: Page, email: string): Promise<void> {
  await login(page, email);
  await expect(page).toHaveURL(/\/app\/home$/);
}

/** The toast antd shows for a message. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/**
 * Picks an option of an antd Select: opens its list and clicks the option (the list no longer
 * animates: the app turns antd's motion off when reduced motion is asked for, as the tests do).
 */
export async function pickOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label).click();
  await page.getByTitle(option, { exact: true }).last().click();
  await expect(scope.getByTitle(option, { exact: true })).toBeVisible();
}
