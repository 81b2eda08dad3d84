import { expect, test } from '@playwright/test';
import { createUser, linkIn, login, loginToHome, mailTo, toast } from '../support/fixtures';

const NEW_PASSWORD = 'Brand-new-pass-2026';

test('forgot password → email → reset → log in with the new password', async ({ page }) => {
  await createUser('forgetful@e2e.test');
  const since = Date.now();
  await page.goto('auth/login');
  await page.getByRole('link', { name: /Forgot password/ }).click();
  await expect(page).toHaveURL(/\/auth\/forgot_password/);
  await page.getByLabel('Email').fill('forgetful@e2e.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists/).first()).toBeVisible();

  const link = linkIn(await mailTo('forgetful@e2e.test', since));
  expect(link).toContain('/app/auth/reset_password?token=');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await login(page, 'forgetful@e2e.test');
  await expect(toast(page, 'Password is not correct.')).toBeVisible();
  await login(page, 'forgetful@e2e.test', NEW_PASSWORD);
  await expect(page).toHaveURL(/\/app\/home$/);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText('The link is invalid.')).toBeVisible();
});

test('invitation → register_password → log in', async ({ page }) => {
  await loginToHome(page, 'owner@demo.test');
  const since = Date.now();
  const res = await page.request.post('/usercenter/web/v1/merchant-user-manage/invite', { data: { email: 'newbie@e2e.test', roleCode: 'VIEWER' } });
  expect((await res.json()).code).toBe('000000');
  const link = linkIn(await mailTo('newbie@e2e.test', since));
  expect(link).toContain('/app/auth/register_password?token=');

  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText('newbie@e2e.test').first()).toBeVisible();
  await page.getByLabel('Name').fill('Nina Newbie');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByLabel('Email')).toHaveValue('newbie@e2e.test');

  await login(page, 'newbie@e2e.test', NEW_PASSWORD);
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByText('Nina Newbie').first()).toBeVisible();

  await page.goto(link);
  await expect(page.getByText('User is already active.')).toBeVisible();
});

test('a user flagged for reset must set a new password before anything else', async ({ page }) => {
  await createUser('forced@e2e.test', 'VIEWER', 'M1000001', true);
  await login(page, 'forced@e2e.test');
  await expect(page).toHaveURL(/\/auth\/force_reset_password/);
  // Nothing else is reachable until done.
  await page.goto('home');
  await expect(page).toHaveURL(/\/auth\/force_reset_password/);

  await page.getByLabel('Current password').fill('Merchant#2026');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
});
