import { expect, test } from '@playwright/test';
import { DISPUTE_PATHS, type DisputeRecord } from '@mbo/contracts/disputes';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { signedInAs } from '../support/fixtures';

/** A minimal, valid one-page PDF (what an evidence upload is checked for: its first bytes). */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A dispute handled end to end (issue 10): a payment with the sandbox's dispute test card is
 * disputed, the merchant uploads a PDF and a PNG, writes the winning explanation and submits; the
 * sandbox decides it won, and the hold comes back on the balance page.
 */
test('a disputed test payment: evidence uploaded, submitted, won, and the balance moves back', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signedInAs(page, 'owner@demo.test', null);
  const description = `E2E dispute ${Date.now()}`;
  const created = await page.request.post(PAYMENT_LINK_PATHS.create, {
    data: { amount: '64.00', currency: 'EUR', description, reusable: false, expiresInDays: 3 },
  });
  const link = ((await created.json()) as { data: { url: string } }).data;

  const customer = await browser.newContext();
  const checkout = await customer.newPage();
  await checkout.goto(link.url);
  await checkout.getByLabel('Email').fill('disputer@example.com');
  await checkout.getByLabel('Name on card').fill('Dana Dispute');
  await checkout.getByLabel('Card number').fill('4000 0000 0000 2685');
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Pay €64.00' }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const paymentId = (await checkout.getByTestId('payment-id').textContent())!.trim();
  await customer.close();

  // The sandbox disputes it a moment later.
  let disputeId = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.post(DISPUTE_PATHS.list, { data: { keyword: paymentId } });
        const records = ((await res.json()) as { data: { records: DisputeRecord[] } }).data.records;
        disputeId = records[0]?.disputeId ?? '';
        return disputeId;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^DSP/);

  // The payment shows its dispute and links to it; the list finds it by the payment id.
  await page.goto(`transactions/payments_detail?paymentId=${paymentId}`);
  await expect(page.getByRole('link', { name: disputeId })).toBeVisible();
  await page.goto(`transactions/disputes?q=${paymentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  await page.getByRole('link', { name: disputeId }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/disputes/detail\\?disputeId=${disputeId}$`));
  await expect(page.getByText('Evidence required').first()).toBeVisible();
  await expect(page.getByText('Product not received').first()).toBeVisible();

  // Evidence: a PDF and a PNG, each typed by category, and the explanation.
  await uploadEvidence(page, 'Proof of delivery', {
    name: 'delivery.pdf',
    mimeType: 'application/pdf',
    buffer: tinyPdf(),
  });
  await uploadEvidence(page, 'Receipt or invoice', { name: 'receipt.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('button', { name: 'Download delivery.pdf' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download receipt.png' })).toBeVisible();
  await page.getByLabel('Your explanation').fill('Delivered to the billing address, signed for. sandbox:win');
  await page.getByRole('button', { name: 'Submit evidence' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit evidence' }).click();
  await expect(page.getByText('Under review').first()).toBeVisible();

  // The sandbox decides it within seconds: won.
  // (The page looks again every few seconds while the dispute is under review.)
  await expect(page.getByText('You won this dispute')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Won', { exact: true }).first()).toBeVisible();

  // The balance page shows the hold and its release (found by the dispute: tests in another worker move Demo Store's
  // money meanwhile).
  await page.goto(`account/balance?q=${disputeId}`);
  await expect(page.getByText('Dispute won (released)').first()).toBeVisible();
  await expect(page.getByText('Dispute opened (held)').first()).toBeVisible();
});

async function uploadEvidence(
  page: import('@playwright/test').Page,
  category: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  // The category select is searchable: type the category and take the one match.
  const select = page.getByRole('combobox', { name: 'Evidence category' });
  await select.fill(category);
  await select.press('Enter');
  await expect(page.getByRole('button', { name: 'Upload file' })).toBeEnabled();
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByRole('button', { name: `Download ${file.name}` })).toBeVisible();
}
