import { expect, test } from '@playwright/test';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { signedInAs } from '../support/fixtures';

/**
 * A cent followed from the capture to the bank (issue 9): a payment paid on the hosted checkout joins
 * an open clearing batch, the sandbox clock settles it, and the settlement shows on the payment, in
 * the settlement history with its waterfall, and on the balance page.
 */
test('a payment from capture to a paid settlement on the balance page', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signedInAs(page, 'owner@demo.test', null);
  const description = `E2E settlement ${Date.now()}`;
  const created = await page.request.post(PAYMENT_LINK_PATHS.create, {
    data: { amount: '42.50', currency: 'EUR', description, reusable: false, expiresInDays: 3 },
  });
  const link = ((await created.json()) as { code: string; data: { url: string } }).data;

  // The customer pays on the hosted checkout.
  const customer = await browser.newContext();
  const checkout = await customer.newPage();
  await checkout.goto(link.url);
  await checkout.getByLabel('Email').fill('settle@example.com');
  await checkout.getByLabel('Name on card').fill('Sam Settle');
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Pay €42.50' }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const paymentId = (await checkout.getByTestId('payment-id').textContent())!.trim();
  await customer.close();

  // The payment is in an open batch, with the day it settles.
  await page.goto(`transactions/payments_detail?paymentId=${paymentId}`);
  const settlementCard = page.locator('.ant-card').filter({ has: page.getByText('Settlement', { exact: true }) });
  await expect(settlementCard).toContainText('In open batch');
  await expect(settlementCard).toContainText('Settles on');
  const batchId = (await settlementCard.getByRole('link', { name: /^BAT/ }).textContent())!.trim();

  // The batch's page lists it among its payments.
  await settlementCard.getByRole('link', { name: batchId }).click();
  await expect(page).toHaveURL(new RegExp(`/settlements/batch/detail\\?batchId=${batchId}$`));
  await expect(page.getByRole('link', { name: paymentId })).toBeVisible();

  // The sandbox clock moves a week ahead: the batch closes and settles.
  await page.goto('settlements/batch');
  await expect(page.getByRole('heading', { level: 1, name: 'Clearing batches' })).toBeVisible();
  await page.getByRole('button', { name: /Move time forward/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('7 days').click();
  await dialog.getByRole('button', { name: 'Settle as of then' }).click();
  await expect(page.getByText(/settlements? paid\.$/)).toBeVisible();

  // The payment now says where its money went, and its settlement explains itself.
  await page.goto(`transactions/payments_detail?paymentId=${paymentId}`);
  await expect(settlementCard).toContainText('Settled');
  const settlementId = (await settlementCard.getByRole('link', { name: /^STL/ }).textContent())!.trim();
  await settlementCard.getByRole('link', { name: settlementId }).click();
  await expect(page).toHaveURL(new RegExp(`/settlements/detail\\?settlementId=${settlementId}$`));
  await expect(page.getByRole('img', { name: /gross to .* net$/ })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: paymentId })).toBeVisible();

  // The balance page: the settlement moved pending to available, linked to its page.
  await page.goto('account/balance?kind=SETTLEMENT');
  await expect(page.getByRole('link', { name: settlementId })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: settlementId }) });
  await expect(row).toContainText('Settlement');
  // And in the settlement history.
  await page.goto(`settlements/history?q=${settlementId}`);
  await expect(page.getByText('1 settlement', { exact: true }).last()).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('Paid');
});
