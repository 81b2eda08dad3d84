import { expect, test } from '@playwright/test';
import { signedInAs, sql, toast } from '../support/fixtures';

test('create a subscription link, pay it, see the agreement and its charge, cancel at period end', async ({
  page,
  browser,
}) => {
  const description = `E2E coffee club ${Date.now()}`;
  await signedInAs(page, 'owner@demo.test', 'transactions/payment_link');
  await page.getByRole('button', { name: 'Create payment link' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Subscription', { exact: true }).click();
  await dialog.getByLabel('Amount per cycle').fill('9.90');
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByText('Reusable', { exact: true }).click();
  // A plan of one cycle is refused before anything is sent.
  await dialog.getByText('After a number of cycles', { exact: true }).click();
  await dialog.getByRole('spinbutton', { name: 'Number of cycles' }).fill('1');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByText(/A plan that ends has at least 2 cycles/)).toBeVisible();
  await dialog.getByRole('spinbutton', { name: 'Number of cycles' }).fill('12');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByLabel('Payment link URL').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The customer subscribes on the hosted checkout: the plan is spelled out, the first charge is today.
  const customer = await browser.newContext();
  const checkout = await customer.newPage();
  await checkout.goto(url);
  await expect(checkout.getByTestId('plan')).toHaveText(/Subscription: €9\.90 every month, 12 payments in all/);
  await checkout.getByLabel('Email').fill('sub.scriber@example.com');
  await checkout.getByLabel('Name on card').fill('Sam Scriber');
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Subscribe €9.90' }).click();
  await expect(checkout.getByRole('heading', { name: 'Subscription started' })).toBeVisible();
  const agreementId = (await checkout.getByTestId('agreement-id').textContent())!.trim();
  const paymentId = (await checkout.getByTestId('payment-id').textContent())!.trim();
  expect(agreementId).toMatch(/^AGR/);
  await customer.close();

  // The merchant finds it in the agreements list by the customer's email, and opens it.
  await page.goto('subscription/agreements');
  await expect(page.getByRole('heading', { name: 'Agreements' })).toBeVisible();
  await page.getByLabel('Search agreements').fill('sub.scriber@example.com');
  await page.getByLabel('Search agreements').press('Enter');
  await expect(page).toHaveURL(/q=sub\.scriber/);
  const row = page.getByRole('row').filter({ hasText: agreementId });
  await expect(row).toContainText('Sam Scriber');
  await expect(row).toContainText('Active');
  await row.getByRole('link', { name: agreementId }).click();
  await expect(page).toHaveURL(new RegExp(`agreements/detail\\?agreementId=${agreementId}`));
  await expect(page.getByText('Sam Scriber').first()).toBeVisible();
  // Its first charge, linked to the payment.
  const charge = page.getByRole('row').filter({ hasText: paymentId });
  await expect(charge).toContainText('9.90');
  await expect(charge.getByRole('link', { name: paymentId })).toBeVisible();

  // Cancel at the end of the period: it stays active, set to end, and nothing more is charged.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const modal = page.getByRole('dialog', { name: 'Cancel subscription' });
  await modal.getByText(/At the end of the current period/).click();
  await modal.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(toast(page, /end/i)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel now' })).toBeVisible();
  const [agreement] = await sql<{ status: string; cancel_at_period_end: boolean }>(
    'SELECT status, cancel_at_period_end FROM agreements WHERE id = $1',
    [agreementId],
  );
  expect(agreement).toEqual({ status: 'ACTIVE', cancel_at_period_end: true });
  const charges = await sql('SELECT 1 FROM payments WHERE agreement_id = $1', [agreementId]);
  expect(charges).toHaveLength(1);
  const captures = await sql('SELECT 1 FROM ledger_transactions WHERE reference_id = $1 AND kind = $2', [
    paymentId,
    'CAPTURE',
  ]);
  expect(captures).toHaveLength(1);
});

test('a viewer sees agreements but cannot cancel; the demo has agreements in every status', async ({ page }) => {
  await signedInAs(page, 'viewer@demo.test', 'subscription/agreements?status=PAST_DUE');
  const row = page.locator('.ant-table-row').first();
  await expect(row).toContainText('Past due');
  await row.getByRole('link').first().click();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeDisabled();
  for (const status of ['ACTIVE', 'PAST_DUE', 'CANCELLED', 'EXPIRED']) {
    const found = await sql("SELECT 1 FROM agreements WHERE merchant_id = 'M1000001' AND status = $1 LIMIT 1", [
      status,
    ]);
    expect(found, status).toHaveLength(1);
  }
});
