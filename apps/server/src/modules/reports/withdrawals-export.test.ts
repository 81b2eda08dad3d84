import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { formatAmount } from '@mbo/contracts/money';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { WITHDRAWAL_PATHS, type WithdrawalRecord } from '@mbo/contracts/withdrawals';
import { bankAccounts } from '../../db/money-out-schema';
import { placeOf } from '../../db/encrypted-columns';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { exportCsvRows } from './reports-test-helpers';

/**
 * The WITHDRAWALS export: the history's rows under its filters, the account as its last four digits, cells neutralised,
 * nothing of another merchant.
 */
describe('withdrawals export', () => {
  let t: TestApp;
  let owner: string;
  const FROM = new Date(Date.now() - 120 * 86_400_000).toISOString();
  const TO = new Date(Date.now() + 86_400_000).toISOString();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  const exportCsv = (body: Record<string, unknown>) => exportCsvRows(t.app, owner, 'WITHDRAWALS', body);

  it('writes the rows the history shows under the same filters, amounts in major units and the account masked', async () => {
    // A remark a spreadsheet would run as a formula.
    await t.database.db.execute(
      sql`UPDATE withdrawals SET remark = '=HYPERLINK("http://evil")' WHERE merchant_id = 'M1000001' AND status = 'CANCELLED'`,
    );
    const filters = { status: ['SUCCESS', 'CANCELLED'], currency: 'EUR' };
    const list = await call(t.app, 'POST', WITHDRAWAL_PATHS.list, {
      cookie: owner,
      payload: { ...filters, createdFrom: FROM, createdTo: TO, pageSize: 200 },
    });
    const records = list.body.data.records as WithdrawalRecord[];
    expect(records.length).toBeGreaterThan(1);
    const rows = await exportCsv({
      filters,
      columns: [
        'withdrawalId',
        'status',
        'amount',
        'fee',
        'netAmount',
        'currency',
        'bankName',
        'accountLast4',
        'remark',
      ],
    });
    expect(rows[0]).toEqual([
      '\ufeffWithdrawal ID',
      'Status',
      'Amount',
      'Fee',
      'Amount received',
      'Currency',
      'Bank',
      'Account (last 4)',
      'Remark',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(records.map((r) => r.withdrawalId));
    const first = records[0];
    expect(rows[1].slice(1, 8)).toEqual([
      first.status,
      formatAmount(first.amount, first.currency),
      formatAmount(first.fee, first.currency),
      formatAmount(first.netAmount, first.currency),
      'EUR',
      first.bankName,
      first.maskedNumber.slice(-4),
    ]);
    const cancelled = rows.find((r) => r[1] === 'CANCELLED')!;
    expect(cancelled[8]).toBe('\'=HYPERLINK("http://evil")');
    // Never the full account number.
    const [{ account_number: sealed }] = await t.database.db
      .select({ account_number: bankAccounts.accountNumber })
      .from(bankAccounts)
      .where(eq(bankAccounts.id, first.bankAccountId));
    const full = t.database.secrets.open(sealed, placeOf('bank_accounts', first.bankAccountId));
    expect(JSON.stringify(rows)).not.toContain(full);
    expect(JSON.stringify(rows)).not.toContain(full.slice(0, -4));
  });

  it("never writes another merchant's withdrawals and refuses filters of another list", async () => {
    const payouts = await loginAs(t.app, 'payouts@demo.test');
    const theirs = await call(t.app, 'POST', WITHDRAWAL_PATHS.list, { cookie: payouts, payload: { pageSize: 200 } });
    const rows = await exportCsv({ filters: {}, columns: ['withdrawalId'] });
    const ids = rows.slice(1).map((r) => r[0]);
    for (const w of theirs.body.data.records as WithdrawalRecord[]) expect(ids).not.toContain(w.withdrawalId);
    const bad = await call(t.app, 'POST', REPORT_PATHS.create, {
      cookie: owner,
      payload: {
        type: 'WITHDRAWALS',
        format: 'CSV',
        timeZone: 'UTC',
        createdFrom: FROM,
        createdTo: TO,
        filters: { country: 'NL' },
      },
    });
    expect(bad.body.code).toBe('001000B001');
  });
});
