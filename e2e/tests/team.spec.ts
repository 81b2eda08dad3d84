import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_BASE } from '../support/env';
import {
  createUser,
  linkIn,
  login,
  mailTo,
  ownSession,
  pickOption,
  signedInAs,
  toast,
  uniqueEmail,
} from '../support/fixtures';

const PASSWORD = 'Team-member-2026';

/** Opens a member row's "More" menu, picks an action and returns the dialog it opens. */
async function memberAction(page: Page, who: string, action: string, dialogTitle: string | RegExp) {
  await page.getByRole('button', { name: `Actions for ${who}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('invite a member → mail → register → their role changes and a menu item goes → disabled, their open tab lands on login', async ({
  page,
  browser,
}) => {
  // Two browsers, an invitation, a registration, a login, a role change and a disable: a long walk.
  test.slow();
  const email = uniqueEmail('ops.member');
  // A name of its own too: the member's actions and messages are found by it.
  const name = `Otto Ops ${email.split('@')[0].split('.').pop()}`;
  await signedInAs(page, 'owner@demo.test', 'settings/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

  // Invite: the mail carries the register_password link.
  const since = Date.now();
  await page.getByRole('button', { name: 'Invite member' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite member' });
  await invite.getByLabel('Email').fill(email);
  await pickOption(page, invite, 'Role', 'Operations');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
  // Found by its address: the list shows 20 members a page, oldest first, and other tests add members.
  await page.getByLabel('Search members').fill(email);
  await page.getByLabel('Search members').press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Invited');
  const link = linkIn(await mailTo(email, since));
  expect(link).toContain('/app/auth/register_password?token=');

  // The member, in a browser of their own.
  const memberContext = await browser.newContext({ baseURL: `${E2E_BASE}/app/` });
  const member = await memberContext.newPage();
  await member.goto(link);
  await member.getByLabel('Name').fill(name);
  await member.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await member.getByLabel('Confirm new password').fill(PASSWORD);
  await member.getByRole('button', { name: 'Set password' }).click();
  await expect(member).toHaveURL(/\/auth\/login/);
  await login(member, email, PASSWORD);
  await expect(member).toHaveURL(/\/app\/home$/);
  await member.goto('transactions/payments');
  await expect(member.getByRole('menuitem', { name: 'Payment links' })).toBeVisible();
  await expect(member.getByRole('menuitem', { name: 'Disputes' })).toBeVisible();

  // The owner makes them a developer: no payment links, no disputes.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Active');
  const changeRole = await memberAction(page, name, 'Change role', 'Change role');
  await pickOption(page, changeRole, 'Role', 'Developer');
  await changeRole.getByRole('button', { name: 'Save role' }).click();
  await expect(toast(page, `${name} is now Developer`)).toBeVisible();

  // Their open tab: the next call is refused (430), the menus are read again and the items go.
  await member.getByRole('menuitem', { name: 'Disputes' }).click();
  await expect(member.getByRole('menuitem', { name: 'Payment links' })).toHaveCount(0);
  await expect(member.getByRole('menuitem', { name: 'Disputes' })).toHaveCount(0);
  await expect(member.getByRole('menuitem', { name: 'Payments' })).toBeVisible();

  // Disabled: every session of theirs ends; their open tab's next call lands on login.
  const disable = await memberAction(page, name, 'Disable', `Disable ${name}?`);
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Disabled');
  // (Refunds: a page this tab has not loaded yet, so it calls the server.)
  await member.getByRole('menuitem', { name: 'Refunds' }).click();
  await expect(member).toHaveURL(/\/app\/auth\/login/);
  await memberContext.close();
});

test('turn on two-factor sign-in from the user menu, then log in with a code from the app', async ({ page }) => {
  const email = uniqueEmail('twofa');
  await createUser(email, 'FINANCE');
  // Signed in through the API: the logins this test is about come after the setup.
  await ownSession(page, email);
  await page.getByRole('button', { name: /twofa/ }).click();
  await page.getByRole('menuitem', { name: /Two-factor sign-in/ }).click();
  await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  // The key shown beside the QR code, as the app would read it.
  const secret = (await page.getByRole('dialog').locator('code').first().innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();

  // Ten recovery codes, shown once.
  const codes = page.getByRole('list', { name: 'Recovery codes' }).or(page.getByLabel('Recovery codes'));
  await expect(codes.first()).toBeVisible();
  const recovery = (await codes.first().innerText()).match(/[a-z0-9]{5}-[a-z0-9]{5}/g) ?? [];
  expect(recovery).toHaveLength(10);
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Log in again: the password, then a code (the next step's: the one used to turn it on cannot be used twice).
  await page.context().clearCookies();
  await login(page, email);
  const code = page.getByLabel('Enter the 6-digit code from your authenticator app');
  await expect(code).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);

  // A recovery code works too, once.
  await page.context().clearCookies();
  await login(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Enter a recovery code').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
});
