import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isValidIBAN } from 'ibantools';
import { rowsOf } from '../db/client';
import { placeOf } from '../db/encrypted-columns';
import { createTestApp, type TestApp } from '../test/harness';
import { brokenAccounts, unbalancedTransactions } from '../modules/payments/test-payments';

/** The demo's money out (demo-money-out.ts, demo-payouts.ts), as every fresh database has it. */
describe('demo money out', () => {
  let t: TestApp;
  const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(text));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives each merchant its hours, agreements and bank accounts; Demo Store none for JPY; valid numbers only', async () => {
    const hours = await query<{
      id: string;
      withdraw_days: number[];
      withdraw_open: string;
      withdraw_close: string;
    }>(sql`
      SELECT id, withdraw_days, withdraw_open, withdraw_close FROM merchants ORDER BY id`);
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
    const agreements = await query<{ currency: string }>(
      sql`SELECT currency FROM withdrawal_agreements WHERE merchant_id = 'M1000001' ORDER BY currency`,
    );
    expect(agreements.map((a) => a.currency)).toEqual(['EUR', 'GBP', 'SGD', 'USD']);
    const accounts = await query<{
      id: string;
      merchant_id: string;
      scheme: string;
      account_number: string;
      last4: string;
      status: string;
      is_default: boolean;
    }>(sql`
      SELECT id, merchant_id, scheme, account_number, last4, status, is_default FROM bank_accounts`);
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
    const services = await query<{ status: string }>(
      sql`SELECT status FROM payout_services WHERE merchant_id = 'M2000001'`,
    );
    expect(services.length).toBeGreaterThan(8);
    expect(services.some((s) => s.status === 'SUSPENDED')).toBe(true);
    const payouts = await query<{ status: string; batch_id: string | null }>(
      sql`SELECT status, batch_id FROM payouts WHERE merchant_id = 'M2000001'`,
    );
    expect(new Set(payouts.map((p) => p.status))).toEqual(new Set(['SUCCESS', 'FAILED']));
    expect(payouts.filter((p) => p.batch_id === null)).toHaveLength(5);
    const [batch] = await query<{ status: string; row_count: number }>(
      sql`SELECT status, row_count FROM payout_batches WHERE merchant_id = 'M2000001'`,
    );
    expect(batch).toEqual({ status: 'PARTIALLY_FAILED', row_count: 11 });
    // Nothing in flight: reserved is zero; available = top-ups − paid withdrawals − paid payouts (amount + fee).
    const wrong = await query(sql`
      WITH topped AS (SELECT a.currency, sum(e.amount) AS n FROM ledger_entries e JOIN ledger_transactions x ON x.id = e.transaction_id
                        JOIN ledger_accounts a ON a.id = e.account_id WHERE x.kind = 'TOP_UP' AND a.owner = 'M2000001' AND a.type = 'AVAILABLE' GROUP BY 1),
           withdrawn AS (SELECT currency, sum(amount) AS n FROM withdrawals WHERE merchant_id = 'M2000001' AND status = 'SUCCESS' GROUP BY 1),
           paid AS (SELECT currency, sum(amount + fee) AS n FROM payouts WHERE merchant_id = 'M2000001' AND status = 'SUCCESS' GROUP BY 1),
           balances AS (SELECT currency, sum(balance) FILTER (WHERE type = 'AVAILABLE') AS available, sum(balance) FILTER (WHERE type = 'RESERVED') AS reserved
                          FROM ledger_accounts WHERE owner = 'M2000001' GROUP BY 1)
      SELECT b.currency, b.available, b.reserved FROM balances b LEFT JOIN topped t USING (currency) LEFT JOIN withdrawn w USING (currency) LEFT JOIN paid p USING (currency)
       WHERE coalesce(b.reserved, 0) <> 0 OR coalesce(b.available, 0) <> coalesce(t.n, 0) - coalesce(w.n, 0) - coalesce(p.n, 0)`);
    expect(wrong).toEqual([]);
    expect(await unbalancedTransactions(t.database.db)).toEqual([]);
    expect(await brokenAccounts(t.database.db)).toEqual([]);
  });
});
