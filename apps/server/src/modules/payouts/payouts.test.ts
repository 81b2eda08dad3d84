import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PAYOUT_ROW_FIELDS, type PayoutRowInput } from '@mbo/contracts/payout-rows';
import {
  PAYOUT_PATHS,
  type BatchValidation,
  type PayoutBatchRecord,
  type PayoutDetail,
  type PayoutRecord,
} from '@mbo/contracts/payouts';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import { payoutBatches, payouts as payoutsTable } from '../../db/money-out-schema';
import { ledgerAccounts } from '../../db/payments-schema';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { balanceOf, brokenAccounts, unbalancedTransactions } from '../payments/test-payments';
import { advancePayouts } from './sandbox-payout-job';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever data a call answers
type Reply = { status: number; body: { code: string; msg: string; data: any } };

const GB = {
  beneficiaryName: 'Jane Cooper',
  country: 'GB',
  currency: 'GBP',
  amount: '125.00',
  method: 'BANK_TRANSFER',
  accountNumber: 'GB29NWBK60161331926819',
  routingCode: '',
  bic: '',
  purpose: 'SUPPLIER',
  reference: 'INV-1',
};
const PH = {
  beneficiaryName: 'Juan Dela Cruz',
  country: 'PH',
  currency: 'PHP',
  amount: '1500',
  method: 'EWALLET',
  accountNumber: '09171234567',
  routingCode: '',
  bic: '',
  purpose: 'COMMISSION',
  reference: 'C-1',
};
const csvOf = (rows: Partial<PayoutRowInput>[], header = PAYOUT_ROW_FIELDS.join(',')) =>
  Buffer.from(
    `${header}\n${rows.map((r) => PAYOUT_ROW_FIELDS.map((f) => JSON.stringify(String(r[f] ?? ''))).join(',')).join('\n')}\n`,
  );
/** A GB payout of `amount` to a valid IBAN whose account ends in `suffix` (0003: refused by the sandbox). */
const gbRow = (i: number, amount = '10.00', suffix?: string): PayoutRowInput => ({
  ...GB,
  beneficiaryName: `Beneficiary ${i}`,
  amount,
  reference: `R-${i}`,
  accountNumber: suffix ? ibanEnding(suffix) : GB.accountNumber,
});

