import { expect, test, type Page } from '@playwright/test';
import { signedInAs, toast } from '../support/fixtures';

// The list test walks through every filter; on a shared machine it needs more than the default minute.
test.describe.configure({ timeout: 120_000 });

/** The "115 refunds" total under the list, as a number. */
async function refundTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^[\d,]+ refunds?$/).textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

const REFUND_LINK = 'a[href*="refunds_detail?refundId="]';
const PAYMENT_LINK = 'a[href*="payments_detail?paymentId="]';

/** The data rows of the list (the header row has no refund link). */
function dataRows(page: Page) {
  return page
    .getByRole('region', { name: 'Refunds' })
    .getByRole('row')
    .filter({ has: page.locator(REFUND_LINK) });
}

test('refunds list: each filter changes the rows and survives a reload', async ({ page }) => {
  await signedInAs(page, 'owner@demo.test', 'transactions/refunds');
  await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
  await expect(dataRows(page).first()).toBeVisible();
  const all = await refundTotal(page);
  expect(all).toBeGreaterThan(20);

  // Currency: only USD refunds remain.
  const currency = page.getByRole('combobox', { name: 'Currency' });
  await currency.click();
  await currency.fill('USD');
  await currency.press('Enter');
  await expect(page).toHaveURL(/[?&]currency=USD/);
  await expect.poll(() => refundTotal(page)).toBeLessThan(all);
  const usd = await refundTotal(page);
  expect(usd).toBeGreaterThan(0);
  // A USD amount reads "107.00 USD" (the display rule: the ISO code after the figure); no other currency's does.
  const USD_AMOUNT = /([\d,]+\.\d{2})\sUSD/;
  for (const text of await dataRows(page).allTextContents()) expect(text).toMatch(USD_AMOUNT);

  // Amount range in major units: every row is at least $50.
  const min = page.getByLabel('Minimum amount');
  await min.fill('50');
  await min.press('Enter');
  await expect(page).toHaveURL(/[?&]amountMin=50/);
  await expect.poll(() => refundTotal(page)).toBeLessThan(usd);
  const atLeast50 = await refundTotal(page);
  for (const text of await dataRows(page).allTextContents()) {
    const match = USD_AMOUNT.exec(text);
    const amount = Number(match?.[1]?.replace(/,/g, ''));
    expect(amount).toBeGreaterThanOrEqual(50);
  }

  // Reload: the URL, the inputs and the rows are the same.
  await page.reload();
  await expect(page).toHaveURL(/currency=USD/);
  await expect(page.getByLabel('Minimum amount')).toHaveValue('50');
  await expect(page.getByRole('region', { name: 'Refunds' }).getByText('USD', { exact: true }).first()).toBeVisible();
  await expect.poll(() => refundTotal(page)).toBe(atLeast50);

  // Status: only failed refunds (the demo has none, so the filtered empty state shows, or failed rows only).
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.click();
  await status.fill('Fail');
  await status.press('Enter');
  await status.press('Escape');
  await expect(page).toHaveURL(/[?&]status=FAILED/);
  await expect(
    page
      .getByText('No refunds match these filters.')
      .or(dataRows(page).filter({ hasText: 'Failed' }))
      .first(),
  ).toBeVisible();
  await expect(dataRows(page).filter({ hasNotText: 'Failed' })).toHaveCount(0);

  // Clear, then search by one refund id: exactly that refund.
  await page
    .getByRole('button', { name: /Clear filters/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/transactions\/refunds$/);
  await expect.poll(() => refundTotal(page)).toBe(all);
  const id = (await dataRows(page).nth(3).locator(REFUND_LINK).textContent()) ?? '';
  await page.getByLabel('Search refunds').fill(id);
  await page.getByLabel('Search refunds').press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${id}`));
  await expect(dataRows(page)).toHaveCount(1);
  await expect(dataRows(page).first()).toContainText(id);

  // The export goes to the report centre with the filters.
  await expect(page.getByRole('link', { name: 'Export' })).toHaveAttribute(
    'href',
    new RegExp(`/app/transactions/reports\\?type=REFUNDS&q=${id}$`),
  );
});

test('a refund detail opens from the list and links to its payment', async ({ page }) => {
  await signedInAs(page, 'owner@demo.test', 'transactions/refunds');
  const row = dataRows(page).first();
  const refundId = (await row.locator(REFUND_LINK).textContent()) ?? '';
  const paymentId = (await row.locator(PAYMENT_LINK).textContent()) ?? '';
  await row.getByRole('cell').nth(2).click(); // the amount: the whole row opens the detail
  await expect(page).toHaveURL(new RegExp(`/transactions/refunds_detail\\?refundId=${refundId}$`));
  await expect(page).toHaveTitle(/^Refund detail - /);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\d/);
  await expect(page.getByText('Refund details')).toBeVisible();
  await expect(page.getByText(refundId, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy refund ID' })).toBeVisible();
  await expect(page.getByText('Timeline')).toBeVisible();
  await expect(page.getByText(/Europe\/Amsterdam|GMT/).first()).toBeVisible();

  await page.getByRole('link', { name: `Payment ${paymentId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/payments_detail\\?paymentId=${paymentId}$`));

  // An unknown id: a clean not-found state, no error toast.
  await page.goto('transactions/refunds_detail?refundId=RFD_DOES_NOT_EXIST');
  await expect(page.getByText('Refund not found')).toBeVisible();
  await expect(toast(page, /./)).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to refunds' }).click();
  await expect(page).toHaveURL(/\/transactions\/refunds$/);
});

test('home shows KPI cards with figures, the volume chart and balances, also at 375 px', async ({ page }) => {
  await signedInAs(page, 'owner@demo.test');
  const cards = page.getByRole('list', { name: 'Key figures' });
  await expect(cards.getByRole('listitem')).toHaveCount(4);
  await expect(cards.getByLabel('Gross volume')).toContainText(/\d/);
  await expect(cards.getByLabel('Payments')).toContainText(/\d+ successful/);
  await expect(cards.getByLabel('Success rate')).toContainText(/\d+(\.\d)?%/);
  await expect(cards.getByLabel('Refunds')).toContainText(/\d+ refunds?/);
  await expect(page.getByRole('img', { name: /Daily volume over the last 30 days/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Balances per currency' }).getByRole('listitem').first()).toContainText(
    'Available',
  );

  // Another currency and period change the figures' currency.
  const before = await cards.getByLabel('Gross volume').textContent();
  const currency = page.getByRole('combobox', { name: 'Currency' });
  await currency.click();
  await currency.press('ArrowDown');
  await currency.press('Enter');
  await expect(cards.getByLabel('Gross volume')).not.toHaveText(before ?? '');
  await page.getByText('Today', { exact: true }).click();
  await expect(cards.getByLabel('Gross volume')).toContainText('today');

  // A phone: everything still fits the width.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(cards.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('img', { name: /Daily volume/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a payout merchant sees no payment figures on home', async ({ page }) => {
  await signedInAs(page, 'payouts@demo.test');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Key figures' })).toHaveCount(0);
});

test('FAQ: the search filters live, highlights, survives a reload and has an empty state', async ({ page }) => {
  await signedInAs(page, 'owner@demo.test', 'transactions/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(/^\d+ answers$/);
  const search = page.getByLabel('Search the FAQ');

  await search.fill('chargeback');
  await expect(page.getByText('What is the difference between a customer dispute and a chargeback?')).toBeVisible();
  await expect(page.getByText('Which test cards can I use in the sandbox?')).toHaveCount(0);
  await expect(page.locator('mark', { hasText: /chargeback/i }).first()).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=chargeback/);

  await page.reload();
  await expect(page.getByLabel('Search the FAQ')).toHaveValue('chargeback');
  await expect(page.getByText('Which test cards can I use in the sandbox?')).toHaveCount(0);

  await page.getByLabel('Search the FAQ').fill('180 days');
  await expect(page.getByText(/at most 180 days old/)).toBeVisible();

  await page.getByLabel('Search the FAQ').fill('qwertyuiop');
  await expect(page.getByText('No answers match “qwertyuiop”')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByText('Which test cards can I use in the sandbox?')).toBeVisible();
});
