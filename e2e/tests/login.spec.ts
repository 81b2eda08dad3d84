import { expect, test } from '@playwright/test';
import { createUser, login, loginToHome, sql, toast } from '../support/fixtures';

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
    await createUser('locked@e2e.test');
    await page.goto('auth/login');
    await page.getByLabel('Email').fill('locked@e2e.test');
    for (let i = 0; i < 10; i++) {
      await page.getByLabel('Password', { exact: true }).fill(`Wrong-password-${i}`);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.locator('.ant-message-notice').last()).toBeVisible();
    }
    await expect(toast(page, /locked/).first()).toBeVisible();
    await login(page, 'locked@e2e.test');
    await expect(toast(page, /locked/).last()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login/);
    const [row] = await sql<{ minutes: number }>(`SELECT extract(epoch FROM locked_until - now()) / 60 AS minutes FROM users WHERE email = 'locked@e2e.test'`);
    expect(Number(row.minutes)).toBeGreaterThan(29);
  });

  test('an idle session expires and the next action goes to the login page', async ({ page }) => {
    await loginToHome(page, 'finance@demo.test');
    await sql(`UPDATE sessions SET last_seen_at = now() - interval '16 minutes' WHERE user_id = (SELECT id FROM users WHERE email = 'finance@demo.test')`);
    await page.reload();
    await expect(page).toHaveURL(/\/app\/auth\/login/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('log out from the user menu ends the session', async ({ page }) => {
    await loginToHome(page, 'viewer@demo.test');
    // The dropdown animates in; on a loaded machine a click can land mid-animation, so open and
    // click again until the logout has happened.
    await expect(async () => {
      if (!(await page.getByRole('menuitem', { name: 'Log out' }).isVisible())) await page.getByRole('button', { name: /Vera Viewer/ }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click({ timeout: 2000 });
      await expect(page).toHaveURL(/\/app\/auth\/login/, { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await page.goto('home');
    await expect(page).toHaveURL(/\/app\/auth\/login/);
  });
});
