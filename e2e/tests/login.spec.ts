import { expect, test } from '@playwright/test';
import { createUser, login, loginToHome, sql, toast, uniqueEmail } from '../support/fixtures';

test.describe('login', () => {
  test('the demo owner logs in and lands on /home with the menu from the server', async ({ page }) => {
    await page.goto('');
    await expect(page).toHaveURL(/\/app\/auth\/login/);
    await loginToHome(page, 'owner@demo.test');
    const menu = page.getByRole('navigation').or(page.getByRole('menu')).first();
    for (const item of ['Home', 'Transactions', 'Settlements', 'Account', 'Settings']) {
      await expect(menu.getByText(item, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText('Olivia Owner').first()).toBeVisible();
  });

  test('each catalogue login error shows as a toast', async ({ page }) => {
    await login(page, 'owner@demo.test', 'Wrong-password-1');
    await expect(toast(page, 'Password is not correct.')).toBeVisible();
    await login(page, 'nobody@demo.test', 'Wrong-password-1');
    await expect(toast(page, 'Password is not correct.').first()).toBeVisible();
    await login(page, 'invited@demo.test');
    await expect(toast(page, 'Please set your password before login.')).toBeVisible();
    await login(page, 'disabled@demo.test');
    await expect(toast(page, 'Please check user status.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test('ten wrong passwords lock the account, and the right one is refused while locked', async ({ page }) => {
    const email = uniqueEmail('locked');
    await createUser(email);
    await page.goto('auth/login');
    await page.getByLabel('Email').fill(email);
    for (let i = 0; i < 10; i++) {
      await page.getByLabel('Password', { exact: true }).fill(`Wrong-password-${i}`);
      // Each attempt waits for its answer: a click while the previous one is in flight would be lost.
      const answered = page.waitForResponse(
        (res) => res.url().endsWith('/usercenter/web/v1/login') && res.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Log in' }).click();
      await answered;
    }
    await expect(toast(page, /locked/).first()).toBeVisible();
    await login(page, email);
    await expect(toast(page, /locked/).last()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login/);
    const [row] = await sql<{ minutes: number }>(
      `SELECT extract(epoch FROM locked_until - now()) / 60 AS minutes FROM users WHERE email = $1`,
      [email],
    );
    expect(Number(row.minutes)).toBeGreaterThan(29);
  });

  // Both end sessions: each signs in a user of its own, never one whose saved session other tests share (sessions.ts).
  test('an idle session expires and the next action goes to the login page', async ({ page }) => {
    const email = uniqueEmail('idle');
    await createUser(email, 'FINANCE');
    await loginToHome(page, email);
    await sql(
      `UPDATE sessions SET last_seen_at = now() - interval '16 minutes' WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    await page.reload();
    await expect(page).toHaveURL(/\/app\/auth\/login/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('log out from the user menu ends the session', async ({ page }) => {
    // Logging out ends every session of the user.
    const email = uniqueEmail('leaver');
    await createUser(email);
    await loginToHome(page, email);
    await page.getByRole('button', { name: /leaver/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/app\/auth\/login/);
    await page.goto('home');
    await expect(page).toHaveURL(/\/app\/auth\/login/);
  });
});
