import { expect, test, type Page } from '@playwright/test';
import { blockingViolations, describeViolations } from '../support/axe';
import { createUser, DEMO_PASSWORD, ownSession, sql, uniqueEmail } from '../support/fixtures';

/**
 * The two languages: a first visit follows the browser's, the login page has its own switch, and a
 * user's choice (zh@demo.test's is Simplified Chinese) holds once signed in: pages, <html lang>,
 * formats. The Chinese pages pass the same accessibility check as the English ones (a11y-*.spec.ts).
 */

async function expectNoBlockingViolations(page: Page) {
  const violations = await blockingViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

test.describe('a Chinese browser', () => {
  test.use({ locale: 'zh-CN' });

  test('gets the login page in Simplified Chinese, and can switch it to English there', async ({ page }) => {
    await page.goto('auth/login');
    await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page).toHaveTitle(/^登录 - /);
    await expectNoBlockingViolations(page);

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Kept on this browser: the next visit of the login page speaks English.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });
});

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' });

  test('a user whose language is Simplified Chinese gets the app in it, from the login form on', async ({ page }) => {
    await page.goto('auth/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.getByLabel('Email').fill('zh@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('navigation', { name: '主导航' }).getByText('首页', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^首页 - /);
    await expect(page.getByText('快捷入口', { exact: true })).toBeVisible();
    await expectNoBlockingViolations(page);

    // The user menu's Language submenu: back to English, kept on the server.
    await page.getByRole('button', { name: /王芳/ }).click();
    await page.getByRole('menuitem', { name: /语言/ }).hover();
    const saved = page.waitForResponse((r) => r.url().endsWith('/usercenter/web/v1/merchant-user/locale'));
    await page.getByRole('menuitem', { name: /English/ }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText('Shortcuts', { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await sql(`UPDATE users SET locale = 'zh-CN' WHERE email = 'zh@demo.test'`);
  });

  test('a list keeps each currency’s decimals in Chinese', async ({ page }) => {
    const email = uniqueEmail('zh-finance');
    await createUser(email, 'FINANCE');
    await sql(`UPDATE users SET locale = 'zh-CN' WHERE email = $1`, [email]);
    await ownSession(page, email, 'account/balance');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    // The shared list kit speaks Chinese (its total, its buttons), the amounts keep their decimals.
    await expect(page.getByRole('button', { name: /列/ }).first()).toBeVisible();
    await expect(page.getByText(/^共 [\d,]+ 条$/).first()).toBeVisible();
    await expect(page.getByText(/\d\.\d{2}\u00a0EUR/).first()).toBeVisible();
  });

  test('a list’s columns and a payment’s failure reason and timeline read in Chinese', async ({ page }) => {
    const email = uniqueEmail('zh-ops');
    await createUser(email, 'OPERATIONS');
    await sql(`UPDATE users SET locale = 'zh-CN' WHERE email = $1`, [email]);
    await ownSession(page, email, 'transactions/payments');
    // The list definitions' words (the lists namespace) load with the kit's: its columns are Chinese.
    await expect(page.getByRole('columnheader', { name: /支付 ID/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /金额/ }).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveCount(0);
    // A stored reason the product wrote in English (a record text) reads in Chinese, here and in the timeline.
    const [failed] = await sql<{ id: string }>(
      `SELECT id FROM payments WHERE merchant_id = 'M1000001' AND failure_reason = 'Insufficient funds' LIMIT 1`,
    );
    await page.goto(`transactions/payments_detail?paymentId=${failed.id}`);
    await expect(page.getByText('余额不足').first()).toBeVisible();
    await expect(page.getByText('Insufficient funds')).toHaveCount(0);
    await expectNoBlockingViolations(page);
  });
});
