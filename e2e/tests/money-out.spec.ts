import { expect, test } from '@playwright/test';
import { mailTo, signedInAs } from '../support/fixtures';

/**
 * Money out end to end (issue 11): the payout merchant (open every day, so the test never depends on
 * the clock) adds a German bank account, which the sandbox bank verifies; withdraws to it with the fee
 * shown before submit; watches the order go from pending to paid; and finds it on the balance page.
 */
test('add and verify a bank account, withdraw to it, watch it paid, see the balance move', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInAs(page, 'payouts@demo.test', 'settings/bank-accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Bank accounts' })).toBeVisible();

  // Add: the form checks the IBAN as the server does.
  await page.getByRole('button', { name: 'Add bank account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bank account' });
  await dialog.getByLabel('Bank country').fill('Germany');
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Bank name').fill('Sparkasse Köln');
  await dialog.getByLabel('Account holder').fill('Demo Payouts Ltd');
  await dialog.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(dialog.getByText(/wrong check digits/)).toBeVisible();
  await dialog.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(dialog).toBeHidden();

  // Pending, then verified by the sandbox bank (the list looks again while one is pending); masked everywhere.
  const row = page.getByRole('row').filter({ hasText: 'Sparkasse Köln' });
  await expect(row).toContainText('•••• 3000');
  await expect(row).not.toContainText('0532');
  await expect(row.getByText('Verified')).toBeVisible({ timeout: 20_000 });
  expect((await mailTo('payouts@demo.test', since)).subject).toMatch(/bank account was (added|verified)/);

  // Withdraw to it: fee and amount received before submit.
  await page.goto('account/withdraw');
  await expect(page.getByText('Withdrawals are open now')).toBeVisible();
  const form = page.getByRole('region', { name: 'New withdrawal' });
  await form.getByLabel('Currency').fill('EUR');
  await page.keyboard.press('Enter');
  await form.getByLabel('To bank account').fill('Sparkasse');
  await page.keyboard.press('Enter');
  await form.getByLabel('Amount', { exact: true }).fill('100');
  const summary = form.getByLabel('Withdrawal summary');
  await expect(summary).toContainText('0.50 EUR');
  await expect(summary).toContainText('99.50 EUR');
  await form.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm withdrawal' });
  await expect(confirm).toContainText('Sparkasse Köln •••• 3000');
  await confirm.getByRole('button', { name: /Withdraw 100\.00/ }).click();

  // The detail opens: pending, then paid by the sandbox bank, with its timeline.
  const drawer = page.getByRole('dialog', { name: /Withdrawal WDR/ });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByText('Sent to the bank').first()).toBeVisible();
  const withdrawalId = new URL(page.url()).searchParams.get('withdrawalId')!;
  expect(withdrawalId).toMatch(/^WDR/);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('row').filter({ hasText: withdrawalId })).toContainText('Paid');

  // The balance page shows the money leaving: reserved at submit, then paid out.
  await page.goto(`account/balance?q=${withdrawalId}`);
  await expect(page.getByText('Withdrawal paid').first()).toBeVisible();
  await expect(page.getByText('Withdrawal (reserved)').first()).toBeVisible();
});

