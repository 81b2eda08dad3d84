import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { PAYMENT_PATHS, type PaymentRecord } from '@mbo/contracts/payments';
import { REPORT_PATHS, type ExportRecord } from '@mbo/contracts/reports';
import { signedInAs, sql, toast } from '../support/fixtures';

/** RFC 4180 CSV → rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

/** Every payment the list API shows for an export's own range and filters, in the list's order. */
async function listedPayments(page: Page, record: ExportRecord): Promise<PaymentRecord[]> {
  const out: PaymentRecord[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const res = await page.request.post(PAYMENT_PATHS.list, {
      data: { ...record.filters, createdFrom: record.createdFrom, createdTo: record.createdTo, pageNum, pageSize: 200 },
    });
    const body = (await res.json()) as { code: string; data: { total: number; records: PaymentRecord[] } };
    expect(body.code).toBe('000000');
    out.push(...body.data.records);
    if (out.length >= body.data.total || body.data.records.length === 0) return out;
  }
}

/** Starts the export on the form, watches its row until it is ready, downloads it and returns the file. */
async function runExport(page: Page) {
  const created = page.waitForResponse((r) => r.url().includes(REPORT_PATHS.create));
  await page.getByRole('button', { name: 'Start export' }).click();
  const record = ((await (await created).json()) as { data: ExportRecord }).data;
  await expect(toast(page, 'Export started')).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('progressbar', { name: `Progress of ${record.exportId}` }) });
  // The row shows up with its status and a progress bar that reaches 100 % (polled every second).
  await expect(row).toBeVisible();
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(row.getByText('Ready', { exact: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download / }).click();
  const download = await downloading;
  await expect(toast(page, 'download success')).toBeVisible();
  const detail = await page.request.get(REPORT_PATHS.detail, { params: { exportId: record.exportId } });
  const done = ((await detail.json()) as { data: ExportRecord }).data;
  expect(done.status).toBe('SUCCESS');
  const file = fs.readFileSync(await download.path());
  return { record: done, file, fileName: download.suggestedFilename() };
}

test.describe('report centre', () => {
  test.afterEach(async () => {
    await sql(`UPDATE export_jobs SET status = 'FAILED' WHERE status IN ('QUEUED', 'RUNNING')`);
  });

  test('exports the filtered payments list to CSV, in the chosen time zone; the file matches the list', async ({
    page,
  }) => {
    await signedInAs(page, 'owner@demo.test', 'transactions/payments?status=SUCCESS&currency=EUR');
    await page.getByRole('link', { name: 'Export' }).click();
    await expect(page).toHaveURL(/\/transactions\/reports\?type=PAYMENTS&status=SUCCESS&currency=EUR/);
    await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Payments' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'CSV' })).toBeChecked();

    const zone = page.getByLabel('Time zone');
    await zone.click();
    await zone.fill('Tokyo');
    await page.getByTitle('Asia/Tokyo').click();
    await expect(page).toHaveURL(/tz=Asia%2FTokyo/);

    const { record, file, fileName } = await runExport(page);
    expect(fileName).toMatch(/^payments_\d{8}_\d{6}\.csv$/);
    expect(record.filters).toEqual({ status: ['SUCCESS'], currency: 'EUR' });
    expect(record.timeZone).toBe('Asia/Tokyo');
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(file.toString('utf8').slice(1));
    expect(header.slice(0, 3)).toEqual(['Payment ID', 'Merchant order no.', 'Created at (Asia/Tokyo)']);

    const listed = await listedPayments(page, record);
    expect(listed.length).toBeGreaterThan(0);
    expect(rows.map((r) => r[0])).toEqual(listed.map((p) => p.paymentId));
    const col = (name: string) => header.indexOf(name);
    rows.forEach((r, i) => {
      const p = listed[i];
      expect(r[col('Status')]).toBe('SUCCESS');
      expect(r[col('Currency')]).toBe('EUR');
      expect(r[col('Amount')]).toBe((p.amount / 100).toFixed(2));
      expect(r[col('Net')]).toBe((p.net / 100).toFixed(2));
      expect(r[col('Created at (Asia/Tokyo)')]).toBe(
        new Date(Date.parse(p.createdAt) + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
      );
    });
  });

  test('exports payments to XLSX with chosen columns; the sheet matches the list', async ({ page }) => {
    await signedInAs(page, 'owner@demo.test', 'transactions/reports?type=PAYMENTS&status=FAILED');
    await page.getByText('XLSX', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'XLSX' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Card' }).check();
    await page.getByRole('checkbox', { name: 'Merchant order no.' }).uncheck();
    await expect(page.getByText('14 of 20 columns')).toBeVisible();

    const { record, file, fileName } = await runExport(page);
    expect(fileName).toMatch(/^payments_\d{8}_\d{6}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const [header, ...data] = rows;
    expect(header).toContain('Card');
    expect(header).not.toContain('Merchant order no.');
    const listed = await listedPayments(page, record);
    expect(data.map((r) => r[0])).toEqual(listed.map((p) => p.paymentId));
    const amountAt = header.indexOf('Amount');
    const cardAt = header.indexOf('Card');
    data.forEach((r, i) => {
      const p = listed[i];
      expect(r[header.indexOf('Status')]).toBe('FAILED');
      expect(r[amountAt]).toBe(['JPY', 'KRW', 'IDR', 'VND'].includes(p.currency) ? p.amount : p.amount / 100);
      expect(r[cardAt] ?? null).toBe(p.cardMasked ?? null);
    });
  });

  test('a second export while one is unfinished shows "last export not completed"', async ({ page }) => {
    await signedInAs(page, 'owner@demo.test', null);
    // An export of this user still running elsewhere (another tab, another server instance).
    await sql(`INSERT INTO export_jobs (id, merchant_id, user_id, type, format, params, status, run_token, total_rows, processed_rows)
      SELECT 'EXPE2ERUNNING01', 'M1000001', id, 'PAYMENTS', 'CSV',
             '{"createdFrom":"2026-01-01T00:00:00.000Z","createdTo":"2026-01-31T00:00:00.000Z","timeZone":"UTC","filters":{},"columns":["paymentId"]}', 'RUNNING', 'elsewhere', 1000, 400
        FROM users WHERE email = 'owner@demo.test'`);
    await page.goto('transactions/reports?type=REFUNDS');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('progressbar', { name: 'Progress of EXPE2ERUNNING01' }) });
    await expect(row.getByText('Running', { exact: true })).toBeVisible();
    await expect(row.getByText('400 / 1,000')).toBeVisible();
    await expect(page.getByText('Updating every second while an export runs')).toBeVisible();
    await page.getByRole('button', { name: 'Start export' }).click();
    await expect(toast(page, 'last export not completed')).toBeVisible();
  });
});
