/**
 * Smoke, money settled and paid out: the paths a user of `npm start` takes through the HTTP API as the
 * demo users, money moving — the sandbox clock settling Demo Store's batches into its balance, then
 * Demo Payouts Ltd's bank account, withdrawal and payout through the sandbox bank. One `it` per domain,
 * on one database: run on the embedded database (PGlite, project `server-embedded`) in every CI run, on
 * PostgreSQL (project `server`), and through PgBouncer in transaction mode (pooler.topology.test.ts): the
 * body is this function, which each of those files calls with the way it starts the server. The sandbox
 * bank's delays are 0, so its jobs are due at once and `app.jobs.drain()` runs them (the product's own
 * jobs, no sleeps). Demo Payouts Ltd takes withdrawals every day, all day, so this runs at any hour.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, type CurrencyBalance } from '@mbo/contracts/account';
import { BALANCE_TRANSACTION_PATHS, type BalanceTransactionRecord } from '@mbo/contracts/balance-transactions';
import { BANK_ACCOUNT_PATHS, type BankAccountRecord } from '@mbo/contracts/bank-accounts';
import { PAYOUT_PATHS, type PayoutDetail, type PayoutRecord } from '@mbo/contracts/payouts';
import { SETTLEMENT_PATHS, type SandboxAdvanceResult, type SettlementRecord } from '@mbo/contracts/settlements';
import {
  WITHDRAWAL_PATHS,
  type WithdrawConfig,
  type WithdrawalDetail,
  type WithdrawalRecord,
} from '@mbo/contracts/withdrawals';
import { call, createTestApp, loginAs, type TestApp } from '../test/harness';
import { brokenAccounts, unbalancedTransactions } from '../modules/payments/test-payments';
import { balanceIn, ok, postWithKey, type StartApp } from './smoke-client';

/** A valid UK IBAN (NatWest) for the new bank account and the payout's beneficiary. */
const GB_IBAN = 'GB29NWBK60161331926819';