test('a viewer sees the withdrawal history but cannot withdraw; the payout services list is the payout merchant’s', async ({
  page,
}) => {
  await signedInAs(page, 'viewer@demo.test', 'account/withdraw');
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible();
  await expect(page.getByText(/can see withdrawals but not make them/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect(page.getByText('6 withdrawals')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Awaiting approval' })).toHaveCount(1);

  await signedInAs(page, 'payouts@demo.test', 'services/payout');
  await expect(page.getByRole('heading', { level: 1, name: 'Payout services' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Faster Payments' })).toContainText('0.20');
  await expect(page.getByRole('row').filter({ hasText: 'Zengin' })).toContainText('Suspended');
});

/** A valid GB IBAN (bank NWBK, sort code 601613) ending in `last4`; 0003 is refused by the sandbox bank. */
function gbIban(last4: string): string {
  const bban = `NWBK6016130000${last4}`;
  let rest = 0;
  for (const digit of `${bban}GB00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55)))
    rest = (rest * 10 + Number(digit)) % 97;
  return `GB${String(98 - rest).padStart(2, '0')}${bban}`;
}

test('upload a batch file with bad rows, fix one, drop one, submit, and watch it paid', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInAs(page, 'payouts@demo.test', 'payout/create?mode=batch');
  const stamp = Date.now();
  const rows = [
    ['Ada Lovelace', 'GB', 'GBP', '12.50', 'BANK_TRANSFER', gbIban('1111'), '', '', 'SUPPLIER', `E2E-${stamp}-1`],
    [
      'Alan Turing',
      'GB',
      'GBP',
      '20.00',
      'BANK_TRANSFER',
      'GB00NWBK60161300001112',
      '',
      '',
      'SUPPLIER',
      `E2E-${stamp}-2`,
    ],
    ['Grace Hopper', 'GB', 'GBP', '30.00', 'BANK_TRANSFER', gbIban('0003'), '', '', 'SUPPLIER', `E2E-${stamp}-3`],
    ['Ada Lovelace', 'GB', 'GBP', '12.50', 'BANK_TRANSFER', gbIban('1111'), '', '', 'SUPPLIER', `E2E-${stamp}-1`],
  ];
  const csv = `beneficiaryName,country,currency,amount,method,accountNumber,routingCode,bic,purpose,reference\n${rows.map((r) => r.join(',')).join('\n')}\n`;
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'e2e-batch.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // Two rows with errors, each on its cell: a bad IBAN, and a repeat of row 1.
  const batch = page.getByRole('region', { name: 'Batch file' });
  await expect(batch.getByText('4 rows · 2 with errors')).toBeVisible();
  await expect(batch.getByText(/^Not a valid IBAN/)).toBeVisible();
  await expect(batch.getByText(/^Repeats row 1/)).toBeVisible();
  await expect(batch.getByRole('button', { name: /Submit 4 payouts/ })).toBeDisabled();

  // Fix the IBAN in place; drop the repeated row.
  await batch.getByLabel('Row 2 Account number or wallet ID').fill(gbIban('2222'));
  await batch.getByRole('button', { name: 'Drop row 4' }).click();
  await expect(batch.getByText('3 rows · all valid')).toBeVisible();
  await expect(batch.getByLabel('Batch totals')).toContainText('62.50 GBP');
  await batch.getByRole('button', { name: 'Submit 3 payouts' }).click();
  await page.getByRole('dialog', { name: 'Submit batch' }).getByRole('button', { name: 'Submit batch' }).click();

  // The batch page: the sandbox bank pays the rows over time; the refused one's money returns.
  await expect(page).toHaveURL(/payout\/history\/batch\/detail\?batchId=PBT/);
  await expect(page.getByText('Partially failed').first()).toBeVisible({ timeout: 30_000 });
  const rowsCard = page.locator('.mbo-detail-card').filter({ hasText: 'Payouts in this batch' });
  await expect(rowsCard.getByRole('row').filter({ hasText: 'Grace Hopper' })).toContainText('account is closed');
  await expect(rowsCard.getByRole('row').filter({ hasText: 'Ada Lovelace' })).toContainText('Paid');
});

test('maker-checker: the owner approves the withdrawal the finance user made above the threshold; the maker cannot', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedInAs(page, 'finance@demo.test', 'account/withdraw');
  await page
    .getByRole('alert')
    .getByRole('link', { name: /Withdrawal to ING Bank/ })
    .click();
  const drawer = page.getByRole('dialog', { name: /Withdrawal WDR/ });
  await expect(drawer.getByText(/You made this order/)).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await signedInAs(page, 'owner@demo.test', 'account/withdraw');
  await page
    .getByRole('alert')
    .getByRole('link', { name: /Withdrawal to ING Bank/ })
    .click();
  await expect(drawer.getByText('Waiting for your approval')).toBeVisible();
  await drawer.getByRole('button', { name: 'Approve' }).click();
  // Sent to the sandbox bank, which pays it.
  await expect(drawer.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByText('Approved').first()).toBeVisible();
});
