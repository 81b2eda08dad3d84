import { expect, test } from '@playwright/test';
import { createUser, linkIn, login, mailTo, signedInAs, toast, uniqueEmail } from '../support/fixtures';

const NEW_PASSWORD = 'Brand-new-pass-2026';

test('forgot password → email → reset → log in with the new password', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await createUser(email);
  const since = Date.now();
  await page.goto('auth/login');
  await page.getByRole('link', { name: /Forgot password/ }).click();
  await expect(page).toHaveURL(/\/auth\/forgot_password/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists/).first()).toBeVisible();

  const link = linkIn(await mailTo(email, since));
  expect(link).toContain('/app/auth/reset_password?token=');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await login(page, email);
  await expect(toast(page, 'Password is not correct.')).toBeVisible();
  await login(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/app\/home$/);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText('The link is invalid.')).toBeVisible();
});

test('invitation → register_password → log in', async ({ page }) => {
  const email = uniqueEmail('newbie');
  await signedInAs(page, 'owner@demo.test');
  const since = Date.now();
  const res = await page.request.post('/usercenter/web/v1/merchant-user-manage/invite', {
    data: { email, roleCode: 'VIEWER' },
  });
  expect((await res.json()).code).toBe('000000');
  const link = linkIn(await mailTo(email, since));
  expect(link).toContain('/app/auth/register_password?token=');

  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText(email).first()).toBeVisible();
  await page.getByLabel('Name').fill('Nina Newbie');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await login(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByText('Nina Newbie').first()).toBeVisible();

  await page.goto(link);
  await expect(page.getByText('User is already active.')).toBeVisible();
});

test('a user flagged for reset must set a new password before anything else', async ({ page }) => {
  const email = uniqueEmail('forced');
  await createUser(email, 'VIEWER', 'M1000001', true);
  await login(page, email);
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
