import { expect, test } from '@playwright/test';
import { signedInAs, sql } from '../support/fixtures';

/** The demo links of Demo Store (apps/server/src/seed/demo-payment-links.ts), by description. */
async function demoLinkId(description: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    "SELECT id FROM payment_links WHERE merchant_id = 'M1000001' AND description = $1",
    [description],
  );
  return row.id;
}

test('a payment link detail: the link, its totals and its payments, each opening the payment', async ({ page }) => {
  const linkId = await demoLinkId('Yoga class drop-in');
  await signedInAs(page, 'viewer@demo.test', `transactions/payment_link/detail?linkId=${linkId}`);
  await expect(page.getByRole('heading', { level: 1, name: /^15\.00\sEUR$/ })).toBeVisible();
  await expect(page).toHaveTitle(/^Payment link detail/);
  await expect(page.getByLabel('Payment link URL')).toHaveValue(new RegExp(`/pay/${linkId}$`));
  await expect(page.getByRole('img', { name: 'QR code of the payment link' })).toBeVisible();
  await expect(page.getByText('60.00 EUR')).toBeVisible(); // collected: 4 × 15.00 EUR
  await expect(page.getByText('5 payments')).toBeVisible();

  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^PAY/ }) });
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasText: 'Failed' })).toContainText('Card declined (sandbox test card)');
  const first = rows.first().getByRole('link', { name: /^PAY/ });
  const paymentId = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`payments_detail\\?paymentId=${paymentId}$`));
  await expect(page.getByText(paymentId).first()).toBeVisible();
});

test('a single-use link held by a pending payment: the merchant sees why, a second payer is told it is being paid', async ({
  page,
  browser,
}) => {
  const linkId = await demoLinkId('Custom bike fitting');
  await signedInAs(page, 'owner@demo.test', `transactions/payment_link/detail?linkId=${linkId}`);
  await expect(page.getByText('A payment of this link is pending')).toBeVisible();
  await expect(page.getByText('Single-use', { exact: true })).toBeVisible();

  const customer = await browser.newContext();
  const checkout = await customer.newPage();
  const url = await page.getByLabel('Payment link URL').inputValue();
  const answer = await checkout.goto(url);
  expect(answer?.status()).toBe(409);
  await expect(checkout.getByRole('heading', { name: 'This payment link is being paid.' })).toBeVisible();
  await expect(checkout.getByLabel('Card number')).toHaveCount(0);
  await customer.close();
});
