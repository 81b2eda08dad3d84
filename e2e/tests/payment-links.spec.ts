import { expect, test } from '@playwright/test';
import { pickOption, signedInAs, sql, toast } from '../support/fixtures';

test('create a payment link, pay it on the hosted page with the success card, see the payment', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const description = `E2E poster ${Date.now()}`;
  await signedInAs(page, 'owner@demo.test', 'transactions/payment_link');
  await expect(page.getByRole('heading', { name: 'Payment links' })).toBeVisible();

  // Create: a bad amount is explained before anything is sent.
  await page.getByRole('button', { name: 'Create payment link' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount').fill('12.505');
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByText('Use at most 2 decimals for EUR.')).toBeVisible();
  await dialog.getByLabel('Amount').fill('12.50');
  await dialog.getByText('14 days', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Create link' }).click();

  // Created: the link with copy and a QR code.
  await expect(dialog.getByText('Payment link created')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'QR code of the payment link' })).toBeVisible();
  const url = await dialog.getByLabel('Payment link URL').inputValue();
  expect(url).toMatch(/^http:\/\/localhost:\d+\/pay\/PL[0-9A-Z]{17}$/);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(toast(page, 'Link copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // In the list, active and single-use; the search is held in the URL.
  await page.getByLabel('Search payment links').fill(description);
  await page.getByLabel('Search payment links').press('Enter');
  await expect(page).toHaveURL(/q=E2E/);
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toContainText('12.50 EUR');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Single-use');

  // The hosted checkout, outside /app/ and without a login.
  const linkId = url.split('/').pop()!;
  const customer = await context.browser()!.newContext();
  const checkout = await customer.newPage();
  await checkout.goto(url);
  await expect(checkout.getByText('Demo Store').first()).toBeVisible();
  await expect(checkout.getByText(description)).toBeVisible();
  await expect(checkout.getByRole('complementary', { name: 'Sandbox test cards' })).toContainText(
    '4242 4242 4242 4242',
  );
  await checkout.getByLabel('Email').fill('buyer@example.com');
  await checkout.getByLabel('Name on card').fill('Bea Buyer');
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Pay €12.50' }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const paymentId = (await checkout.getByTestId('payment-id').textContent())!.trim();
  expect(paymentId).toMatch(/^PAY/);

  // A single-use link takes no second payment.
  await checkout.goto(url);
  await expect(checkout.getByRole('heading', { name: 'This payment link is no longer active.' })).toBeVisible();
  await customer.close();

  // The merchant sees the link paid, and the payment in the payments list (and the ledger).
  await page.reload();
  await expect(row).toContainText('Paid');
  await page.goto(`transactions/payments?q=${paymentId}`);
  const paymentRow = page.getByRole('row').filter({ hasText: paymentId });
  await expect(paymentRow).toBeVisible();
  await expect(paymentRow).toContainText('12.50 EUR');
  const [payment] = await sql<{ status: string; card_bin: string; card_last4: string; payment_link_id: string }>(
    'SELECT status, card_bin, card_last4, payment_link_id FROM payments WHERE id = $1',
    [paymentId],
  );
  expect(payment).toEqual({ status: 'SUCCESS', card_bin: '424242', card_last4: '4242', payment_link_id: linkId });
  const captures = await sql('SELECT 1 FROM ledger_transactions WHERE reference_id = $1 AND kind = $2', [
    paymentId,
    'CAPTURE',
  ]);
  expect(captures).toHaveLength(1);
});

test('declined card, deactivation, and a viewer who may only look', async ({ page, browser }) => {
  const description = `E2E mug ${Date.now()}`;
  await signedInAs(page, 'owner@demo.test', 'transactions/payment_link');
  await page.getByRole('button', { name: 'Create payment link' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount').fill('8');
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByText('Reusable', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByLabel('Payment link URL').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();

  const customer = await browser.newContext();
  const checkout = await customer.newPage();
  await checkout.goto(url);
  await checkout.getByLabel('Email').fill('buyer@example.com');
  await checkout.getByLabel('Name on card').fill('Bea Buyer');
  await checkout.getByLabel('Card number').fill('4000000000000002');
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment declined' })).toBeVisible();
  await expect(checkout.getByText('Card declined (sandbox test card)')).toBeVisible();

  // Deactivate, with a confirmation; the hosted page then says the link is inactive.
  await page.getByLabel('Search payment links').fill(description);
  await page.getByLabel('Search payment links').press('Enter');
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toContainText('Reusable');
  await row.getByRole('button', { name: /^Deactivate/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(toast(page, 'Payment link deactivated')).toBeVisible();
  await expect(row).toContainText('Deactivated');
  await expect(row.getByRole('button', { name: /^Deactivate/ })).toBeDisabled();
  await checkout.goto(url);
  await expect(checkout.getByRole('heading', { name: 'This payment link is no longer active.' })).toBeVisible();
  await customer.close();

  // The status filter survives a reload.
  await page.goto('transactions/payment_link');
  await pickOption(page, page.getByRole('search', { name: 'Filters' }), 'Status', 'Deactivated');
  await expect(page).toHaveURL(/status=DEACTIVATED/);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: description })).toBeVisible();

  // A viewer sees the list but cannot create: a disabled button with the reason.
  await signedInAs(page, 'viewer@demo.test', 'transactions/payment_link');
  const create = page.getByRole('button', { name: 'Create payment link' });
  await expect(create).toBeDisabled();
  await create.hover({ force: true });
  await expect(page.getByRole('tooltip')).toContainText('cannot create or deactivate payment links');
});
