import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, sql } from 'drizzle-orm';
import { ACQUIRING_PATHS } from '@mbo/contracts/acquiring';
import { DISPUTE_PATHS, disputeFeeOf, type DisputeDetail, type DisputeRecord } from '@mbo/contracts/disputes';
import { ledgerTransactions } from '../../db/payments-schema';
import { disputes } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { balanceOf, createPayment, unbalancedTransactions } from '../payments/test-payments';
import { openDispute } from './open-dispute';

const SWITCH = '/usercenter/web/v1/switch-user-access-merchant';

/** The dispute calls as the demo users: list, detail, save, submit, accept, and what each role and merchant may do. */
describe('dispute routes', () => {
  let t: TestApp;
  let owner: string;
  let viewer: string;
  let payouts: string;
  const db = () => t.database.db;
  const post = (url: string, payload: unknown, cookie = owner) => call(t.app, 'POST', url, { cookie, payload });
  const get = (url: string, q: Record<string, string>, cookie = owner) => call(t.app, 'GET', url, { cookie, query: q });
  const ok = <T>(res: { body: { code: string; msg: string; data: T } }): T => {
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data;
  };
  /** A new dispute on a new settled payment of a merchant. */
  const newDispute = async (
    opts: {
      merchantId?: string;
      currency?: string;
      amount?: number;
      type?: 'CHARGEBACK' | 'CUSTOMER_DISPUTE';
      dueAt?: Date;
    } = {},
  ) => {
    const merchantId = opts.merchantId ?? 'M1000001';
    const p = await createPayment(db(), {
      merchantId,
      amount: opts.amount ?? 4_200,
      currency: opts.currency ?? 'EUR',
      payMethodName: 'VISA',
    });
    const id = await openDispute(db(), {
      merchantId,
      paymentId: p.id,
      type: opts.type ?? 'CUSTOMER_DISPUTE',
      reason: 'NOT_AS_DESCRIBED',
      dueAt: opts.dueAt,
    });
    return { id, paymentId: p.id };
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxDisputeDecisionDelayMs: 600_000 } });
    owner = await loginAs(t.app, 'owner@demo.test');
    viewer = await loginAs(t.app, 'viewer@demo.test');
    payouts = await loginAs(t.app, 'payouts@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists disputes by tab, status, reason, dates, amount and keyword, newest first or soonest due first', async () => {
    const soon = await newDispute({ type: 'CHARGEBACK', dueAt: new Date(Date.now() + 3_600_000), amount: 7_777 });
    const later = await newDispute({ type: 'CHARGEBACK', dueAt: new Date(Date.now() + 5 * 86_400_000), amount: 7_778 });
    const all = ok<{ total: number; records: DisputeRecord[] }>(await post(DISPUTE_PATHS.list, { pageSize: 200 }));
    const [counted] = await db().select({ n: count() }).from(disputes).where(eq(disputes.merchantId, 'M1000001'));
    expect(all.total).toBe(counted.n);
    const created = all.records.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(all.records[0].disputeId).toBe(later.id);

    const chargebacks = ok<{ records: DisputeRecord[] }>(
      await post(DISPUTE_PATHS.list, {
        type: ['CHARGEBACK'],
        status: ['EVIDENCE_REQUIRED'],
        sort: 'dueAt:asc',
        pageSize: 200,
      }),
    );
    expect(chargebacks.records.every((r) => r.type === 'CHARGEBACK' && r.status === 'EVIDENCE_REQUIRED')).toBe(true);
    const order = chargebacks.records.map((r) => r.disputeId);
    expect(order.indexOf(soon.id)).toBeLessThan(order.indexOf(later.id));
    const dues = chargebacks.records.map((r) => r.dueAt!);
    expect(dues).toEqual([...dues].sort());

    expect(
      ok<{ records: DisputeRecord[] }>(await post(DISPUTE_PATHS.list, { keyword: soon.paymentId })).records.map(
        (r) => r.disputeId,
      ),
    ).toEqual([soon.id]);
    expect(
      ok<{ records: DisputeRecord[] }>(await post(DISPUTE_PATHS.list, { keyword: soon.id })).records.map(
        (r) => r.disputeId,
      ),
    ).toEqual([soon.id]);
    const amount = ok<{ records: DisputeRecord[] }>(
      await post(DISPUTE_PATHS.list, { currency: 'EUR', amountMin: 7_777, amountMax: 7_777 }),
    );
    expect(amount.records.map((r) => r.disputeId)).toEqual([soon.id]);
    const due = ok<{ records: DisputeRecord[] }>(
      await post(DISPUTE_PATHS.list, {
        dueFrom: new Date().toISOString(),
        dueTo: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        pageSize: 200,
      }),
    );
    expect(due.records.map((r) => r.disputeId)).toContain(soon.id);
    expect(due.records.map((r) => r.disputeId)).not.toContain(later.id);
    const reasons = ok<{ records: DisputeRecord[] }>(
      await post(DISPUTE_PATHS.list, { reason: ['FRAUDULENT'], pageSize: 200 }),
    );
    expect(reasons.records.every((r) => r.reason === 'FRAUDULENT')).toBe(true);
    const none = ok<{ total: number }>(
      await post(DISPUTE_PATHS.list, { createdFrom: '2001-01-01T00:00:00Z', createdTo: '2001-01-02T00:00:00Z' }),
    );
    expect(none.total).toBe(0);
  });

  it('answers bad input with a catalogue error naming the field, never a 500', async () => {
    for (const payload of [
      { createdFrom: '0000-01-01T00:00:00Z' },
      { status: ['NOPE'] },
      { pageSize: 'x' },
      { amountMin: -1 },
      { reason: [{ deep: [1] }] },
      { keyword: 'x'.repeat(500) },
    ]) {
      const res = await post(DISPUTE_PATHS.list, payload);
      expect(res.status).toBe(200);
      expect(res.body.code, JSON.stringify(payload)).toBe('001000B001');
    }
    for (const disputeId of ['', '../x', 'DSP' + 'A'.repeat(100), 'PAY123']) {
      expect((await get(DISPUTE_PATHS.detail, { disputeId })).body.code).toBe('001000B001');
    }
    const { id } = await newDispute();
    const long = await post(DISPUTE_PATHS.saveEvidence, {
      disputeId: id,
      evidence: { explanation: 'x'.repeat(5_001) },
    });
    expect(long.body.code).toBe('001000B001');
    const unknown = await post(DISPUTE_PATHS.saveEvidence, { disputeId: id, evidence: { script: 'x' } });
    expect(unknown.body.code).toBe('001000B001');
  });

  it('details a dispute with its payment, timeline and hold; saves a draft, then submits and locks it', async () => {
    const { id, paymentId } = await newDispute({ currency: 'USD', amount: 12_000 });
    const detail = ok<DisputeDetail>(await get(DISPUTE_PATHS.detail, { disputeId: id }));
    expect(detail).toMatchObject({
      disputeId: id,
      status: 'EVIDENCE_REQUIRED',
      amount: 12_000,
      fee: disputeFeeOf('USD'),
      currency: 'USD',
      editable: true,
      fundingSource: 'AVAILABLE',
    });
    expect(detail.payment.paymentId).toBe(paymentId);
    expect(detail.events.map((e) => e.type)).toEqual(['OPENED']);
    expect(detail.dueAt).not.toBeNull();

    const missing = await post(DISPUTE_PATHS.submit, { disputeId: id });
    expect(missing.body.code).toBe('003001B052');
    const saved = ok<DisputeDetail>(
      await post(DISPUTE_PATHS.saveEvidence, {
        disputeId: id,
        evidence: { explanation: 'Shipped on time', shippingTracking: 'DHL 123' },
      }),
    );
    expect(saved.evidence).toEqual({ explanation: 'Shipped on time', shippingTracking: 'DHL 123' });
    const cleared = ok<DisputeDetail>(
      await post(DISPUTE_PATHS.saveEvidence, { disputeId: id, evidence: { shippingTracking: '' } }),
    );
    expect(cleared.evidence).toEqual({ explanation: 'Shipped on time' });

    const submitted = ok<DisputeDetail>(
      await post(DISPUTE_PATHS.submit, { disputeId: id, evidence: { productDescription: 'A lamp' } }),
    );
    expect(submitted).toMatchObject({ status: 'UNDER_REVIEW', editable: false, dueAt: null });
    expect(submitted.evidence).toEqual({ explanation: 'Shipped on time', productDescription: 'A lamp' });
    expect(submitted.events.map((e) => [e.type, e.actor])).toEqual([
      ['OPENED', 'Card network'],
      ['EVIDENCE_SAVED', 'owner@demo.test'],
      ['EVIDENCE_SAVED', 'owner@demo.test'],
      ['UNDER_REVIEW', 'owner@demo.test'],
    ]);
    // Editing after submit is refused, and nothing changes.
    for (const [url, payload] of [
      [DISPUTE_PATHS.saveEvidence, { disputeId: id, evidence: { explanation: 'changed' } }],
      [DISPUTE_PATHS.submit, { disputeId: id }],
      [DISPUTE_PATHS.accept, { disputeId: id }],
    ] as const) {
      expect((await post(url, payload)).body.code).toBe('003001B046');
    }
    expect(ok<DisputeDetail>(await get(DISPUTE_PATHS.detail, { disputeId: id })).evidence.explanation).toBe(
      'Shipped on time',
    );
    // The sandbox's decision job was queued for it.
    const [job] = await typedRows(
      db(),
      { n: computed(Number) },
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'disputes.sandbox-decide' AND data->>'disputeId' = ${id}`,
    );
    expect(job.n).toBe(1);
  });

  it('accepts a dispute: the hold is debited, the payment shows it', async () => {
    const { id, paymentId } = await newDispute({ currency: 'EUR', amount: 3_000 });
    const reserved = await balanceOf(db(), 'M1000001', 'EUR', 'RESERVED');
    const accepted = ok<DisputeDetail>(await post(DISPUTE_PATHS.accept, { disputeId: id }));
    expect(accepted.status).toBe('ACCEPTED');
    expect(accepted.decidedAt).not.toBeNull();
    expect(await balanceOf(db(), 'M1000001', 'EUR', 'RESERVED')).toBe(reserved - 3_000 - disputeFeeOf('EUR'));
    const payment = ok<{ dispute: { disputeId: string; status: string } | null; refundBlocked: string | null }>(
      await get('/acquiring/web/v1/payment/detail', { paymentId }),
    );
    expect(payment.dispute).toMatchObject({ disputeId: id, status: 'ACCEPTED' });
    expect(payment.refundBlocked).toBe('DISPUTED');
  });

  it('lets exactly one of a submit and an accept sent at once win, with one outcome in the ledger', async () => {
    for (let round = 0; round < 4; round++) {
      const { id } = await newDispute({ currency: 'JPY', amount: 5_000 });
      await post(DISPUTE_PATHS.saveEvidence, { disputeId: id, evidence: { explanation: 'Delivered' } });
      const [submit, accept] = await Promise.all([
        post(DISPUTE_PATHS.submit, { disputeId: id }),
        post(DISPUTE_PATHS.accept, { disputeId: id }),
      ]);
      const codes = [submit.body.code, accept.body.code].sort();
      expect(codes).toEqual(['000000', '003001B046']);
      const [d] = await db().select({ status: disputes.status }).from(disputes).where(eq(disputes.id, id));
      expect(d.status).toBe(submit.body.code === '000000' ? 'UNDER_REVIEW' : 'ACCEPTED');
      const kinds = await db()
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.referenceId, id))
        .orderBy(asc(ledgerTransactions.id));
      expect(kinds.map((k) => k.kind)).toEqual(
        d.status === 'ACCEPTED' ? ['DISPUTE_HOLD', 'DISPUTE_DEBIT'] : ['DISPUTE_HOLD'],
      );
    }
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it("shows another merchant's dispute as not found, lets the viewer read but change nothing, and keeps the payout merchant out", async () => {
    const foreign = await newDispute({ merchantId: 'M1000002' });
    for (const [method, url, payload] of [
      ['GET', DISPUTE_PATHS.detail, { disputeId: foreign.id }],
      ['POST', DISPUTE_PATHS.saveEvidence, { disputeId: foreign.id, evidence: { explanation: 'x' } }],
      ['POST', DISPUTE_PATHS.submit, { disputeId: foreign.id }],
      ['POST', DISPUTE_PATHS.accept, { disputeId: foreign.id }],
    ] as const) {
      const res = method === 'GET' ? await get(url, payload as Record<string, string>) : await post(url, payload);
      expect(res.body.code, url).toBe('003001B044');
      expect(res.body.data ?? null).toBeNull();
    }
    expect(ok<{ total: number }>(await post(DISPUTE_PATHS.list, { keyword: foreign.id })).total).toBe(0);
    // Switched into the sub-merchant, the owner sees it.
    const sub = await loginAs(t.app, 'owner@demo.test');
    expect((await call(t.app, 'POST', SWITCH, { cookie: sub, payload: { merchantId: 'M1000002' } })).body.code).toBe(
      '000000',
    );
    expect(ok<DisputeDetail>(await get(DISPUTE_PATHS.detail, { disputeId: foreign.id }, sub)).disputeId).toBe(
      foreign.id,
    );

    const mine = await newDispute();
    expect(ok<DisputeDetail>(await get(DISPUTE_PATHS.detail, { disputeId: mine.id }, viewer)).disputeId).toBe(mine.id);
    expect(ok<{ total: number }>(await post(DISPUTE_PATHS.list, {}, viewer)).total).toBeGreaterThan(0);
    for (const [url, payload] of [
      [DISPUTE_PATHS.saveEvidence, { disputeId: mine.id, evidence: { explanation: 'x' } }],
      [DISPUTE_PATHS.submit, { disputeId: mine.id }],
      [DISPUTE_PATHS.accept, { disputeId: mine.id }],
    ] as const) {
      expect((await post(url, payload, viewer)).status).toBe(430);
    }
    const [d] = await db()
      .select({ status: disputes.status, evidence: disputes.evidence })
      .from(disputes)
      .where(eq(disputes.id, mine.id));
    expect(d).toEqual({ status: 'EVIDENCE_REQUIRED', evidence: {} });
    for (const res of [
      await post(DISPUTE_PATHS.list, {}, payouts),
      await get(DISPUTE_PATHS.detail, { disputeId: mine.id }, payouts),
    ])
      expect(res.status).toBe(430);
  });

  it('counts disputes that need evidence per tab for the header badge', async () => {
    const count = ok<{ customerDisputeCount: number; chargebackCount: number }>(
      await get(ACQUIRING_PATHS.disputeStatusCount, { disputeStatus: 'EVIDENCE_REQUIRED' }),
    );
    const [n] = await typedRows(
      db(),
      { customer: computed(Number), chargeback: computed(Number) },
      sql`
      SELECT count(*) FILTER (WHERE type = 'CUSTOMER_DISPUTE')::int AS customer, count(*) FILTER (WHERE type = 'CHARGEBACK')::int AS chargeback
        FROM disputes WHERE merchant_id = 'M1000001' AND status = 'EVIDENCE_REQUIRED'`,
    );
    expect(count).toEqual({ customerDisputeCount: n.customer, chargebackCount: n.chargeback });
  });
});
