import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_PATHS, type CurrencyBalance } from '@mbo/contracts/account';
import {
  BALANCE_TRANSACTION_PATHS,
  type BalanceTransactionPage,
  type ListBalanceTransactionsRequest,
  type SubMerchantBalances,
} from '@mbo/contracts/balance-transactions';
import { currencyExponent, formatAmount } from '@mbo/contracts/money';
import { signedInAs } from '../support/fixtures';

// The list steps wait on filtered queries over the demo ledger; on a shared machine they need more than the default
// minute.
test.describe.configure({ timeout: 120_000 });

/** What an API call answers for the signed-in merchant (the envelope's data). */
async function dataOf<T>(response: Awaited<ReturnType<Page['request']['get']>>): Promise<T> {
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { code: string; data: T };
  expect(body.code).toBe('000000');
  return body.data;
}
const balancesOf = async (page: Page) => dataOf<CurrencyBalance[]>(await page.request.get(ACCOUNT_PATHS.balances));
const subMerchantBalancesOf = async (page: Page) =>
  dataOf<SubMerchantBalances[]>(await page.request.get(BALANCE_TRANSACTION_PATHS.subMerchantBalances));
const transactionsOf = async (page: Page, filters: Partial<ListBalanceTransactionsRequest> = {}) =>
  dataOf<BalanceTransactionPage>(
    await page.request.post(BALANCE_TRANSACTION_PATHS.list, { data: { pageNum: 1, pageSize: 20, ...filters } }),
  );

/** An amount as the pages write it: every decimal of its currency, grouped, then the code ("12,345.50 USD"). */
function money(minor: number, currency: string): string {
  const digits = currencyExponent(currency);
  const figure = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(formatAmount(minor, currency) as Intl.StringNumericLiteral);
  return `${figure} ${currency}`;
}

/** The "1,204 balance transactions" total under the list, as a number. */
async function listTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^(about )?[\d,]+ balance transactions?$/).textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

const PAYMENT_LINK = 'a[href*="payments_detail?paymentId="]';
const REFUND_LINK = 'a[href*="refunds_detail?refundId="]';

