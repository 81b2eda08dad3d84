import { expect, test, type Page } from '@playwright/test';
import {
  PAYIN_SERVICE_PATHS,
  type FeeRuleView,
  type ListPayinServicesRequest,
  type PayinServiceRecord,
} from '@mbo/contracts/payin-services';
import { PAYMENT_PATHS, type PaymentDetail, type PaymentRecord } from '@mbo/contracts/payments';
import { signedInAs } from '../support/fixtures';

/** A fee rule as the pages write it: "2.90 % + 0.30 USD" (no-break spaces count as spaces). */
const FEE_RULE = /^\d+\.\d{2}\s%(\s\+\s[\d,]+(\.\d+)?\s[A-Z]{3})?(,\smin\s[\d,]+(\.\d+)?\s[A-Z]{3})?$/;

/** "2.90 %" for 290 basis points. */
const percentOf = (bps: number) => `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;

/** What the list API answers for the signed-in merchant. */
async function listServices(
  page: Page,
  filters: Partial<ListPayinServicesRequest> = {},
): Promise<{ total: number; records: PayinServiceRecord[] }> {
  const res = await page.request.post(PAYIN_SERVICE_PATHS.list, { data: { pageNum: 1, pageSize: 200, ...filters } });
  const body = (await res.json()) as { code: string; data: { total: number; records: PayinServiceRecord[] } };
  expect(body.code).toBe('000000');
  return body.data;
}

/** The "12 pay-in services" total under the list. */
const totalText = (total: number) => new RegExp(`^${total.toLocaleString('en-US')} (pay-in services|service)$`);

/** Picks an option of an antd Select found by its label: types to search, Enter picks the match. */
async function choose(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(option);
  await page.keyboard.press('Enter');
}

/** A recent successful payment whose detail names the fee rule that priced it. */
async function paymentWithFeeRule(page: Page): Promise<PaymentDetail & { feeRule: FeeRuleView }> {
  const res = await page.request.post(PAYMENT_PATHS.list, { data: { pageNum: 1, pageSize: 20, status: ['SUCCESS'] } });
  const records = ((await res.json()) as { data: { records: PaymentRecord[] } }).data.records;
  for (const record of records) {
    const detail = await page.request.get(PAYMENT_PATHS.detail, { params: { paymentId: record.paymentId } });
    const payment = ((await detail.json()) as { data: PaymentDetail }).data;
    if (payment.feeRule) return { ...payment, feeRule: payment.feeRule };
  }
  throw new Error('no recent successful payment with a fee rule in the demo data');
}

test.describe('pay-in services', () => {
  test('the owner opens Pay-in methods from the menu, reads each fee rule, filters by currency and finds the rule on a payment', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signedInAs(page, 'owner@demo.test');
    const menu = page.getByRole('menu', { name: 'Main menu' }).first();
    await menu.getByRole('menuitem', { name: 'Services' }).click();
    await menu.getByRole('link', { name: 'Pay-in methods' }).click();
    await expect(page).toHaveURL(/\/app\/services\/payin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay-in services' })).toBeVisible();

    // Every service the API lists, each with its fee rule written out.
    const all = await listServices(page);
    expect(all.total, 'the demo merchant holds pay-in services').toBeGreaterThan(0);
    await expect(page.getByText(totalText(all.total))).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    const fees = page.getByRole('cell').filter({ hasText: FEE_RULE });
    await expect(fees.first()).toBeVisible();

    // Currency EUR: the URL keeps it (and a reload), every row is a EUR service, the total is the API's.
    await choose(page, 'Currency', 'EUR');
    await expect(page).toHaveURL(/currency=EUR/);
    const eur = await listServices(page, { currency: 'EUR' });
    expect(eur.total, 'the demo merchant has EUR services').toBeGreaterThan(0);
    expect(eur.total).toBeLessThan(all.total);
    await expect(page.getByText(totalText(eur.total))).toBeVisible();
    await page.reload();
    await expect(page.getByText(totalText(eur.total))).toBeVisible();
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(Math.min(eur.total, 20) + 1);
    for (const row of await rows.all()) {
      if ((await row.getByRole('cell').count()) > 0) await expect(row).toContainText('EUR');
    }
    // A card service reads its percentage plus its fixed part: "2.90 % + 0.30 EUR".
    const card = eur.records.find((s) => s.fee.percentBps > 0 && s.fee.fixedMinor > 0 && s.fee.minimumMinor === null);
    expect(card, 'a EUR service with a percentage and a fixed part').toBeTruthy();
    if (card) {
      const [percent, fixed] = [percentOf(card.fee.percentBps), (card.fee.fixedMinor / 100).toFixed(2)].map((n) =>
        n.replace('.', '\\.'),
      );
      await expect(page.getByText(new RegExp(`^${percent}\\s%\\s\\+\\s${fixed}\\sEUR$`)).first()).toBeVisible();
    }

    // A payment's detail names the fee rule beside its fee.
    const payment = await paymentWithFeeRule(page);
    await page.goto(`transactions/payments_detail?paymentId=${payment.paymentId}`);
    const rule = page.getByTitle(/fee rule/i);
    await expect(rule).toBeVisible();
    await expect(rule).toContainText(
      payment.feeRule.percentBps > 0 ? percentOf(payment.feeRule.percentBps) : payment.feeRule.currency,
    );
    if (payment.feeRule.percentBps > 0)
      expect((await rule.innerText()).replace(/^Fee rule:\s*/, '').trim()).toMatch(FEE_RULE);
  });

  test('a payout merchant has no pay-in services: not in its menu, and the page is closed to it', async ({ page }) => {
    await signedInAs(page, 'payouts@demo.test');
    const menu = page.getByRole('menu', { name: 'Main menu' }).first();
    await menu.getByRole('menuitem', { name: 'Services' }).click();
    await expect(menu.getByRole('link', { name: 'Payout methods' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pay-in methods' })).toHaveCount(0);
    await page.goto('services/payin');
    await expect(page.getByText("You don't have access to this page")).toBeVisible();
  });
});
