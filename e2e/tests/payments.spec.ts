import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_PATHS } from '@mbo/contracts/account';
import { IDEMPOTENCY_HEADER, REFUND_PATHS } from '@mbo/contracts/refunds';
import { pickOption, signedInAs, sql, toast } from '../support/fixtures';

const MERCHANT = 'M1000001';

/** The "2,500 payments" total under the list, as a number. */
async function listTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^[\d,]+ payments?$/).textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

async function expectTotal(page: Page, expected: number) {
  await expect(page.getByText(new RegExp(`^${expected.toLocaleString('en-US')} payments?$`))).toBeVisible();
}

async function count(where: string, params: unknown[] = []): Promise<number> {
  const rows = await sql<{ n: string }>(
    `SELECT count(*)::text AS n FROM payments WHERE merchant_id = '${MERCHANT}' AND ${where}`,
    params,
  );
  return Number(rows[0].n);
}

/** Picks an option of an antd Select found by its label: types to search, Enter picks the match. */
async function choose(page: Page, label: string, option: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(option);
  await page.keyboard.press('Enter');
}

/** Successful, refundable payments of the merchant in a currency (newest first). */
/**
 * Recent refundable payments. `settled`: only those whose clearing batch has settled, so that a refund
 * comes from the available balance (one of an unsettled batch is deducted from the batch, from pending).
 */
async function refundablePayments(
  currency: string,
  n: number,
  settled = false,
): Promise<{ id: string; amount: number; email: string }[]> {
  const rows = await sql<{ id: string; amount: string; customer_email: string }>(
    `SELECT p.id, p.amount::text AS amount, p.customer_email FROM payments p
      WHERE p.merchant_id = $1 AND p.status = 'SUCCESS' AND p.currency = $2 AND p.amount >= 5000
        AND p.created_at > now() - interval '30 days'
        ${settled ? `AND EXISTS (SELECT 1 FROM settlement_batches b WHERE b.id = p.batch_id AND b.status = 'SETTLED')` : ''}
        AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.payment_id = p.id)
      ORDER BY p.created_at DESC LIMIT $3`,
    [MERCHANT, currency, n],
  );
  return rows.map((r) => ({ id: r.id, amount: Number(r.amount), email: r.customer_email }));
}

async function availableBalance(page: Page, currency: string): Promise<number> {
  const res = await page.request.get(ACCOUNT_PATHS.balances);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { currency: string; available: number }[] };
  return body.data.find((b) => b.currency === currency)?.available ?? 0;
}

