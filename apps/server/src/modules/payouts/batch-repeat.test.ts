import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PAYOUT_ROW_FIELDS, type PayoutRowInput } from '@mbo/contracts/payout-rows';
import { PAYOUT_PATHS, type BatchValidation, type PayoutBatchRecord } from '@mbo/contracts/payouts';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import { payoutBatches } from '../../db/money-out-schema';
import { createTestApp, loginAs, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { balanceOf, unbalancedTransactions } from '../payments/test-payments';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever data a call answers
type Reply = { status: number; body: { code: string; msg: string; data: any } };

/** A GBP payout to the example IBAN as the template writes it. */
const row = (amount: string, reference: string, over: Partial<PayoutRowInput> = {}): PayoutRowInput => ({
  beneficiaryName: 'Jane Cooper',
  country: 'GB',
  currency: 'GBP',
  amount,
  method: 'BANK_TRANSFER',
  accountNumber: 'GB29NWBK60161331926819',
  routingCode: '',
  bic: '',
  purpose: 'SUPPLIER',
  reference,
  ...over,
});
/** The same payout as a spreadsheet may write it back: no trailing zeros, IBAN in groups, lower case. */
const retyped = (amount: string, reference: string, over: Partial<PayoutRowInput> = {}): PayoutRowInput =>
  row(amount, reference, {
    country: 'gb',
    currency: 'gbp',
    accountNumber: 'GB29 NWBK 6016 1331 9268 19',
    method: 'bank transfer',
    purpose: 'supplier',
    ...over,
  });
const csvLine = (cells: string[]) =>
  cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

/**
 * The same payouts submitted again, typed differently, within 24 hours: answered with the first
 * batch, held once (README "Payouts": nobody is paid twice). The repeat is found on the rows as
 * normalised for payment, the normalisation that also finds a row repeated within one file.
 */
describe('a payout batch submitted again, typed differently', () => {
  let t: TestApp;
  let payouts: string;
  const db = () => t.database.db;
  const available = () => balanceOf(db(), 'M2000001', 'GBP', 'AVAILABLE');
  const batchCount = async () =>
    (await db().select({ n: count() }).from(payoutBatches).where(eq(payoutBatches.merchantId, 'M2000001')))[0].n;
  const submit = async (
    rows: PayoutRowInput[],
    key: string = randomUUID(),
    fileName = 'payouts.csv',
  ): Promise<Reply> => {
    const res = await t.app.inject({
      method: 'POST',
      url: PAYOUT_PATHS.submit,
      headers: { cookie: payouts, [IDEMPOTENCY_HEADER]: key },
      payload: { fileName, rows },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const batchOf = (reply: Reply): PayoutBatchRecord => {
    expect(reply.body.code, reply.body.msg).toBe('000000');
    return reply.body.data as PayoutBatchRecord;
  };
  /** The file through the browser's path: validate (rows as text, no errors), then submit those rows. */
  const uploadAndSubmit = async (name: string, bytes: Buffer): Promise<PayoutBatchRecord> => {
    const body = multipart([], { name, type: 'application/octet-stream', bytes });
    const res = await t.app.inject({
      method: 'POST',
      url: PAYOUT_PATHS.validate,
      headers: { cookie: payouts, ...body.headers },
      payload: body.payload,
    });
    const validation = res.json().data as BatchValidation;
    expect(res.json().code, res.json().msg).toBe('000000');
    expect(validation.errors).toEqual([]);
    return batchOf(await submit(validation.rows, randomUUID(), name));
  };
  const held = (batch: PayoutBatchRecord) => batch.totals.reduce((sum, c) => sum + c.amount + c.fee, 0);

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxPayoutDelayMs: 600_000 } });
    payouts = await loginAs(t.app, 'payouts@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers GBP 7.00 sent again as "7", an IBAN in groups and gbp / gb with the first batch, and holds it once', async () => {
    const before = { available: await available(), batches: await batchCount() };
    const first = batchOf(await submit([row('7.00', 'SEAM-7')]));
    expect(first.totals).toEqual([expect.objectContaining({ currency: 'GBP', count: 1, amount: 700 })]);
    const again = batchOf(
      await submit([
        row('7', 'SEAM-7', { accountNumber: 'GB29 NWBK 6016 1331 9268 19', currency: 'gbp', country: 'gb' }),
      ]),
    );
    expect(again.batchId).toBe(first.batchId);
    // Every other way a spreadsheet writes the same payout back.
    for (const variant of [
      row('7.0', 'SEAM-7'),
      row(' 7.000 ', 'seam-7'),
      retyped('7', 'SEAM-7'),
      row('7.00', 'SEAM-7', { accountNumber: 'gb29nwbk60161331926819' }),
      row('7.00', 'SEAM-7', { accountNumber: 'GB29\u00a0NWBK\u00a06016\u00a01331\u00a09268\u00a019' }),
      row('7.00', ' SEAM-7 ', { beneficiaryName: ' Jane Cooper ', country: ' GB ' }),
    ]) {
      expect(batchOf(await submit([variant])).batchId, JSON.stringify(variant)).toBe(first.batchId);
    }
    expect(await batchCount()).toBe(before.batches + 1);
    expect(await available()).toBe(before.available - held(first));

    // Thousands separators and another row order: the same two payouts, the same batch.
    const pair = batchOf(await submit([row('1007.00', 'SEAM-1007'), row('25.50', 'SEAM-25')]));
    expect(batchOf(await submit([retyped('25.5', 'SEAM-25'), retyped('1,007.00', 'SEAM-1007')])).batchId).toBe(
      pair.batchId,
    );
    expect(await batchCount()).toBe(before.batches + 2);
    expect(await available()).toBe(before.available - held(first) - held(pair));

    // Not the same payouts: another amount, reference or account is a new batch.
    const other = batchOf(await submit([row('7.01', 'SEAM-7')]));
    expect(other.batchId).not.toBe(first.batchId);
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it('answers a file saved again by a spreadsheet (BOM, CRLF, IBAN in groups, lower case, "7", another order, XLSX) with the first batch', async () => {
    const before = { available: await available(), batches: await batchCount() };
    const rows = [row('7.00', 'FILE-7'), row('1200.00', 'FILE-1200')];
    const plain = Buffer.from(
      `${[PAYOUT_ROW_FIELDS, ...rows.map((r) => PAYOUT_ROW_FIELDS.map((f) => r[f]))].map((cells) => csvLine([...cells])).join('\n')}\n`,
    );
    const first = await uploadAndSubmit('november.csv', plain);
    expect(first.rowCount).toBe(2);

    const resaved = [retyped('1,200.00', 'file-1200'), retyped('7', 'FILE-7')];
    // The header as labels for two columns, as a person may retype it.
    const header = PAYOUT_ROW_FIELDS.map((f) =>
      f === 'beneficiaryName' ? 'Beneficiary name' : f === 'accountNumber' ? 'account number or wallet id' : f,
    );
    const crlf = Buffer.from(
      `\ufeff${[header, ...resaved.map((r) => PAYOUT_ROW_FIELDS.map((f) => r[f]))].map((cells) => csvLine([...cells])).join('\r\n')}\r\n`,
    );
    expect((await uploadAndSubmit('november (1).csv', crlf)).batchId).toBe(first.batchId);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Payouts');
    sheet.addRow([...PAYOUT_ROW_FIELDS]);
    // Amounts as numbers (a spreadsheet's own cells), account numbers with spaces.
    for (const r of [retyped('7', 'FILE-7'), retyped('1200', 'FILE-1200')])
      sheet.addRow(PAYOUT_ROW_FIELDS.map((f) => (f === 'amount' ? Number(r.amount) : r[f])));
    expect((await uploadAndSubmit('november.xlsx', Buffer.from(await book.xlsx.writeBuffer()))).batchId).toBe(
      first.batchId,
    );

    expect(await batchCount()).toBe(before.batches + 1);
    expect(await available()).toBe(before.available - held(first));
  });

  it('holds under attack: one key with other payouts is refused, one key with the same payouts retyped replays, parallel retyped submits pay once', async () => {
    const before = { available: await available(), batches: await batchCount() };
    const key = randomUUID();
    const first = batchOf(await submit([row('9.00', 'ATK-9')], key));
    // The same key with other payouts: refused, nothing written.
    const other = await submit([row('90.00', 'ATK-9')], key);
    expect(other.body.code).toBe('001000B002');
    // The same key with the same payouts typed otherwise: the first answer.
    expect(batchOf(await submit([retyped('9', 'atk-9')], key)).batchId).toBe(first.batchId);
    expect(await batchCount()).toBe(before.batches + 1);
    expect(await available()).toBe(before.available - held(first));

    // Eight submits at once, each with its own key and its own typing of the same two payouts.
    const typings = [
      [row('11.00', 'PAR-11'), row('12.00', 'PAR-12')],
      [retyped('12', 'PAR-12'), retyped('11', 'PAR-11')],
      [row('11.0', 'par-11'), row('12.000', 'par-12')],
      [retyped('11.00', 'PAR-11'), row('12', 'PAR-12')],
    ];
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => submit(typings[i % typings.length])));
    const batches = replies.map(batchOf);
    expect(new Set(batches.map((b) => b.batchId)).size).toBe(1);
    expect(await batchCount()).toBe(before.batches + 2);
    expect(await available()).toBe(before.available - held(first) - held(batches[0]));
    expect(await unbalancedTransactions(db())).toEqual([]);
  });
});
