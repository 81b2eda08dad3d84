import { expect, test } from '@playwright/test';
import { signedInAs } from '../support/fixtures';

/** A refused page says what stopped the user (the merchant's product or their role) and who can change it. */
test('a page refused for the product names the product; one refused for the role names the role', async ({ page }) => {
  // Demo Store is a payments merchant: the Payouts pages are not its product's, whatever the owner's role.
  await signedInAs(page, 'owner@demo.test', 'payout/create');
  const refusal = page.getByRole('main');
  await expect(refusal.getByText("You don't have access to this page")).toBeVisible();
  await expect(refusal).toContainText('This page is part of the Payouts product, which Demo Store does not have.');
  await expect(refusal).toContainText('Contact your account manager at the provider to enable it.');
  await expect(refusal).not.toContainText('Your role');

  // The viewer's role has no Team page, which Demo Store has.
  await signedInAs(page, 'viewer@demo.test', 'settings/team');
  await expect(refusal).toContainText('at Demo Store does not include this page.');
  await expect(refusal).toContainText('Ask an owner or admin of Demo Store to give your role access to it.');
});
