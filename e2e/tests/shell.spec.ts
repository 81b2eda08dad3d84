import { expect, test } from '@playwright/test';
import { ownSession, signedInAs, sql } from '../support/fixtures';

/**
 * The banner's words for a merchant's disputes waiting for evidence, as the database has them (other specs open some).
 */
async function waiting(merchantId: string): Promise<string> {
  const [n] = await sql<{ customer: number; chargeback: number }>(
    `SELECT count(*) FILTER (WHERE type = 'CUSTOMER_DISPUTE')::int AS customer, count(*) FILTER (WHERE type = 'CHARGEBACK')::int AS chargeback
       FROM disputes WHERE merchant_id = $1 AND status = 'EVIDENCE_REQUIRED'`,
    [merchantId],
  );
  return `${n.customer} customer dispute${n.customer === 1 ? '' : 's'} and ${n.chargeback} chargeback${n.chargeback === 1 ? '' : 's'}`;
}

test('switch to a sub-merchant and back: the data changes with the merchant', async ({ page }) => {
  // A session of its own: switching re-points the session, and the owner's saved one is shared.
  await ownSession(page, 'owner@demo.test');
  const switcher = page.getByLabel('Switch merchant');
  const banner = page.getByText(/waiting for evidence/);
  await expect(page.getByRole('banner').getByText('Demo Store', { exact: true })).toBeVisible();
  // Demo Store's disputes waiting for evidence (3 customer disputes and 2 chargebacks in the demo data).
  const store = await waiting('M1000001');
  await expect(banner).toContainText(store);

  await switcher.click();
  await switcher.fill('Europe');
  await switcher.press('Enter');
  await expect(page.getByRole('banner').getByText('Demo Store Europe', { exact: true })).toBeVisible();
  await expect(banner).toContainText(await waiting('M1000002'));

  await switcher.click();
  await switcher.fill('Demo Store');
  await switcher.press('Enter');
  await expect(page.getByRole('banner').getByText('Demo Store', { exact: true })).toBeVisible();
  await expect(banner).toContainText(store);
});

test('a user without a page gets the 403 page', async ({ page }) => {
  await signedInAs(page, 'viewer@demo.test', 'settings/team');
  await expect(page.getByText("You don't have access to this page")).toBeVisible();
  await expect(page.getByRole('button', { name: /home/i })).toBeVisible();
  // The owner can open the same page.
  await signedInAs(page, 'owner@demo.test', 'settings/team');
  await expect(page).toHaveTitle('Team - Merchant Back-office');
  await expect(page.getByText("You don't have access to this page")).toHaveCount(0);
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await signedInAs(page, 'owner@demo.test', 'no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.getByRole('button', { name: /home/i }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
});

const TITLES: [string, string][] = [
  ['home', 'Home'],
  ['transactions/payments', 'Payments'],
  ['transactions/payment_link', 'Payment links'],
  ['transactions/payments_detail?paymentId=x', 'Payment detail'],
  ['transactions/refunds', 'Refunds'],
  ['transactions/refunds_detail?refundId=x', 'Refund detail'],
  ['transactions/reports', 'Reports'],
  ['transactions/disputes', 'Disputes'],
  ['transactions/faq', 'FAQ'],
  ['transactions/disputes/detail?disputeId=x', 'Dispute detail'],
  ['settlements/history', 'Settlement history'],
  ['settlements/detail?settlementId=x', 'Settlement detail'],
  ['settlements/batch', 'Clearing batches'],
  ['settlements/batch/detail?batchId=x', 'Batch detail'],
  ['settlements/batch/history', 'Batch history'],
  ['settlements/batch/history/detail?batchId=x', 'Closed batch detail'],
  ['settlements/estimation', 'Settlement estimation'],
  ['settlements/calendar', 'Settlement calendar'],
  ['account/balance', 'Balance'],
  ['account/withdraw', 'Withdraw'],
  ['subscription/agreements', 'Agreements'],
  ['subscription/agreements/detail?agreementId=x', 'Agreement detail'],
  ['services/payin', 'Pay-in services'],
  ['settings/team', 'Team'],
  ['settings/bank-accounts', 'Bank accounts'],
  ['settings/integration', 'Integration'],
];

const PAYOUT_TITLES: [string, string][] = [
  ['payout/create', 'Create payout'],
  ['payout/history', 'Payout history'],
  ['payout/history/detail?payoutId=x', 'Payout detail'],
  ['payout/history/batch/detail?batchId=x', 'Payout batch detail'],
  ['services/payout', 'Payout services'],
];

test('every page has the route name and the product name as its title', async ({ page }) => {
  // About 40 pages, each loaded in turn: 42 s on a quiet machine, so the default 60 s is too close on a loaded one.
  test.setTimeout(120_000);
  await page.goto('auth/login');
  await expect(page).toHaveTitle('Log in - Merchant Back-office');
  await page.goto('auth/forgot_password');
  await expect(page).toHaveTitle('Forgot password - Merchant Back-office');
  await signedInAs(page, 'owner@demo.test', null);
  for (const [path, name] of TITLES) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${name} - Merchant Back-office`);
  }
  await page.goto('no/such/page');
  await expect(page).toHaveTitle(/Merchant Back-office$/);

  await signedInAs(page, 'payouts@demo.test', null);
  for (const [path, name] of PAYOUT_TITLES) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${name} - Merchant Back-office`);
  }
});

test('the layout stays usable at 375 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signedInAs(page, 'owner@demo.test');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(380);
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('menuitem', { name: 'Home' }).first().waitFor();
});