/** The list's card (named by the list's heading) and its data rows. */
const listRegion = (page: Page) => page.getByRole('region', { name: 'Balance transactions', exact: true });
const dataRows = (page: Page) =>
  listRegion(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** Opens Account → Balance from the main menu. */
async function openBalanceFromMenu(page: Page): Promise<void> {
  const menu = page.getByRole('menu', { name: 'Main menu' }).first();
  await menu.getByRole('menuitem', { name: 'Account', exact: true }).click();
  await menu.getByRole('link', { name: 'Balance', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/account\/balance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
}

/** A card per currency the API lists, with its available, pending and reserved figures; the empty state when none. */
async function expectBalanceCards(page: Page): Promise<CurrencyBalance[]> {
  const balances = await balancesOf(page);
  if (balances.length === 0) {
    await expect(page.getByText(/^No balance yet\./)).toBeVisible();
    return balances;
  }
  await expect(page.getByRole('region', { name: /^[A-Z]{3} balance$/ })).toHaveCount(balances.length);
  for (const b of balances) {
    const card = page.getByRole('region', { name: `${b.currency} balance`, exact: true });
    await expect(card).toContainText(`Available${money(b.available, b.currency)}`);
    await expect(card).toContainText(`Pending${money(b.pending, b.currency)}`);
    await expect(card).toContainText(`Reserved${money(b.reserved, b.currency)}`);
  }
  return balances;
}

/** Picks one value of the list's Type filter: types to search, Enter picks the first match. */
async function chooseType(page: Page, label: string): Promise<void> {
  const type = page.getByRole('combobox', { name: 'Type', exact: true });
  await type.click();
  await type.fill(label);
  await type.press('Enter');
  await type.press('Escape');
}

test.describe('balance', () => {
  test('the owner opens Account → Balance: a card per currency, the sub-merchants roll-up, and the balance transactions', async ({
    page,
  }) => {
    await signedInAs(page, 'owner@demo.test');
    await openBalanceFromMenu(page);

    const balances = await expectBalanceCards(page);
    expect(balances.length, 'Demo Store holds money in several currencies').toBeGreaterThan(1);
    await expect(page.getByText('Can be withdrawn or refunded from.').first()).toBeVisible();

    // The sub-merchants' roll-up: each one's balances, and per currency a total of that currency alone.
    const subs = await subMerchantBalancesOf(page);
    expect(subs.map((s) => s.merchantName).sort()).toEqual(['Demo Store Asia', 'Demo Store Europe']);
    const rollUp = page.getByRole('region', { name: 'Sub-merchants' });
    await expect(rollUp).toBeVisible();
    for (const s of subs) await expect(rollUp.getByText(s.merchantName).first()).toBeVisible();
    const currencies = [...new Set(subs.flatMap((s) => s.balances.map((b) => b.currency)))];
    expect(currencies.length).toBeGreaterThan(0);
    for (const currency of currencies) {
      const of = subs.flatMap((s) => s.balances.filter((b) => b.currency === currency));
      const sum = (key: 'available' | 'pending' | 'reserved') => of.reduce((total, b) => total + b[key], 0);
      const total = rollUp.getByRole('row').filter({ hasText: `Total ${currency}` });
      await expect(total).toHaveCount(1);
      await expect(total).toContainText(money(sum('available'), currency));
      await expect(total).toContainText(money(sum('pending'), currency));
      await expect(total).toContainText(money(sum('reserved'), currency));
    }

    // The balance transactions, newest first, with the API's total.
    await expect(dataRows(page).first()).toBeVisible();
    const all = await transactionsOf(page);
    expect(all.total).toBeGreaterThan(20);
    await expect.poll(() => listTotal(page)).toBe(all.total);

    // Captures: each row a "Capture" whose reference opens its payment's detail.
    await chooseType(page, 'Capture');
    await expect(page).toHaveURL(/[?&]kind=CAPTURE(&|$)/);
    const captures = await transactionsOf(page, { type: ['CAPTURE'] });
    expect(captures.total).toBeGreaterThan(0);
    await expect.poll(() => listTotal(page)).toBe(captures.total);
    const capture = dataRows(page).first();
    await expect(capture).toContainText('Capture');
    await expect(capture).toContainText(/\+[\d,]+(\.\d+)?\s[A-Z]{3}/);
    const paymentLink = capture.locator(PAYMENT_LINK);
    const paymentId = (await paymentLink.textContent()) ?? '';
    expect(captures.records.map((r) => r.referenceId)).toContain(paymentId);
    await paymentLink.click();
    await expect(page).toHaveURL(new RegExp(`/transactions/payments_detail\\?paymentId=${paymentId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/account\/balance\?kind=CAPTURE$/);

    // Refunds only: the filter is in the URL, sent to the server, and every row is a refund linking to its detail.
    await page
      .getByRole('button', { name: /Clear filters/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/account\/balance$/);
    await chooseType(page, 'Refund');
    await expect(page).toHaveURL(/[?&]kind=REFUND(&|$)/);
    const refunds = await transactionsOf(page, { type: ['REFUND'] });
    expect(refunds.total, 'the demo data has refunds').toBeGreaterThan(0);
    expect(refunds.total).toBeLessThan(all.total);
    await expect.poll(() => listTotal(page)).toBe(refunds.total);
    await expect(dataRows(page)).toHaveCount(Math.min(refunds.total, 20));
    for (const row of await dataRows(page).all()) {
      await expect(row).toContainText('Refund');
      await expect(row.locator(REFUND_LINK)).toHaveCount(1);
      await expect(row).toContainText(/−[\d,]+(\.\d+)?\s[A-Z]{3}/);
    }
    await page.reload();
    await expect.poll(() => listTotal(page)).toBe(refunds.total);
  });

  test('a payout merchant sees its own balance page, without a sub-merchants roll-up', async ({ page }) => {
    await signedInAs(page, 'payouts@demo.test');
    await openBalanceFromMenu(page);
    await expectBalanceCards(page);
    await expect(page.getByRole('region', { name: 'Sub-merchants' })).toHaveCount(0);
    const own = await transactionsOf(page);
    if (own.total === 0) await expect(page.getByText('No balance transactions yet.')).toBeVisible();
    else await expect.poll(() => listTotal(page)).toBe(own.total);
  });
});