test.describe('payments', () => {
  test('each filter of the payments list changes the rows and survives a reload', async ({ page }) => {
    test.setTimeout(180_000);
    await signedInAs(page, 'owner@demo.test', 'transactions/payments');
    const all = await count('true');
    await expectTotal(page, all);

    // Status tiles: the count above the list is the list's total once clicked.
    const failed = await count(`status = 'FAILED'`);
    await page.getByRole('button', { name: new RegExp(`^Failed\\s*${failed.toLocaleString('en-US')}$`) }).click();
    await expect(page).toHaveURL(/status=FAILED/);
    await expectTotal(page, failed);
    await expect(page.getByRole('row').nth(1).getByText('Failed', { exact: true })).toBeVisible();
    await page.reload();
    await expectTotal(page, failed);
    await expect(page.getByRole('button', { name: /^Failed/ })).toHaveAttribute('aria-pressed', 'true');

    const sample = (
      await sql<{ customer_email: string }>(
        `SELECT customer_email FROM payments WHERE merchant_id = $1 AND status = 'SUCCESS' ORDER BY created_at DESC LIMIT 1`,
        [MERCHANT],
      )
    )[0];

    const cases: { name: string; apply: () => Promise<void>; url: RegExp; expected: () => Promise<number> }[] = [
      {
        name: 'currency',
        apply: () => choose(page, 'Currency', 'EUR'),
        url: /currency=EUR/,
        expected: () => count(`currency = 'EUR'`),
      },
      {
        name: 'amount range (major units)',
        apply: async () => {
          await choose(page, 'Currency', 'EUR');
          await page.getByLabel('Minimum amount').fill('100');
          await page.getByLabel('Maximum amount').fill('200.50');
          await page.getByLabel('Maximum amount').press('Enter');
        },
        url: /amountMin=100&amountMax=200\.50/,
        expected: () => count(`currency = 'EUR' AND amount BETWEEN 10000 AND 20050`),
      },
      {
        name: 'country',
        apply: () => choose(page, 'Country', 'Germany'),
        url: /country=DE/,
        expected: () => count(`country = 'DE'`),
      },
      {
        name: 'payment method type',
        apply: () => choose(page, 'Payment method type', 'E-wallet'),
        url: /methodType=EWALLET/,
        expected: () => count(`pay_method_type = 'EWALLET'`),
      },
      {
        name: 'payment method name',
        apply: () => choose(page, 'Payment method', 'Visa'),
        url: /method=VISA/,
        expected: () => count(`pay_method_name = 'VISA'`),
      },
      {
        name: 'search by customer email',
        apply: async () => {
          await page.getByLabel('Search payments').fill(sample.customer_email);
          await page.getByLabel('Search payments').press('Enter');
        },
        url: /q=/,
        expected: () => count(`customer_email = $1`, [sample.customer_email]),
      },
      {
        name: 'created date preset (7 days)',
        apply: async () => {
          await page.getByPlaceholder('Start date').click();
          await page.getByText('7 days', { exact: true }).click();
        },
        url: /from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/,
        expected: async () => {
          const params = new URL(page.url()).searchParams;
          const tz = (await sql<{ time_zone: string }>(`SELECT time_zone FROM merchants WHERE id = $1`, [MERCHANT]))[0]
            .time_zone;
          return count(
            `created_at >= ($1::date)::timestamp AT TIME ZONE $3 AND created_at < ($2::date + 1)::timestamp AT TIME ZONE $3`,
            [params.get('from'), params.get('to'), tz],
          );
        },
      },
    ];

    for (const c of cases) {
      await test.step(c.name, async () => {
        await page.goto('transactions/payments');
        await expectTotal(page, all);
        await c.apply();
        await expect(page).toHaveURL(c.url);
        const expected = await c.expected();
        expect(expected, `${c.name} narrows the list`).toBeLessThan(all);
        await expectTotal(page, expected);
        await page.reload();
        await expect(page).toHaveURL(c.url);
        await expectTotal(page, expected);
      });
    }

    // Sort by amount, ascending: the smallest payment comes first (and stays after reload).
    await page.goto('transactions/payments?currency=EUR&sort=amount:asc');
    const smallest = (
      await sql<{ id: string }>(
        `SELECT id FROM payments WHERE merchant_id = $1 AND currency = 'EUR' ORDER BY amount ASC, created_at DESC LIMIT 1`,
        [MERCHANT],
      )
    )[0].id;
    const firstAmount = await sql<{ amount: string }>(`SELECT amount::text FROM payments WHERE id = $1`, [smallest]);
    await expect(page.getByRole('row').nth(1)).toContainText(`${(Number(firstAmount[0].amount) / 100).toFixed(2)} EUR`);

    // Export carries the filters to the report centre.
    await expect(page.getByRole('link', { name: /Export/ })).toHaveAttribute(
      'href',
      /\/app\/transactions\/reports\?type=PAYMENTS&currency=EUR/,
    );
    expect(await listTotal(page)).toBe(await count(`currency = 'EUR'`));
  });

  test('a partial refund from the detail shows in the refunds list and lowers the balance; a second refund is refused', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await signedInAs(page, 'owner@demo.test', null);
    // A settled payment: its refund comes from the available balance.
    const [payment] = await refundablePayments('EUR', 1, true);
    expect(payment, 'a refundable, settled EUR payment in the demo data').toBeTruthy();
    const before = await availableBalance(page, 'EUR');

    // A second tab on the same payment, left open on the confirmation of a full refund.
    const stale = await context.newPage();
    await stale.goto(`transactions/payments_detail?paymentId=${payment.id}`);
    await stale.getByRole('button', { name: 'Refund', exact: true }).click();
    await pickOption(stale, stale.getByRole('dialog'), 'Reason', 'Duplicate payment');
    await stale.getByRole('button', { name: 'Continue' }).click();

    // Open the detail from the list.
    await page.goto(`transactions/payments?q=${payment.id}`);
    await page.getByRole('link', { name: payment.id }).click();
    await expect(page).toHaveURL(new RegExp(`payments_detail\\?paymentId=${payment.id}`));
    // Money on the detail reads amount then code ("1,234.50 EUR"), as everywhere.
    const gross = `${(payment.amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} EUR`;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(gross);
    await expect(page.getByText('Not refunded.')).toBeVisible();

    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Partial refund').check();
    await dialog.getByLabel('Refund amount').fill('12.50');
    await pickOption(page, dialog, 'Reason', 'Requested by customer');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toContainText(`Refund 12.50 EUR of ${gross} to ${payment.email}`);
    await dialog.getByRole('button', { name: 'Refund 12.50 EUR' }).click();
    await expect(toast(page, 'Refund of 12.50 EUR submitted.')).toBeVisible();

    // The detail refreshes: the refund is linked, further refunds are blocked.
    const refundLink = page.getByRole('link', { name: /^(REF|RFD)[0-9A-Z]+$/ });
    await expect(page.getByText('Not refunded.')).toBeHidden();
    const refundId = (await refundLink.textContent())?.trim() ?? '';
    expect(refundId).not.toBe('');
    await expect(page.getByRole('button', { name: 'Refund', exact: true })).toBeDisabled();

    // The balance dropped by the refund.
    expect(await availableBalance(page, 'EUR')).toBe(before - 1250);

    // The refund is in the refunds list.
    await page.goto(`transactions/refunds?q=${payment.id}`);
    await expect(page.getByText(refundId).first()).toBeVisible();
    await expect(page.getByText('12.50 EUR').first()).toBeVisible();

    // The stale tab tries a second refund of the same payment.
    await stale.getByRole('button', { name: /^Refund [\d,.]+ EUR$/ }).click();
    await expect(toast(stale, 'Payment can only be refunded once.')).toBeVisible();
    expect(await availableBalance(page, 'EUR')).toBe(before - 1250);
  });

  test('decimals in a zero-decimal currency reach the server and show "No decimals."', async ({ page }) => {
    const [payment] = await refundablePayments('JPY', 1);
    expect(payment, 'the demo data has a refundable JPY payment').toBeTruthy();
    await signedInAs(page, 'owner@demo.test', `transactions/payments_detail?paymentId=${payment.id}`);
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Partial refund').check();
    await dialog.getByLabel('Refund amount').fill('10.5');
    // "Other" asks for a note.
    await dialog.getByLabel('Reason').click();
    await page.getByTitle('Other').last().click();
    await expect(dialog.getByLabel('Note')).toBeVisible();
    await dialog.getByLabel('Note').fill('Goodwill');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Refund 10.5 JPY' }).click();
    await expect(toast(page, 'No decimals.')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test("a Viewer's refund button is disabled with the reason, and the server refuses the call (430)", async ({
    page,
  }) => {
    const [payment] = await refundablePayments('EUR', 1);
    await signedInAs(page, 'viewer@demo.test', `transactions/payments_detail?paymentId=${payment.id}`);
    const button = page.getByRole('button', { name: 'Refund', exact: true });
    await expect(button).toBeDisabled();
    await button.hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText('Your role cannot refund payments.');

    const res = await page.request.post(REFUND_PATHS.create, {
      data: { paymentId: payment.id, amount: '1.00', reason: 'REQUESTED_BY_CUSTOMER' },
      headers: { [IDEMPOTENCY_HEADER]: `viewer-${Date.now()}` },
    });
    expect(res.status()).toBe(430);
    expect(((await res.json()) as { code: string }).code).toBe('002001B024');
    expect((await sql(`SELECT 1 FROM refunds WHERE payment_id = $1`, [payment.id])).length).toBe(0);
  });

  test('an unknown payment id shows "Order not found."', async ({ page }) => {
    await signedInAs(page, 'owner@demo.test', 'transactions/payments_detail?paymentId=PAY_DOES_NOT_EXIST');
    await expect(page.getByText('Order not found.')).toBeVisible();
  });
});
