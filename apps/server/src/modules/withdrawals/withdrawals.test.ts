import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import {
  WITHDRAWAL_PATHS,
  type WithdrawConfig,
  type WithdrawalDetail,
  type WithdrawalRecord,
} from '@mbo/contracts/withdrawals';
import { bankAccounts, withdrawals } from '../../db/money-out-schema';
import { ledgerTransactions } from '../../db/payments-schema';
import { auditLog } from '../../db/schema';
import { computed, computedOrNull, typedRows } from '../../db/typed-rows';
import { placeOf } from '../../db/encrypted-columns';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { postTransaction, topUpPostings } from '../ledger';
import { balanceOf, brokenAccounts, unbalancedTransactions } from '../payments/test-payments';
import { advanceWithdrawal } from './sandbox-bank-job';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever data a call answers
type Reply = { status: number; body: { code: string; msg: string; data: any } };

/**
 * Withdrawals through the API: the catalogue's answers, the money in the ledger, races, idempotency, tenants and roles.
 */
describe('withdrawals', () => {
  let t: TestApp;
  let owner: string;
  let viewer: string;
  let payouts: string;
  let eurAccount: string;
  let chfAccount: string;
  const db = () => t.database.db;
  const kindsOf = (referenceId: string) =>
    db()
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.referenceId, referenceId))
      .orderBy(asc(ledgerTransactions.id));
  const withdrawalCount = async () => (await db().select({ n: count() }).from(withdrawals))[0].n;
  const ok = <T>(res: { body: { code: string; msg: string; data: T } }): T => {
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data;
  };
  const withdraw = async (
    body: Record<string, unknown>,
    opts: { cookie?: string; key?: string | null } = {},
  ): Promise<Reply> => {
    const headers: Record<string, string> = { cookie: opts.cookie ?? owner };
    const key = opts.key === undefined ? randomUUID() : opts.key;
    if (key !== null) headers[IDEMPOTENCY_HEADER] = key;
    const res = await t.app.inject({ method: 'POST', url: WITHDRAWAL_PATHS.create, headers, payload: body });
    return { status: res.statusCode, body: res.json() };
  };
  const post = (url: string, payload: unknown, cookie = owner) => call(t.app, 'POST', url, { cookie, payload });
  const available = (currency: string, merchantId = 'M1000001') => balanceOf(db(), merchantId, currency, 'AVAILABLE');
  const reserved = (currency: string, merchantId = 'M1000001') => balanceOf(db(), merchantId, currency, 'RESERVED');
  /** Sets Demo Store's available CHF to exactly `amount` minor units (a top-up or its reverse). */
  const fundChf = async (amount: number) => {
    const delta = amount - (await available('CHF'));
    if (delta !== 0)
      await postTransaction(db(), {
        merchantId: 'M1000001',
        currency: 'CHF',
        kind: 'TOP_UP',
        referenceType: 'TOP_UP',
        referenceId: randomUUID(),
        postings: topUpPostings('M1000001', delta),
      });
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxWithdrawalDelayMs: 600_000 } });
    owner = await loginAs(t.app, 'owner@demo.test');
    viewer = await loginAs(t.app, 'viewer@demo.test');
    payouts = await loginAs(t.app, 'payouts@demo.test');
    // Open all day every day for these tests (the demo's office hours would make them depend on the clock).
    await db().execute(
      sql`UPDATE merchants SET withdraw_days = '{1,2,3,4,5,6,7}', withdraw_open = '00:00', withdraw_close = '24:00', withdraw_holiday_country = NULL WHERE id = 'M1000001'`,
    );
    await db().execute(
      sql`INSERT INTO withdrawal_agreements (merchant_id, currency, fee_percent_bps, fee_fixed_minor, min_amount) VALUES ('M1000001', 'CHF', 0, 0, 100)`,
    );
    [{ id: eurAccount }] = await db()
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.merchantId, 'M1000001'), eq(bankAccounts.currency, 'EUR'), bankAccounts.isDefault));
    chfAccount = 'BACTESTCHF';
    await db().execute(sql`
      INSERT INTO bank_accounts (id, merchant_id, bank_name, holder_name, country, currency, scheme, account_number, last4, status, is_default, verified_at)
      VALUES (${chfAccount}, 'M1000001', 'UBS', 'Demo Store AG', 'CH', 'CHF', 'IBAN', ${t.database.secrets.seal('CH9300762011623852957', placeOf('bank_accounts', chfAccount))}, '2957', 'VERIFIED', true, now())`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the page its hours, agreements (none for JPY), balances and verified accounts only', async () => {
    const config = ok<WithdrawConfig>(await call(t.app, 'GET', WITHDRAWAL_PATHS.config, { cookie: owner }));
    expect(config.openNow).toBe(true);
    expect(config.hours).toMatchObject({
      days: [1, 2, 3, 4, 5, 6, 7],
      open: '00:00',
      close: '24:00',
      timeZone: 'Europe/Amsterdam',
    });
    expect(config.agreements.map((a) => a.currency)).toEqual(['CHF', 'EUR', 'GBP', 'SGD', 'USD']);
    expect(config.agreements.find((a) => a.currency === 'EUR')!.fee).toMatchObject({ fixedMinor: 150, percentBps: 0 });
    expect(config.accounts.length).toBeGreaterThan(0);
    const [{ n }] = await db()
      .select({ n: count() })
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.merchantId, 'M1000001'),
          ne(bankAccounts.status, 'VERIFIED'),
          isNull(bankAccounts.removedAt),
        ),
      );
    expect(n).toBeGreaterThan(0); // the demo's rejected account is not offered
    expect(config.balances.find((b) => b.currency === 'EUR')!.available).toBe(await available('EUR'));
  });

  it('reserves at submit, pays out on the bank’s steps, and answers a retry with the same key the same', async () => {
    const before = { available: await available('EUR'), reserved: await reserved('EUR') };
    const key = randomUUID();
    const body = { currency: 'EUR', amount: '100.00', bankAccountId: eurAccount, remark: 'Weekly sweep' };
    const first = ok<WithdrawalRecord>(await withdraw(body, { key }));
    expect(first).toMatchObject({
      status: 'PENDING',
      amount: 10_000,
      fee: 150,
      netAmount: 9_850,
      currency: 'EUR',
      remark: 'Weekly sweep',
      createdBy: 'owner@demo.test',
    });
    expect(ok<WithdrawalRecord>(await withdraw(body, { key }))).toEqual(first);
    expect(await available('EUR')).toBe(before.available - 10_000);
    expect(await reserved('EUR')).toBe(before.reserved + 10_000);

    expect((await advanceWithdrawal(db(), first.withdrawalId)).to).toBe('PROCESSING');
    expect((await post(WITHDRAWAL_PATHS.cancel, { withdrawalId: first.withdrawalId })).body.code).toBe('006001B007');
    expect((await advanceWithdrawal(db(), first.withdrawalId)).to).toBe('SUCCESS');
    expect((await advanceWithdrawal(db(), first.withdrawalId)).to).toBeNull();
    expect(await available('EUR')).toBe(before.available - 10_000);
    expect(await reserved('EUR')).toBe(before.reserved);

    const detail = ok<WithdrawalDetail>(
      await call(t.app, 'GET', WITHDRAWAL_PATHS.detail, {
        cookie: viewer,
        query: { withdrawalId: first.withdrawalId },
      }),
    );
    expect(detail.status).toBe('SUCCESS');
    expect(detail.bankReference).toMatch(/^SBX/);
    expect(detail.events.map((e) => e.type)).toEqual(['CREATED', 'PROCESSING', 'SUCCESS']);
    const kinds = await kindsOf(first.withdrawalId);
    expect(kinds.map((k) => k.kind)).toEqual(['WITHDRAWAL', 'WITHDRAWAL_PAID']);
    const [audit] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'WITHDRAWAL'),
          eq(auditLog.outcome, 'SUCCESS'),
          eq(auditLog.targetId, first.withdrawalId),
        ),
      );
    expect(audit.n).toBe(1);
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it('answers each catalogue rule, writes nothing and audits the refusal', async () => {
    const before = await withdrawalCount();
    const eur = { currency: 'EUR', amount: '50.00', bankAccountId: eurAccount };
    expect((await withdraw({ ...eur, currency: 'JPY', amount: '5000' })).body.code).toBe('006001B005');
    expect((await withdraw({ ...eur, amount: '499999.00' })).body.code).toBe('006001B006');
    expect((await withdraw({ ...eur, amount: '5.00' })).body).toMatchObject({
      code: '006001B047',
      msg: expect.stringMatching(/10\.00 EUR/),
    });
    expect((await withdraw({ ...eur, amount: '12.345' })).body.code).toBe('001000B001');
    expect((await withdraw({ ...eur, currency: 'CHF' })).body.code).toBe('006001B044');
    const [rejected] = await db()
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.merchantId, 'M1000001'), eq(bankAccounts.status, 'REJECTED')));
    expect((await withdraw({ ...eur, bankAccountId: rejected.id })).body.code).toBe('006001B044');
    const [foreign] = await db()
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(eq(bankAccounts.merchantId, 'M2000001'))
      .limit(1);
    expect((await withdraw({ ...eur, bankAccountId: foreign.id })).body.code).toBe('006001B040');
    expect((await withdraw(eur, { key: null })).body.code).toBe('001000B001');
    for (const payload of [
      {},
      { ...eur, amount: -5 },
      { ...eur, amount: '-5.00' },
      { ...eur, currency: 'XXX' },
      { ...eur, remark: 'x'.repeat(141) },
      { ...eur, amount: { deep: [[[[{}]]]] } },
    ]) {
      const res = await withdraw(payload);
      expect(res.status).toBe(200);
      expect(res.body.code, JSON.stringify(payload)).toBe('001000B001');
    }
    // Closed: not one of its days now.
    await db().execute(sql`UPDATE merchants SET withdraw_days = '{}' WHERE id = 'M1000001'`);
    expect((await withdraw(eur)).body).toMatchObject({
      code: '006001B003',
      msg: 'Please submit withdrawal request during working hours.',
    });
    const closed = ok<WithdrawConfig>(await call(t.app, 'GET', WITHDRAWAL_PATHS.config, { cookie: owner }));
    expect(closed.openNow).toBe(false);
    // Why, as a code the web words in the reader's language: today is not one of its days.
    expect(closed.closedReason).toEqual({ code: 'DAY_OFF', values: { weekday: expect.any(Number) } });
    await db().execute(sql`UPDATE merchants SET withdraw_days = '{1,2,3,4,5,6,7}' WHERE id = 'M1000001'`);

    const after = await withdrawalCount();
    expect(after).toBe(before);
    const failures = await typedRows(
      db(),
      { code: computedOrNull(String) },
      sql`SELECT detail->>'code' AS code FROM audit_log WHERE action = 'WITHDRAWAL' AND outcome = 'FAILURE'`,
    );
    expect(failures.map((f) => f.code)).toEqual(
      expect.arrayContaining(['006001B005', '006001B006', '006001B003', '006001B040']),
    );
    // The same key with another body: refused, nothing done.
    const key = randomUUID();
    ok(await withdraw(eur, { key }));
    expect((await withdraw({ ...eur, amount: '51.00' }, { key })).body.code).toBe('001000B002');
  });

  it('a bank that does not answer in time: 006001B016, the order stays PENDING, and resolves later on its own; sandbox:fail returns the money', async () => {
    const before = await available('EUR');
    const key = randomUUID();
    const body = { currency: 'EUR', amount: '20.00', bankAccountId: eurAccount, remark: 'sandbox:timeout' };
    const res = await withdraw(body, { key });
    expect(res.body).toMatchObject({
      code: '006001B016',
      msg: 'System timeout. Please check withdrawal history for latest status.',
    });
    const id = res.body.data.withdrawalId as string;
    expect(ok<WithdrawalRecord>(await withdraw(body, { key }))).toMatchObject({ withdrawalId: id, status: 'PENDING' });
    const [job] = await typedRows(
      db(),
      { n: computed(Number) },
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'withdrawals.sandbox-bank' AND data->>'withdrawalId' = ${id}`,
    );
    expect(job.n).toBe(1);
    await advanceWithdrawal(db(), id);
    await advanceWithdrawal(db(), id);
    expect(
      ok<WithdrawalDetail>(
        await call(t.app, 'GET', WITHDRAWAL_PATHS.detail, { cookie: owner, query: { withdrawalId: id } }),
      ).status,
    ).toBe('SUCCESS');

    const failed = ok<WithdrawalRecord>(
      await withdraw({ currency: 'EUR', amount: '30.00', bankAccountId: eurAccount, remark: 'sandbox:fail' }),
    );
    await advanceWithdrawal(db(), failed.withdrawalId);
    expect((await advanceWithdrawal(db(), failed.withdrawalId)).to).toBe('FAILED');
    expect(await available('EUR')).toBe(before - 2_000);
    const detail = ok<WithdrawalDetail>(
      await call(t.app, 'GET', WITHDRAWAL_PATHS.detail, {
        cookie: owner,
        query: { withdrawalId: failed.withdrawalId },
      }),
    );
    expect(detail).toMatchObject({ status: 'FAILED', failureReason: expect.stringMatching(/refused/) });
    expect(detail.events.at(-1)!.note).toMatch(/returned to the available balance/);
  });

  it('balance B, 50 parallel withdrawals of a: exactly floor(B / a) succeed, the rest 006001B006; never below zero', async () => {
    await fundChf(100_000); // 1,000.00 CHF
    const results = await Promise.all(
      Array.from({ length: 50 }, () => withdraw({ currency: 'CHF', amount: '30.00', bankAccountId: chfAccount })),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === '000000')).toHaveLength(33);
    expect(
      codes.filter((c) => c === '006001B006'),
      JSON.stringify(
        results
          .filter((r) => !['000000', '006001B006'].includes(r.body.code))
          .map((r) => [r.status, r.body.code, r.body.msg]),
      ),
    ).toHaveLength(17);
    expect(await available('CHF')).toBe(1_000);
    expect(await reserved('CHF')).toBeGreaterThanOrEqual(99_000);
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect(await brokenAccounts(db())).toEqual([]);
  });

  it('20 parallel calls with one key: one withdrawal, every caller the same answer', async () => {
    await fundChf(50_000);
    const key = randomUUID();
    const body = { currency: 'CHF', amount: '10.00', bankAccountId: chfAccount };
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(body, { key })));
    const done = results.filter((r) => r.body.code === '000000');
    // A caller that arrives while the first is still in its transaction waits for it (or is told to retry shortly).
    expect(results.every((r) => r.body.code === '000000' || r.body.code === '001000B003')).toBe(true);
    expect(new Set(done.map((r) => r.body.data.withdrawalId)).size).toBe(1);
    const [{ n }] = await db()
      .select({ n: count() })
      .from(withdrawals)
      .where(eq(withdrawals.id, done[0].body.data.withdrawalId as string));
    expect(n).toBe(1);
    expect(await available('CHF')).toBe(49_000);
  });

  it('cancel racing the bank: exactly one wins; the money is returned or paid, never both', async () => {
    for (let round = 0; round < 4; round += 1) {
      await fundChf(10_000);
      const w = ok<WithdrawalRecord>(await withdraw({ currency: 'CHF', amount: '50.00', bankAccountId: chfAccount }));
      const [cancel, step] = await Promise.all([
        post(WITHDRAWAL_PATHS.cancel, { withdrawalId: w.withdrawalId }),
        advanceWithdrawal(db(), w.withdrawalId),
      ]);
      const [row] = await db()
        .select({ status: withdrawals.status })
        .from(withdrawals)
        .where(eq(withdrawals.id, w.withdrawalId));
      if (cancel.body.code === '000000') {
        expect(step.to).toBeNull();
        expect(row.status).toBe('CANCELLED');
        expect(await available('CHF')).toBe(10_000);
      } else {
        expect(cancel.body.code).toBe('006001B007');
        expect(step.to).toBe('PROCESSING');
        await advanceWithdrawal(db(), w.withdrawalId);
        expect(await available('CHF')).toBe(5_000);
      }
      const kinds = await kindsOf(w.withdrawalId);
      expect(kinds.length).toBe(2);
    }
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it('lists with filters; another merchant’s id is "not found"; a viewer reads but cannot withdraw or cancel', async () => {
    const page = ok<{ total: number; records: WithdrawalRecord[] }>(
      await post(WITHDRAWAL_PATHS.list, { currency: 'CHF', status: ['CANCELLED', 'SUCCESS'], pageSize: 200 }, viewer),
    );
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records.every((r) => r.currency === 'CHF' && ['CANCELLED', 'SUCCESS'].includes(r.status))).toBe(true);
    const created = page.records.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const one = page.records[0];
    expect(
      ok<{ records: WithdrawalRecord[] }>(await post(WITHDRAWAL_PATHS.list, { keyword: one.withdrawalId })).records.map(
        (r) => r.withdrawalId,
      ),
    ).toEqual([one.withdrawalId]);

    const theirs = ok<{ records: WithdrawalRecord[] }>(await post(WITHDRAWAL_PATHS.list, { pageSize: 200 }, payouts));
    expect(theirs.records.length).toBeGreaterThan(0);
    expect(theirs.records.map((r) => r.withdrawalId)).not.toContain(one.withdrawalId);
    expect(
      (
        await call(t.app, 'GET', WITHDRAWAL_PATHS.detail, {
          cookie: payouts,
          query: { withdrawalId: one.withdrawalId },
        })
      ).body.code,
    ).toBe('006001B046');
    expect((await post(WITHDRAWAL_PATHS.cancel, { withdrawalId: one.withdrawalId }, payouts)).body.code).toBe(
      '006001B046',
    );

    expect(
      (await withdraw({ currency: 'CHF', amount: '10.00', bankAccountId: chfAccount }, { cookie: viewer })).status,
    ).toBe(430);
    expect((await post(WITHDRAWAL_PATHS.cancel, { withdrawalId: one.withdrawalId }, viewer)).status).toBe(430);
    for (const payload of [
      { createdFrom: '0000-01-01T00:00:00Z' },
      { status: ['NOPE'] },
      { pageSize: 'x' },
      { amountMin: -1 },
    ]) {
      expect((await post(WITHDRAWAL_PATHS.list, payload)).body.code).toBe('001000B001');
    }
  });
});