/** A valid GB IBAN (NWBK sort code 601613) whose last four digits are `suffix`. */
function ibanEnding(suffix: string): string {
  const bban = `NWBK6016130000${suffix}`;
  const numeric = `${bban}GB00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of numeric) rest = (rest * 10 + Number(digit)) % 97;
  return `GB${String(98 - rest).padStart(2, '0')}${bban}`;
}

/**
 * Payouts through the API as the payout merchant: single, batch files (CSV, XLSX, bad ones), submit, the sandbox bank,
 * money, tenants.
 */
describe('payouts', () => {
  let t: TestApp;
  let payouts: string;
  let owner: string;
  const db = () => t.database.db;
  const ok = <T>(res: { body: { code: string; msg: string; data: T } }): T => {
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data;
  };
  const withKey = async (
    url: string,
    payload: unknown,
    key: string = randomUUID(),
    cookie = payouts,
  ): Promise<Reply> => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, [IDEMPOTENCY_HEADER]: key },
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const upload = async (name: string, bytes: Buffer, type = 'text/csv'): Promise<Reply> => {
    const body = multipart([], { name, type, bytes });
    const res = await t.app.inject({
      method: 'POST',
      url: PAYOUT_PATHS.validate,
      headers: { cookie: payouts, ...body.headers },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const available = (currency: string) => balanceOf(db(), 'M2000001', currency, 'AVAILABLE');
  const reserved = (currency: string) => balanceOf(db(), 'M2000001', currency, 'RESERVED');
  const payAll = async (target: { batchId: string } | { payoutId: string }) => {
    for (let i = 0; i < 30 && (await advancePayouts(db(), target)) > 0; i += 1);
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxPayoutDelayMs: 600_000 } });
    payouts = await loginAs(t.app, 'payouts@demo.test');
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pays a single payout: amount + fee reserved, then paid; a documented failing account returns both', async () => {
    const before = { available: await available('GBP'), reserved: await reserved('GBP') };
    const key = randomUUID();
    const created = ok<PayoutRecord>(await withKey(PAYOUT_PATHS.create, GB, key));
    expect(created).toMatchObject({
      status: 'PENDING',
      amount: 12_500,
      fee: 20,
      total: 12_520,
      maskedAccount: '•••• 6819',
      method: 'BANK_TRANSFER',
      purpose: 'SUPPLIER',
    });
    expect(ok<PayoutRecord>(await withKey(PAYOUT_PATHS.create, GB, key))).toEqual(created);
    expect(await available('GBP')).toBe(before.available - 12_520);
    expect(await reserved('GBP')).toBe(before.reserved + 12_520);
    await payAll({ payoutId: created.payoutId });
    const detail = ok<PayoutDetail>(
      await call(t.app, 'GET', PAYOUT_PATHS.detail, { cookie: payouts, query: { payoutId: created.payoutId } }),
    );
    expect(detail).toMatchObject({ status: 'SUCCESS', bankReference: expect.stringMatching(/^SBX/) });
    expect(detail.events.map((e) => e.type)).toEqual(['CREATED', 'PROCESSING', 'SUCCESS']);
    expect(JSON.stringify(detail)).not.toContain('60161331926819');
    expect(await reserved('GBP')).toBe(before.reserved);

    const failing = ok<PayoutRecord>(await withKey(PAYOUT_PATHS.create, { ...GB, accountNumber: ibanEnding('0003') }));
    await payAll({ payoutId: failing.payoutId });
    const failed = ok<PayoutDetail>(
      await call(t.app, 'GET', PAYOUT_PATHS.detail, { cookie: payouts, query: { payoutId: failing.payoutId } }),
    );
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: expect.stringMatching(/closed/) });
    expect(await available('GBP')).toBe(before.available - 12_520);
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it('refuses a bad payout on the right cell, reserves nothing, and keeps Demo Store out of the payout area', async () => {
    const before = await available('GBP');
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ accountNumber: 'GB29NWBK60161331926818' }, 'accountNumber', /check digits/],
      [{ amount: '-5' }, 'amount', /positive amount/],
      [{ amount: '1.005' }, 'amount', /2 decimals/],
      [{ currency: 'XXX' }, 'currency', /not a currency/],
      [
        { country: 'JP', currency: 'JPY', accountNumber: '1234567', routingCode: '0001001', amount: '1000' },
        'currency',
        /no active payout service/,
      ],
      [
        { country: 'PH', currency: 'PHP', method: 'EWALLET', accountNumber: '09171234567', amount: '10.5' },
        'amount',
        /at least|decimals/,
      ],
      [{ beneficiaryName: '=cmd|"/c calc"!A1' }, 'beneficiaryName', /formula/],
      [{ amount: '999999.00' }, 'amount', /at most/],
      [{ purpose: 'GIFT' }, 'purpose', /one of/],
    ];
    for (const [patch, field, message] of cases) {
      const res = await withKey(PAYOUT_PATHS.create, { ...GB, ...patch });
      expect(res.body.code, JSON.stringify(patch)).toBe('006001B051');
      const cells = res.body.data.rows[0].errors as { field: string; message: string }[];
      expect(
        cells.map((c) => c.field),
        JSON.stringify(patch),
      ).toContain(field);
      expect(cells.find((c) => c.field === field)!.message, JSON.stringify(patch)).toMatch(message);
    }
    // No PHP funds: refused, nothing held.
    expect((await withKey(PAYOUT_PATHS.create, PH)).body.code).toBe('006001B006');
    expect(await available('GBP')).toBe(before);
    // Demo Store is a card merchant: the payout area is not its menu.
    expect((await withKey(PAYOUT_PATHS.create, GB, randomUUID(), owner)).status).toBe(430);
    expect((await call(t.app, 'POST', PAYOUT_PATHS.list, { cookie: owner, payload: {} })).status).toBe(430);
  });

  it('validates a CSV file row by row and cell by cell, duplicates included; the template reads back clean', async () => {
    const file = csvOf([GB, { ...GB, accountNumber: 'GB00BAD' }, PH, { ...GB }, { ...PH, amount: '=1+1' }]);
    const answer = ok<BatchValidation>(await upload('november.csv', file));
    expect(answer.rows).toHaveLength(5);
    expect(answer.fileName).toBe('november.csv');
    expect(answer.fileHash).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.errors.map((e) => [e.row, e.errors[0].field])).toEqual([
      [2, 'accountNumber'],
      [4, 'amount'],
      [5, 'amount'],
    ]);
    expect(answer.errors[1].errors[0]).toEqual({
      field: 'amount',
      code: 'DUPLICATE_ROW',
      values: { row: 1 },
      message: expect.stringMatching(/repeats row 1/),
    });

    for (const format of ['CSV', 'XLSX']) {
      const res = await t.app.inject({
        method: 'GET',
        url: PAYOUT_PATHS.template,
        query: { format },
        headers: { cookie: payouts },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/attachment/);
      const back = ok<BatchValidation>(await upload(`template.${format.toLowerCase()}`, res.rawPayload));
      expect(back.rows).toHaveLength(2);
      expect(back.errors).toEqual([]);
    }
  });

  it('reads XLSX files without evaluating formulas, and refuses files that are not CSV or XLSX, too big or too long', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Payouts');
    sheet.addRow([...PAYOUT_ROW_FIELDS]);
    sheet.addRow(PAYOUT_ROW_FIELDS.map((f) => GB[f]));
    sheet.addRow(
      PAYOUT_ROW_FIELDS.map((f) =>
        f === 'beneficiaryName' ? { formula: 'HYPERLINK("http://evil","x")', result: 'x' } : GB[f],
      ),
    );
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const answer = ok<BatchValidation>(await upload('book.xlsx', xlsx, 'application/octet-stream'));
    expect(answer.rows[1].beneficiaryName).toBe('=HYPERLINK("http://evil","x")');
    expect(answer.errors).toEqual([
      {
        row: 2,
        errors: [{ field: 'beneficiaryName', code: 'FORMULA', values: {}, message: expect.stringMatching(/formula/) }],
      },
    ]);

    const refusals: [string, Buffer, RegExp][] = [
      ['lies.csv', Buffer.from('%PDF-1.4\n1 0 obj\n'), /PDF/],
      ['image.csv', Buffer.from('89504e470d0a1a0a0000', 'hex'), /PNG/],
      ['page.csv', Buffer.from('<html><body>hi</body></html>'), /HTML/],
      ['binary.csv', Buffer.from([0x41, 0x00, 0x42, 0x43]), /binary/],
      ['latin1.csv', Buffer.from('beneficiaryName\nJos\xe9\n', 'latin1'), /UTF-8/],
      ['columns.csv', Buffer.from('name,amount\nJane,10\n'), /lacks the template's columns/],
      ['empty.csv', csvOf([]), /no payouts/],
      ['big.csv', Buffer.alloc(6 * 1024 * 1024, 0x41), /larger than 5 MB/],
      ['long.csv', csvOf(Array.from({ length: 10_001 }, (_, i) => gbRow(i))), /more than 10,000/],
    ];
    for (const [name, bytes, message] of refusals) {
      const res = await upload(name, bytes);
      expect(res.body.code, name).toBe('006001B050');
      expect(res.body.msg, name).toMatch(message);
    }
  });

  it('submits a batch: every total held at once, the same rows twice (and in parallel) pay nobody twice, rows paid over time, failures returned', async () => {
    const rows = [gbRow(1, '100.00'), gbRow(2, '200.00'), gbRow(3, '300.00', '0003'), PH];
    const before = { gbp: await available('GBP'), php: await available('PHP') };
    const fund = await db()
      .select({ n: count() })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.owner, 'M2000001'),
          eq(ledgerAccounts.currency, 'PHP'),
          eq(ledgerAccounts.type, 'AVAILABLE'),
          gt(ledgerAccounts.balance, 0),
        ),
      );
    expect(fund[0].n).toBe(0); // no PHP funds: the batch is refused whole
    const short = await withKey(PAYOUT_PATHS.submit, { fileName: 'november.csv', rows });
    expect(short.body.code).toBe('006001B006');
    expect(await available('GBP')).toBe(before.gbp);
    const [{ n: noBatch }] = await db()
      .select({ n: count() })
      .from(payoutBatches)
      .where(eq(payoutBatches.fileName, 'november.csv'));
    expect(noBatch).toBe(0);

    const gbOnly = rows.slice(0, 3);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => withKey(PAYOUT_PATHS.submit, { fileName: 'november.csv', rows: gbOnly })),
    );
    const batches = results.map((r) => ok<PayoutBatchRecord>(r));
    expect(new Set(batches.map((b) => b.batchId)).size).toBe(1);
    const batch = batches[0];
    expect(batch).toMatchObject({ status: 'PROCESSING', rowCount: 3, counts: { PENDING: 3 } });
    expect(batch.totals).toEqual([
      { currency: 'GBP', count: 3, amount: 60_000, fee: 60, paidAmount: 0, failedAmount: 0 },
    ]);
    expect(await available('GBP')).toBe(before.gbp - 60_060);
    const [{ n: paidRows }] = await db()
      .select({ n: count() })
      .from(payoutsTable)
      .where(eq(payoutsTable.batchId, batch.batchId));
    expect(paidRows).toBe(3);

    await payAll({ batchId: batch.batchId });
    const done = ok<PayoutBatchRecord>(
      await call(t.app, 'GET', PAYOUT_PATHS.batchDetail, { cookie: payouts, query: { batchId: batch.batchId } }),
    );
    expect(done).toMatchObject({ status: 'PARTIALLY_FAILED', counts: { SUCCESS: 2, FAILED: 1 } });
    expect(done.totals[0]).toMatchObject({ paidAmount: 30_000, failedAmount: 30_000 });
    expect(await available('GBP')).toBe(before.gbp - 30_040);
    const rowsPage = ok<{ records: PayoutRecord[] }>(
      await call(t.app, 'POST', PAYOUT_PATHS.list, { cookie: payouts, payload: { batchId: batch.batchId } }),
    );
    expect(rowsPage.records.map((r) => [r.rowNo, r.status])).toEqual([
      [1, 'SUCCESS'],
      [2, 'SUCCESS'],
      [3, 'FAILED'],
    ]);
    // The same file again later: the first batch, nobody paid twice.
    expect(
      ok<PayoutBatchRecord>(await withKey(PAYOUT_PATHS.submit, { fileName: 'again.csv', rows: gbOnly })).batchId,
    ).toBe(batch.batchId);
    expect(await available('GBP')).toBe(before.gbp - 30_040);
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect(await brokenAccounts(db())).toEqual([]);
  });

  it('refuses a batch with a bad row naming it, lists batches, and answers another merchant’s ids "not found"', async () => {
    const res = await withKey(PAYOUT_PATHS.submit, {
      fileName: 'bad.csv',
      rows: [gbRow(10), { ...gbRow(11), accountNumber: 'GB00X' }],
    });
    expect(res.body.code).toBe('006001B051');
    expect(res.body.msg).toMatch(/^Row 2: accountNumber/);
    expect(res.body.data.rows).toEqual([{ row: 2, errors: [expect.objectContaining({ field: 'accountNumber' })] }]);
    for (const payload of [
      { fileName: 'x', rows: [] },
      { fileName: 'x', rows: [{ ...GB, amount: 5 }] },
      { rows: [GB] },
      { fileName: 'x', rows: 'nope' },
    ]) {
      expect((await withKey(PAYOUT_PATHS.submit, payload)).body.code, JSON.stringify(payload)).toBe('001000B001');
    }

    const list = ok<{ total: number; records: PayoutBatchRecord[] }>(
      await call(t.app, 'POST', PAYOUT_PATHS.batchList, { cookie: payouts, payload: {} }),
    );
    expect(list.records.length).toBeGreaterThan(0);
    const [foreign] = await db()
      .select({ id: payoutsTable.id })
      .from(payoutsTable)
      .where(eq(payoutsTable.merchantId, 'M2000001'))
      .limit(1);
    // A payout merchant of its own, to call with another merchant's ids.
    await db().execute(
      sql`INSERT INTO merchants (id, name, sign_product, time_zone) VALUES ('M2000099', 'Other Payouts', 'PAYOUT', 'UTC')`,
    );
    await db().execute(sql`
      INSERT INTO users (merchant_id, email, name, role_code, status, password_hash, password_changed_at)
      SELECT 'M2000099', 'other-payouts@demo.test', 'Other', 'OWNER', 'ACTIVE', password_hash, now() FROM users WHERE email = 'payouts@demo.test'`);
    const other = await loginAs(t.app, 'other-payouts@demo.test');
    expect(
      (await call(t.app, 'GET', PAYOUT_PATHS.detail, { cookie: other, query: { payoutId: foreign.id } })).body.code,
    ).toBe('006001B048');
    expect(
      (
        await call(t.app, 'GET', PAYOUT_PATHS.batchDetail, {
          cookie: other,
          query: { batchId: list.records[0].batchId },
        })
      ).body.code,
    ).toBe('006001B049');
    expect(
      ok<{ total: number }>(await call(t.app, 'POST', PAYOUT_PATHS.list, { cookie: other, payload: {} })).total,
    ).toBe(0);
  });
});
