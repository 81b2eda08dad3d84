import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { isValidIBAN } from 'ibantools';
import type { Page } from '@mbo/contracts/envelope';
import { PAYOUT_ARRIVALS, PAYOUT_SERVICE_PATHS, type PayoutServiceRecord } from '@mbo/contracts/payout-services';
import {
  bankAccounts,
  payoutBatches,
  payouts as payoutsTable,
  payoutServices,
  withdrawalAgreements,
} from '../db/money-out-schema';
import { ledgerAccounts } from '../db/payments-schema';
import { merchants } from '../db/schema';
import { computedOrNull, typedRows } from '../db/typed-rows';
import { placeOf } from '../db/encrypted-columns';
import { call, createTestApp, loginAs, type TestApp } from '../test/harness';
import { brokenAccounts, unbalancedTransactions } from '../modules/payments/test-payments';

/** The demo's money out (demo-money-out.ts, demo-withdrawals.ts, demo-payouts.ts), as every fresh database has it. */
describe('demo money out', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives each merchant its hours, agreements and bank accounts; Demo Store none for JPY; valid numbers only', async () => {
    const hours = await t.database.db
      .select({
        id: merchants.id,
        withdraw_days: merchants.withdrawDays,
        withdraw_open: merchants.withdrawOpen,
        withdraw_close: merchants.withdrawClose,
      })
      .from(merchants)
      .orderBy(merchants.id);
    expect(hours.find((h) => h.id === 'M1000001')).toMatchObject({
      withdraw_days: [1, 2, 3, 4, 5],
      withdraw_open: '08:00',
      withdraw_close: '20:00',
    });
    expect(hours.find((h) => h.id === 'M2000001')).toMatchObject({
      withdraw_days: [1, 2, 3, 4, 5, 6, 7],
      withdraw_open: '00:00',
      withdraw_close: '24:00',
    });
    const agreements = await t.database.db
      .select({ currency: withdrawalAgreements.currency })
      .from(withdrawalAgreements)
      .where(eq(withdrawalAgreements.merchantId, 'M1000001'))
      .orderBy(withdrawalAgreements.currency);
    expect(agreements.map((a) => a.currency)).toEqual(['EUR', 'GBP', 'SGD', 'USD']);
    const accounts = await t.database.db
      .select({
        id: bankAccounts.id,
        merchant_id: bankAccounts.merchantId,
        scheme: bankAccounts.scheme,
        account_number: bankAccounts.accountNumber,
        last4: bankAccounts.last4,
        status: bankAccounts.status,
        is_default: bankAccounts.isDefault,
      })
      .from(bankAccounts);
    expect(new Set(accounts.map((a) => a.merchant_id))).toEqual(
      new Set(['M1000001', 'M1000002', 'M1000003', 'M2000001']),
    );
    // Stored encrypted (db/encrypted-columns.ts); the number inside is whole and valid.
    for (const a of accounts) {
      const number = t.database.secrets.open(a.account_number, placeOf('bank_accounts', a.id));
      expect(number.slice(-4)).toBe(a.last4);
      if (a.scheme === 'IBAN') expect(isValidIBAN(number), a.last4).toBe(true);
    }
    expect(accounts.some((a) => a.status === 'REJECTED' && !a.is_default)).toBe(true);
  });

  it('gives Demo Payouts Ltd services, payouts and a payroll batch, finished as the sandbox bank finishes them, the money through the ledger', async () => {
    const services = await t.database.db
      .select({ status: payoutServices.status })
      .from(payoutServices)
      .where(eq(payoutServices.merchantId, 'M2000001'));
    expect(services.length).toBeGreaterThan(8);
    expect(services.some((s) => s.status === 'SUSPENDED')).toBe(true);
    // Each service's arrival is a code the web words (the list answers it through its schema).
    const listed = await call(t.app, 'POST', PAYOUT_SERVICE_PATHS.list, {
      cookie: await loginAs(t.app, 'payouts@demo.test'),
      payload: { pageSize: 50 },
    });
    expect(listed.body.code).toBe('000000');
    const arrivals = (listed.body.data as Page<PayoutServiceRecord>).records.map((r) => r.arrival);
    expect(arrivals).toHaveLength(services.length);
    expect(new Set(arrivals)).toEqual(new Set(PAYOUT_ARRIVALS));
    const payouts = await t.database.db
      .select({ status: payoutsTable.status, batch_id: payoutsTable.batchId })
      .from(payoutsTable)
      .where(eq(payoutsTable.merchantId, 'M2000001'));
    expect(new Set(payouts.map((p) => p.status))).toEqual(new Set(['SUCCESS', 'FAILED']));
    expect(payouts.filter((p) => p.batch_id === null)).toHaveLength(5);
    const [batch] = await t.database.db
      .select({ status: payoutBatches.status, row_count: payoutBatches.rowCount })
      .from(payoutBatches)
      .where(eq(payoutBatches.merchantId, 'M2000001'));
    expect(batch).toEqual({ status: 'PARTIALLY_FAILED', row_count: 11 });
    // Nothing in flight: reserved is zero; available = top-ups − paid withdrawals − paid payouts (amount + fee).
    const wrong = await typedRows(
      t.database.db,
      {
        currency: ledgerAccounts.currency,
        available: computedOrNull(String),
        reserved: computedOrNull(String),
      },
      sql`
      WITH topped AS (SELECT a.currency, sum(e.amount) AS n FROM ledger_entries e JOIN ledger_transactions x ON x.id = e.transaction_id
                        JOIN ledger_accounts a ON a.id = e.account_id WHERE x.kind = 'TOP_UP' AND a.owner = 'M2000001' AND a.type = 'AVAILABLE' GROUP BY 1),
           withdrawn AS (SELECT currency, sum(amount) AS n FROM withdrawals WHERE merchant_id = 'M2000001' AND status = 'SUCCESS' GROUP BY 1),
           paid AS (SELECT currency, sum(amount + fee) AS n FROM payouts WHERE merchant_id = 'M2000001' AND status = 'SUCCESS' GROUP BY 1),
           balances AS (SELECT currency, sum(balance) FILTER (WHERE type = 'AVAILABLE') AS available, sum(balance) FILTER (WHERE type = 'RESERVED') AS reserved
                          FROM ledger_accounts WHERE owner = 'M2000001' GROUP BY 1)
      SELECT b.currency, b.available, b.reserved FROM balances b LEFT JOIN topped t USING (currency) LEFT JOIN withdrawn w USING (currency) LEFT JOIN paid p USING (currency)
       WHERE coalesce(b.reserved, 0) <> 0 OR coalesce(b.available, 0) <> coalesce(t.n, 0) - coalesce(w.n, 0) - coalesce(p.n, 0)`,
    );
    expect(wrong).toEqual([]);
    expect(await unbalancedTransactions(t.database.db)).toEqual([]);
    expect(await brokenAccounts(t.database.db)).toEqual([]);
  });
});
