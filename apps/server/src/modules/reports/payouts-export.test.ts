import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '@mbo/contracts/money';
import { PAYOUT_PATHS, type PayoutBatchRecord, type PayoutRecord } from '@mbo/contracts/payouts';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { exportCsvRows } from './reports-test-helpers';

/**
 * The PAYOUTS and PAYOUT_BATCHES exports: the payout merchant's history, a row per batch and currency, for the payout
 * merchant only.
 */
describe('payouts exports', () => {
  let t: TestApp;
  let payouts: string;
  const FROM = new Date(Date.now() - 120 * 86_400_000).toISOString();
  const TO = new Date(Date.now() + 86_400_000).toISOString();

  beforeAll(async () => {
    t = await createTestApp();
    payouts = await loginAs(t.app, 'payouts@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  const exportCsv = (type: string, body: Record<string, unknown>) => exportCsvRows(t.app, payouts, type, body);

  it('writes the payouts the history shows under the same filters, the account as its last four digits', async () => {
    const filters = { status: ['SUCCESS'], currency: 'GBP' };
    const list = await call(t.app, 'POST', PAYOUT_PATHS.list, {
      cookie: payouts,
      payload: { ...filters, createdFrom: FROM, createdTo: TO, pageSize: 200 },
    });
    const records = list.body.data.records as PayoutRecord[];
    expect(records.length).toBeGreaterThan(2);
    const rows = await exportCsv('PAYOUTS', {
      filters,
      columns: ['payoutId', 'status', 'beneficiaryName', 'accountLast4', 'amount', 'fee', 'currency'],
    });
    expect(rows[0]).toEqual([
      '\ufeffPayout ID',
      'Status',
      'Beneficiary',
      'Account (last 4)',
      'Amount',
      'Fee',
      'Currency',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(records.map((r) => r.payoutId));
    const first = records[0];
    expect(rows[1].slice(1)).toEqual([
      'SUCCESS',
      first.beneficiaryName,
      first.maskedAccount.slice(-4),
      formatAmount(first.amount, 'GBP'),
      formatAmount(first.fee, 'GBP'),
      'GBP',
    ]);
  });

  it('writes a row per batch and currency with its totals, and refuses both types to a card merchant', async () => {
    const batches = await call(t.app, 'POST', PAYOUT_PATHS.batchList, { cookie: payouts, payload: {} });
    const payroll = (batches.body.data.records as PayoutBatchRecord[]).find(
      (b) => b.fileName === 'payroll-october.csv',
    )!;
    const rows = await exportCsv('PAYOUT_BATCHES', {
      filters: { keyword: payroll.batchId },
      columns: ['batchId', 'currency', 'payouts', 'amount', 'paidAmount', 'failedAmount'],
    });
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(payroll.totals.map((x) => x.currency).sort());
    for (const total of payroll.totals) {
      const row = rows.find((r) => r[1] === total.currency)!;
      expect(row).toEqual([
        payroll.batchId,
        total.currency,
        String(total.count),
        formatAmount(total.amount, total.currency),
        formatAmount(total.paidAmount, total.currency),
        formatAmount(total.failedAmount, total.currency),
      ]);
    }
    const owner = await loginAs(t.app, 'owner@demo.test');
    for (const type of ['PAYOUTS', 'PAYOUT_BATCHES']) {
      const res = await call(t.app, 'POST', REPORT_PATHS.create, {
        cookie: owner,
        payload: { type, format: 'CSV', timeZone: 'UTC', createdFrom: FROM, createdTo: TO },
      });
      expect(res.body.code, type).toBe('001000B001');
    }
  });
});
