import { expect, test, type Page } from '@playwright/test';
import { blockingViolations, describeViolations } from '../support/axe';
import { signedInAs, sql } from '../support/fixtures';

/** The global search only reads: it runs with the independent files. */
const MERCHANT = 'M1000001';

async function newestPayments(n: number): Promise<{ id: string; customer_email: string }[]> {
  return sql<{ id: string; customer_email: string }>(
    `SELECT id, customer_email FROM payments WHERE merchant_id = $1 ORDER BY created_at DESC LIMIT $2`,
    [MERCHANT, n],
  );
}

/** The header's search button: on screen once the signed-in layout is. */
const trigger = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Search/ });

/** Ctrl+K, once the header (whose shortcut it is) is on screen. */
async function pressShortcut(page: Page): Promise<void> {
  await expect(trigger(page)).toBeVisible();
  await page.keyboard.press('Control+k');
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: /Search records/ });
const activeOption = (page: Page) =>
  page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? '') : '';
  });

test('Ctrl+K opens the search; an id typed, the arrow keys and Enter open its detail page', async ({ page }) => {
  const [payment] = await newestPayments(1);
  await signedInAs(page, 'owner@demo.test', 'home');
  await pressShortcut(page);
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(payment.id.toLowerCase());
  const option = page.getByRole('option', { name: new RegExp(`^${payment.id}`) });
  await expect(option).toBeVisible();
  await expect(page.getByRole('group', { name: 'Payments' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  expect(await activeOption(page)).toContain(payment.id);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`transactions/payments_detail\\?paymentId=${payment.id}$`));
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden();
});

test('the arrow keys walk several results; Escape closes and gives focus back to the search button', async ({
  page,
}) => {
  const payments = await newestPayments(50);
  // A customer email start that several of the newest payments share.
  const counts = new Map<string, number>();
  for (const p of payments)
    counts.set(p.customer_email.slice(0, 3), (counts.get(p.customer_email.slice(0, 3)) ?? 0) + 1);
  const prefix = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  await signedInAs(page, 'owner@demo.test', 'home');
  await trigger(page).click();
  await searchBox(page).fill(prefix);
  await expect(page.getByRole('option').nth(1)).toBeVisible();
  const first = await activeOption(page);
  await page.keyboard.press('ArrowDown');
  const second = await activeOption(page);
  expect(second).not.toBe(first);
  // A payment id: PAY, then 17 characters of the ids' base-32 alphabet (the order number follows it).
  const secondId = /^PAY[0-9A-HJKMNP-TV-Z]{17}/.exec(second)![0];
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`paymentId=${secondId}$`));
  // The payment's page has loaded (its timeline is on screen) before the search opens again.
  await expect(page.getByText('Timeline', { exact: true })).toBeVisible();

  await pressShortcut(page);
  // The search just made is offered again.
  await expect(page.getByRole('listbox', { name: 'Recent searches' })).toContainText(prefix);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden();
  await expect(trigger(page)).toBeFocused();
});

test('on the phone the header has a search icon button that opens the same dialog', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInAs(page, 'owner@demo.test', 'home');
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(searchBox(page)).toBeFocused();
});

test('the open dialog with results has no serious or critical axe violations', async ({ page }) => {
  const [payment] = await newestPayments(1);
  await signedInAs(page, 'owner@demo.test', 'home');
  await pressShortcut(page);
  await searchBox(page).fill(payment.id);
  await expect(page.getByRole('option', { name: new RegExp(`^${payment.id}`) })).toBeVisible();
  const violations = await blockingViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
});
