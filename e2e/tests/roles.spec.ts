import { expect, test } from '@playwright/test';
import { E2E_BASE } from '../support/env';
import { createUser, ownSession, pickOption, signedInAs, toast, uniqueEmail } from '../support/fixtures';

test('create a custom role, give it to a member, who then sees only its pages', async ({ page, browser }) => {
  // Two browsers, a role made in a drawer of boxes, a role change and a sign-in: a long walk.
  test.slow();
  const email = uniqueEmail('roles.member');
  const name = email.split('@')[0];
  const roleName = `Desk ${name.split('.').pop()}`;
  await createUser(email, 'VIEWER');

  // The owner makes a role from Developer: no integration settings, the disputes page added.
  await signedInAs(page, 'owner@demo.test', 'settings/team?tab=roles');
  await page.getByRole('button', { name: 'Create role' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create role' });
  await pickOption(page, drawer, 'Start from', 'Developer');
  await drawer.getByLabel('Name').fill(roleName);
  await expect(drawer.getByRole('checkbox', { name: /^Payments/ })).toBeChecked();
  await drawer.getByRole('checkbox', { name: /^Integration/ }).uncheck();
  await drawer.getByRole('checkbox', { name: /^Disputes/ }).check();
  await drawer.getByRole('button', { name: 'Create role' }).click();
  await expect(toast(page, `Role ${roleName} created`)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: new RegExp(roleName) })).toBeVisible();

  // Given to the member like a built-in role.
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByLabel('Search members').fill(email);
  await page.getByLabel('Search members').press('Enter');
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  const changeRole = page.getByRole('dialog', { name: 'Change role' });
  await pickOption(page, changeRole, 'Role', roleName);
  await changeRole.getByRole('button', { name: 'Save role' }).click();
  await expect(toast(page, `${name} is now ${roleName}`)).toBeVisible();

  // The member's menu: the role's pages, and no other.
  const memberContext = await browser.newContext({ baseURL: `${E2E_BASE}/app/` });
  const member = await memberContext.newPage();
  await ownSession(member, email, 'transactions/payments');
  for (const item of ['Payments', 'Refunds', 'Disputes'])
    await expect(member.getByRole('menuitem', { name: item })).toBeVisible();
  for (const item of ['Payment links', 'Integration', 'Balance', 'Team'])
    await expect(member.getByRole('menuitem', { name: item })).toHaveCount(0);
  await memberContext.close();
});