export function moneyOutSmoke(startApp: StartApp = createTestApp): void {
  describe('smoke: money settled and paid out (settlements and balance, bank accounts, withdrawals, payouts)', () => {
    let t: TestApp;
    let owner: string;
    let payouts: string;
    const expectLedgerBalanced = async () => {
      expect(await unbalancedTransactions(t.database.db)).toEqual([]);
      expect(await brokenAccounts(t.database.db)).toEqual([]);
    };

    beforeAll(async () => {
      t = await startApp({
        config: { sandboxBankVerifyDelayMs: 0, sandboxWithdrawalDelayMs: 0, sandboxPayoutDelayMs: 0 },
      });
      owner = await loginAs(t.app, 'owner@demo.test');
      payouts = await loginAs(t.app, 'payouts@demo.test');
    });
    afterEach(() => {
      // A test that failed while the jobs were held leaves none held for the next.
      t?.app.jobs.resume();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('settlements and balance: the owner moves the sandbox clock, the open batches settle, pending moves to available', async () => {
      const get = (url: string, query?: Record<string, string>) => call(t.app, 'GET', url, { cookie: owner, query });
      const post = (url: string, payload: unknown) => call(t.app, 'POST', url, { cookie: owner, payload });
      expect(ok(await get(SETTLEMENT_PATHS.sandboxClock))).toEqual({ enabled: true });
      // Open batches (none after the day's cut-off until the next capture) and closed ones waiting for their due day.
      const open = ok<{ total: number }>(await post(SETTLEMENT_PATHS.batchList, { state: 'OPEN' }));
      const before = ok<CurrencyBalance[]>(await get(ACCOUNT_PATHS.balances));
      const pendingBefore = before.filter((b) => b.pending !== 0);
      expect(pendingBefore.length).toBeGreaterThan(0);
      const started = new Date(Date.now() - 1000).toISOString();

      // Two weeks ahead: every batch of the demo's services (T+1 to T+3 working days) is due, holidays and all.
      const advanced = ok<SandboxAdvanceResult>(await post(SETTLEMENT_PATHS.sandboxAdvance, { days: 14 }));
      expect(advanced.settlements).toBeGreaterThan(0);
      expect(advanced.batches).toBeGreaterThanOrEqual(open.total);
      await t.app.jobs.drain();

      // Every open batch settled: nothing pending, all of it available, in every currency.
      expect(ok<{ total: number }>(await post(SETTLEMENT_PATHS.batchList, { state: 'OPEN' })).total).toBe(0);
      const after = ok<CurrencyBalance[]>(await get(ACCOUNT_PATHS.balances));
      for (const b of before) {
        const now = after.find((a) => a.currency === b.currency);
        expect(now, b.currency).toEqual({
          currency: b.currency,
          available: b.available + b.pending,
          pending: 0,
          reserved: b.reserved,
        });
      }

      // Settlement history lists them PAID; each is a SETTLEMENT balance transaction moving its net from pending to
      // available.
      // (The list's date range is the settlement day; the ones paid just now are due today or later.)
      const listed = ok<{ total: number; records: SettlementRecord[] }>(
        await post(SETTLEMENT_PATHS.list, { createdFrom: started, pageSize: 100 }),
      );
      const settled = listed.records.filter((s) => s.paidAt !== null && s.paidAt >= started);
      expect(settled).toHaveLength(advanced.settlements);
      expect(settled.every((s) => s.status === 'PAID' && s.bankReference !== null)).toBe(true);
      for (const b of pendingBefore) {
        const nets = settled.filter((s) => s.currency === b.currency).reduce((sum, s) => sum + s.net, 0);
        expect(nets, b.currency).toBe(b.pending);
      }
      const [first] = settled;
      const moves = ok<{ records: BalanceTransactionRecord[] }>(
        await post(BALANCE_TRANSACTION_PATHS.list, { keyword: first.settlementId }),
      ).records;
      expect(moves).toEqual([
        expect.objectContaining({
          type: 'SETTLEMENT',
          currency: first.currency,
          availableChange: first.net,
          pendingChange: -first.net,
        }),
      ]);
      expect(ok(await get(SETTLEMENT_PATHS.detail, { settlementId: first.settlementId }))).toMatchObject({
        settlementId: first.settlementId,
        status: 'PAID',
        net: first.net,
      });
      await expectLedgerBalanced();
    });

    it('money out: a bank account added and verified by the sandbox bank, a withdrawal to it paid, a payout paid', async () => {
      const get = (url: string, query?: Record<string, string>) => call(t.app, 'GET', url, { cookie: payouts, query });
      const post = (url: string, payload: unknown) => call(t.app, 'POST', url, { cookie: payouts, payload });
      const gbp = () => balanceIn(t.app, payouts, 'GBP');

      // Settings → Bank accounts: added, then verified by the sandbox bank (its job, due at once here).
      const added = ok<BankAccountRecord>(
        await post(BANK_ACCOUNT_PATHS.add, {
          bankName: 'NatWest',
          holderName: 'Demo Payouts Ltd',
          country: 'GB',
          currency: 'GBP',
          accountNumber: GB_IBAN,
          bic: 'NWBKGB2L',
        }),
      );
      expect(added).toMatchObject({ status: 'PENDING_VERIFICATION', maskedNumber: '•••• 6819', currency: 'GBP' });
      await t.app.jobs.drain();
      const [verified] = ok<{ records: BankAccountRecord[] }>(
        await post(BANK_ACCOUNT_PATHS.list, { keyword: added.bankAccountId }),
      ).records;
      expect(verified).toMatchObject({ bankAccountId: added.bankAccountId, status: 'VERIFIED' });

      // Account → Withdraw: open now, the new account offered; the money leaves available for reserved, then is paid.
      const config = ok<WithdrawConfig>(await get(WITHDRAWAL_PATHS.config));
      expect(config.openNow).toBe(true);
      expect(config.accounts.map((a) => a.bankAccountId)).toContain(added.bankAccountId);
      const before = await gbp();
      // The bank's jobs held until the money is seen reserved (they are due at once here).
      t.app.jobs.pause();
      const withdrawal = ok<WithdrawalRecord>(
        await postWithKey(t.app, payouts, WITHDRAWAL_PATHS.create, {
          currency: 'GBP',
          amount: '250.00',
          bankAccountId: added.bankAccountId,
          remark: 'Smoke sweep',
        }),
      );
      expect(withdrawal).toMatchObject({
        status: 'PENDING',
        amount: 25_000,
        fee: 50,
        netAmount: 24_950,
        currency: 'GBP',
        bankAccountId: added.bankAccountId,
      });
      const held = await gbp();
      expect(held.available).toBe(before.available - 25_000);
      expect(held.reserved).toBe(before.reserved + 25_000);
      t.app.jobs.resume();
      // drain() waits for the jobs due within its horizon (2 s), a bank step retried 2 s after it failed once (a
      // connection dropped behind the pooler) included; the withdrawal is read again until it is paid, should a
      // retry come later than that.
      const withdrawalStatus = async () => {
        await t.app.jobs.drain();
        return ok<WithdrawalDetail>(await get(WITHDRAWAL_PATHS.detail, { withdrawalId: withdrawal.withdrawalId }))
          .status;
      };
      await expect.poll(withdrawalStatus, { interval: 250, timeout: 20_000 }).toBe('SUCCESS');
      const paid = ok<WithdrawalDetail>(await get(WITHDRAWAL_PATHS.detail, { withdrawalId: withdrawal.withdrawalId }));
      expect(paid).toMatchObject({ status: 'SUCCESS', bankReference: expect.stringMatching(/^SBX/) });
      expect(paid.events.map((e) => e.type)).toEqual(['CREATED', 'PROCESSING', 'SUCCESS']);
      const afterWithdrawal = await gbp();
      expect(afterWithdrawal).toMatchObject({ available: before.available - 25_000, reserved: before.reserved });

      // Payouts → Create payout: amount and fee held, then paid by the sandbox bank (its runs, due at once here).
      t.app.jobs.pause();
      const payout = ok<PayoutRecord>(
        await postWithKey(t.app, payouts, PAYOUT_PATHS.create, {
          beneficiaryName: 'Jane Cooper',
          country: 'GB',
          currency: 'GBP',
          amount: '125.00',
          method: 'BANK_TRANSFER',
          accountNumber: GB_IBAN,
          routingCode: '',
          bic: '',
          purpose: 'SUPPLIER',
          reference: 'SMOKE-1',
        }),
      );
      expect(payout).toMatchObject({
        status: 'PENDING',
        amount: 12_500,
        fee: 20,
        total: 12_520,
        maskedAccount: '•••• 6819',
      });
      expect(await gbp()).toMatchObject({
        available: afterWithdrawal.available - 12_520,
        reserved: before.reserved + 12_520,
      });
      t.app.jobs.resume();
      await t.app.jobs.drain();
      const payoutDone = ok<PayoutDetail>(await get(PAYOUT_PATHS.detail, { payoutId: payout.payoutId }));
      expect(payoutDone).toMatchObject({ status: 'SUCCESS', bankReference: expect.stringMatching(/^SBX/) });
      expect(payoutDone.events.map((e) => e.type)).toEqual(['CREATED', 'PROCESSING', 'SUCCESS']);
      const history = ok<{ records: PayoutRecord[] }>(await post(PAYOUT_PATHS.list, { keyword: payout.payoutId }));
      expect(history.records).toEqual([expect.objectContaining({ payoutId: payout.payoutId, status: 'SUCCESS' })]);
      expect(await gbp()).toMatchObject({ available: afterWithdrawal.available - 12_520, reserved: before.reserved });
      await expectLedgerBalanced();
    });
  });
}
