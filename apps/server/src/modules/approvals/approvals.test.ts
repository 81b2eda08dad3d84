import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { APPROVAL_PATHS, type ApprovalItem, type ApprovalRules } from '@mbo/contracts/approvals';
import { PAYOUT_PATHS, type PayoutBatchRecord, type PayoutRecord } from '@mbo/contracts/payouts';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import { WITHDRAWAL_PATHS, type WithdrawalDetail, type WithdrawalRecord } from '@mbo/contracts/withdrawals';
import { bankAccounts, withdrawals } from '../../db/money-out-schema';
import { computed, typedRows } from '../../db/typed-rows';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { balanceOf, unbalancedTransactions } from '../payments/test-payments';
import { advancePayouts } from '../payouts';

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
  reference: 'APP-1',
};

/**
 * Maker-checker on withdrawals, payouts and batches: held while waiting, approved by another user only, rejected with
 * the money back, one decision under a race.
 */
describe('approvals', () => {
  let t: TestApp;
  let owner: string;
  let finance: string;
  let viewer: string;
  let admin: string;
  let payouts: string;
  let payoutsChecker: string;
  let eurAccount: string;
  const db = () => t.database.db;
  /** The sandbox bank's jobs queued for a withdrawal (pg-boss's own table, outside the schema). */
  const bankJobsOf = (withdrawalId: string) =>
    typedRows(
      db(),
      { n: computed(Number) },
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'withdrawals.sandbox-bank' AND data->>'withdrawalId' = ${withdrawalId}`,
    );
  const ok = <T>(res: { body: { code: string; msg: string; data: T } }): T => {
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data;
  };
  const withKey = async (url: string, payload: unknown, cookie: string): Promise<Reply> => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, [IDEMPOTENCY_HEADER]: randomUUID() },
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const decide = (path: string, body: Record<string, string>, cookie: string) =>
    call(t.app, 'POST', path, { cookie, payload: body });
  const addUser = async (email: string, merchantId: string, role: string) => {
    await db().execute(sql`
      INSERT INTO users (merchant_id, email, name, role_code, status, password_hash, password_changed_at)
      SELECT ${merchantId}, ${email}, ${email}, ${role}, 'ACTIVE', password_hash, now() FROM users WHERE email = 'owner@demo.test'`);
    return loginAs(t.app, email);
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxWithdrawalDelayMs: 600_000, sandboxPayoutDelayMs: 600_000 } });
    await db().execute(
      sql`UPDATE merchants SET withdraw_days = '{1,2,3,4,5,6,7}', withdraw_open = '00:00', withdraw_close = '24:00', withdraw_holiday_country = NULL`,
    );
    owner = await loginAs(t.app, 'owner@demo.test');
    finance = await loginAs(t.app, 'finance@demo.test');
    viewer = await loginAs(t.app, 'viewer@demo.test');
    payouts = await loginAs(t.app, 'payouts@demo.test');
    admin = await addUser('approvals-admin@demo.test', 'M1000001', 'ADMIN');
    payoutsChecker = await addUser('approvals-checker@demo.test', 'M2000001', 'ADMIN');
    [{ id: eurAccount }] = await db()
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.merchantId, 'M1000001'), eq(bankAccounts.currency, 'EUR'), bankAccounts.isDefault));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds a withdrawal above the threshold until another user approves it; the maker and a finance user cannot', async () => {
    expect(ok<ApprovalRules>(await call(t.app, 'GET', APPROVAL_PATHS.rules, { cookie: viewer })).thresholds).toEqual({
      EUR: 1_000_000,
      USD: 1_000_000,
    });
    const before = await balanceOf(db(), 'M1000001', 'EUR', 'AVAILABLE');
    const w = ok<WithdrawalRecord>(
      await withKey(WITHDRAWAL_PATHS.create, { currency: 'EUR', amount: '10000.01', bankAccountId: eurAccount }, owner),
    );
    expect(w.status).toBe('PENDING_APPROVAL');
    expect(await balanceOf(db(), 'M1000001', 'EUR', 'AVAILABLE')).toBe(before - 1_000_001);
    const [job] = await bankJobsOf(w.withdrawalId);
    expect(job.n).toBe(0);
    // At the threshold itself: no approval needed.
    expect(
      ok<WithdrawalRecord>(
        await withKey(
          WITHDRAWAL_PATHS.create,
          { currency: 'EUR', amount: '10000.00', bankAccountId: eurAccount },
          owner,
        ),
      ).status,
    ).toBe('PENDING');

    const pending = ok<ApprovalItem[]>(await call(t.app, 'GET', APPROVAL_PATHS.pending, { cookie: viewer }));
    expect(pending.map((p) => p.id)).toContain(w.withdrawalId);
    expect((await decide(APPROVAL_PATHS.approve, { kind: 'WITHDRAWAL', id: w.withdrawalId }, owner)).body.code).toBe(
      '006001B052',
    );
    expect((await decide(APPROVAL_PATHS.approve, { kind: 'WITHDRAWAL', id: w.withdrawalId }, finance)).status).toBe(
      430,
    );
    expect((await decide(APPROVAL_PATHS.approve, { kind: 'WITHDRAWAL', id: w.withdrawalId }, viewer)).status).toBe(430);
    expect(
      (await decide(APPROVAL_PATHS.approve, { kind: 'WITHDRAWAL', id: w.withdrawalId }, payoutsChecker)).body.code,
    ).toBe('006001B046');

    ok(await decide(APPROVAL_PATHS.approve, { kind: 'WITHDRAWAL', id: w.withdrawalId }, admin));
    const detail = ok<WithdrawalDetail>(
      await call(t.app, 'GET', WITHDRAWAL_PATHS.detail, { cookie: owner, query: { withdrawalId: w.withdrawalId } }),
    );
    expect(detail.status).toBe('PENDING');
    expect(detail.events.map((e) => [e.type, e.actor])).toContainEqual(['APPROVED', 'approvals-admin@demo.test']);
    expect((await decide(APPROVAL_PATHS.reject, { kind: 'WITHDRAWAL', id: w.withdrawalId }, admin)).body.code).toBe(
      '006001B053',
    );
    const [queued] = await bankJobsOf(w.withdrawalId);
    expect(queued.n).toBe(1);
  });

  it('a rejection returns the money; two checkers deciding at once: exactly one decision', async () => {
    // The demo's withdrawal awaiting approval was made by finance@demo.test: the owner may decide it.
    const [demo] = await db()
      .select({ id: withdrawals.id, amount: withdrawals.amount })
      .from(withdrawals)
      .where(and(eq(withdrawals.status, 'PENDING_APPROVAL'), eq(withdrawals.createdBy, 'finance@demo.test')));
    const before = await balanceOf(db(), 'M1000001', 'EUR', 'AVAILABLE');
    const [a, b] = await Promise.all([
      decide(APPROVAL_PATHS.reject, { kind: 'WITHDRAWAL', id: demo.id, reason: 'Not this quarter' }, owner),
      decide(APPROVAL_PATHS.approve, { kind: 'WITHDRAWAL', id: demo.id }, admin),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual(['000000', '006001B053']);
    const [row] = await db()
      .select({ status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.id, demo.id));
    if (a.body.code === '000000') {
      expect(row.status).toBe('CANCELLED');
      expect(await balanceOf(db(), 'M1000001', 'EUR', 'AVAILABLE')).toBe(before + demo.amount);
    } else {
      expect(row.status).toBe('PENDING');
      expect(await balanceOf(db(), 'M1000001', 'EUR', 'AVAILABLE')).toBe(before);
    }
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it('holds a payout and a whole batch above the threshold; rejected, every row is cancelled and its money back; approved, paid', async () => {
    ok(await decide(APPROVAL_PATHS.updateRules, { thresholds: { GBP: 100_00 } } as never, payoutsChecker));
    expect((await decide(APPROVAL_PATHS.updateRules, { thresholds: { GBP: 1 } } as never, viewer)).status).toBe(430);
    const before = await balanceOf(db(), 'M2000001', 'GBP', 'AVAILABLE');
    const single = ok<PayoutRecord>(await withKey(PAYOUT_PATHS.create, GB, payouts));
    expect(single.status).toBe('PENDING_APPROVAL');
    expect((await decide(APPROVAL_PATHS.approve, { kind: 'PAYOUT', id: single.payoutId }, payouts)).body.code).toBe(
      '006001B052',
    );
    ok(
      await decide(
        APPROVAL_PATHS.reject,
        { kind: 'PAYOUT', id: single.payoutId, reason: 'Wrong supplier' },
        payoutsChecker,
      ),
    );
    expect(await balanceOf(db(), 'M2000001', 'GBP', 'AVAILABLE')).toBe(before);

    const rows = [1, 2, 3].map((i) => ({
      ...GB,
      amount: '60.00',
      reference: `APP-B${i}`,
      beneficiaryName: `Row ${i}`,
    }));
    const rejected = ok<PayoutBatchRecord>(
      await withKey(PAYOUT_PATHS.submit, { fileName: 'approve-me.csv', rows }, payouts),
    );
    expect(rejected).toMatchObject({ status: 'PENDING_APPROVAL', counts: { PENDING_APPROVAL: 3 } });
    expect(await balanceOf(db(), 'M2000001', 'GBP', 'AVAILABLE')).toBe(before - 18_060);
    ok(await decide(APPROVAL_PATHS.reject, { kind: 'PAYOUT_BATCH', id: rejected.batchId }, payoutsChecker));
    const after = ok<PayoutBatchRecord>(
      await call(t.app, 'GET', PAYOUT_PATHS.batchDetail, { cookie: payouts, query: { batchId: rejected.batchId } }),
    );
    expect(after).toMatchObject({ status: 'REJECTED', counts: { CANCELLED: 3 } });
    expect(await balanceOf(db(), 'M2000001', 'GBP', 'AVAILABLE')).toBe(before);

    const approved = ok<PayoutBatchRecord>(
      await withKey(
        PAYOUT_PATHS.submit,
        { fileName: 'approve-me-2.csv', rows: rows.map((r) => ({ ...r, reference: `${r.reference}-2` })) },
        payouts,
      ),
    );
    ok(await decide(APPROVAL_PATHS.approve, { kind: 'PAYOUT_BATCH', id: approved.batchId }, payoutsChecker));
    for (let i = 0; i < 5 && (await advancePayouts(db(), { batchId: approved.batchId })) > 0; i += 1);
    const paid = ok<PayoutBatchRecord>(
      await call(t.app, 'GET', PAYOUT_PATHS.batchDetail, { cookie: payouts, query: { batchId: approved.batchId } }),
    );
    expect(paid).toMatchObject({ status: 'COMPLETED', counts: { SUCCESS: 3 } });
    expect(await unbalancedTransactions(db())).toEqual([]);
    // Another merchant's order: "not found".
    expect((await decide(APPROVAL_PATHS.reject, { kind: 'PAYOUT_BATCH', id: approved.batchId }, admin)).body.code).toBe(
      '006001B049',
    );
    for (const payload of [{ kind: 'NOPE', id: 'x' }, { kind: 'PAYOUT' }, { kind: 'PAYOUT', id: 'x'.repeat(65) }]) {
      expect((await decide(APPROVAL_PATHS.approve, payload as never, admin)).body.code).toBe('001000B001');
    }
  });
});
