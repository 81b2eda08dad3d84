import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEARCH_KINDS, SEARCH_PATHS, type SearchKind, type SearchResults } from '@mbo/contracts/search';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { planSearch } from '@mbo/contracts/search-query';
import { branchesOf } from './search-records';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

/** The table of each kind (its id and merchant_id columns). */
const TABLES: Record<SearchKind, string> = {
  PAYMENT: 'payments',
  REFUND: 'refunds',
  DISPUTE: 'disputes',
  SETTLEMENT: 'settlements',
  BATCH: 'settlement_batches',
  WITHDRAWAL: 'withdrawals',
  PAYOUT: 'payouts',
  PAYOUT_BATCH: 'payout_batches',
  AGREEMENT: 'agreements',
  PAYMENT_LINK: 'payment_links',
  API_KEY: 'api_keys',
  WEBHOOK_EVENT: 'webhook_events',
};
const STORE = 'M1000001';
const PAYOUTS = 'M2000001';

describe('global search', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  /** One record of each kind, of Demo Store where it has one, else of Demo Payouts Ltd. */
  const samples = new Map<SearchKind, { id: string; merchantId: string }>();
  let payment: { id: string; order: string; email: string; amount: number; currency: string; last4: string | null };

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const search = async (who: string, query: unknown) => {
    const res = await call(t.app, 'POST', SEARCH_PATHS.search, { cookie: cookies[who], payload: { query } });
    return res;
  };
  const found = async (who: string, query: string) => {
    const res = await search(who, query);
    expect(res.status, query).toBe(200);
    expect(res.body.code, query).toBe('000000');
    return res.body.data as SearchResults;
  };
  const ids = (r: SearchResults, kind: SearchKind) => r.groups.find((g) => g.kind === kind)?.records.map((x) => x.id);

  beforeAll(async () => {
    t = await createTestApp();
    for (const email of ['owner', 'viewer', 'finance', 'payouts'])
      cookies[email] = await loginAs(t.app, `${email}@demo.test`);
    // The demo has webhook events only with a sandbox receiver configured: one event of Demo Store, as emitted.
    await t.database.db.execute(sql`
      INSERT INTO webhook_events (id, merchant_id, type, object_id, payload)
      VALUES ('evt_01TESTSEARCH0000000000', ${STORE}, 'payment.succeeded', NULL, '{}'::jsonb)`);
    for (const kind of SEARCH_KINDS) {
      const [row] = await rows<{ id: string; merchant_id: string }>(
        sql.raw(
          `SELECT id, merchant_id FROM ${TABLES[kind]} WHERE merchant_id IN ('${STORE}', '${PAYOUTS}')
           ORDER BY merchant_id = '${STORE}' DESC, created_at DESC LIMIT 1`,
        ),
      );
      if (row) samples.set(kind, { id: row.id, merchantId: row.merchant_id });
    }
    const [p] = await rows<{
      id: string;
      merchant_order_no: string;
      customer_email: string;
      amount: string;
      currency: string;
      card_last4: string | null;
    }>(sql`SELECT id, merchant_order_no, customer_email, amount, currency, card_last4 FROM payments
           WHERE merchant_id = ${STORE} AND card_last4 IS NOT NULL AND currency = 'EUR' ORDER BY created_at DESC LIMIT 1`);
    payment = {
      id: p.id,
      order: p.merchant_order_no,
      email: p.customer_email,
      amount: Number(p.amount),
      currency: p.currency,
      last4: p.card_last4,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the demo data has a record of every kind to search for', () => {
    expect([...samples.keys()].sort()).toEqual([...SEARCH_KINDS].sort());
  });

  it('finds every kind by its id, typed in any case, as the owner of its merchant', async () => {
    for (const [kind, { id, merchantId }] of samples) {
      const who = merchantId === STORE ? 'owner' : 'payouts';
      for (const typed of [id, id.toLowerCase(), ` ${id} `]) {
        const r = await found(who, typed);
        expect(ids(r, kind), `${kind} ${typed}`).toContain(id);
        const record = r.groups.find((g) => g.kind === kind)!.records.find((x) => x.id === id)!;
        expect(record).toMatchObject({ matchedBy: 'ID', merchantId });
        expect(record.merchantName.length).toBeGreaterThan(0);
        expect(Number.isNaN(Date.parse(record.createdAt))).toBe(false);
      }
    }
  });

  it('finds a payment by its order number, an email prefix, last 4 with the amount, and the amount with its currency', async () => {
    const major = (payment.amount / 100).toFixed(2);
    const byOrder = await found('owner', payment.order);
    expect(ids(byOrder, 'PAYMENT')).toContain(payment.id);
    expect(byOrder.groups[0].records.find((r) => r.id === payment.id)).toMatchObject({
      matchedBy: 'ORDER_NO',
      amount: payment.amount,
      currency: payment.currency,
    });

    const byEmail = await found('owner', payment.email.toUpperCase());
    expect(ids(byEmail, 'PAYMENT')).toContain(payment.id);
    // The second line of an email match is the email.
    expect(byEmail.groups[0].records.find((r) => r.id === payment.id)).toMatchObject({
      matchedBy: 'EMAIL',
      reference: payment.email,
    });
    const prefix = await found('owner', payment.email.slice(0, 4));
    expect(prefix.groups[0].records.every((r) => r.matchedBy === 'EMAIL' || r.matchedBy === 'ORDER_NO')).toBe(true);
    expect(prefix.groups[0].records.length).toBeGreaterThan(0);
    expect(prefix.groups[0].records.length).toBeLessThanOrEqual(8);

    for (const q of [`${payment.last4} ${major}`, `${major} EUR ${payment.last4}`])
      expect(ids(await found('owner', q), 'PAYMENT'), q).toContain(payment.id);
    const otherCard = payment.last4 === '0000' ? '0001' : '0000';
    expect(ids(await found('owner', `${otherCard} ${major} EUR`), 'PAYMENT') ?? []).not.toContain(payment.id);

    for (const q of [`${major} EUR`, `eur ${major}`, `EUR${major}`]) {
      const r = await found('owner', q);
      expect(
        r.groups.map((g) => g.kind),
        q,
      ).toEqual(['PAYMENT']);
      expect(
        r.groups[0].records.every((x) => x.amount === payment.amount && x.currency === 'EUR'),
        q,
      ).toBe(true);
    }
  });

  it('finds an API key by its visible start, and by the whole secret without keeping it', async () => {
    const [key] = await rows<{ id: string; prefix: string }>(
      sql`SELECT id, prefix FROM api_keys WHERE merchant_id = ${STORE} LIMIT 1`,
    );
    for (const q of [key.prefix, `${key.prefix}${'x'.repeat(28)}`]) {
      const r = await found('owner', q);
      expect(ids(r, 'API_KEY'), q).toContain(key.id);
      expect(r.groups.find((g) => g.kind === 'API_KEY')!.records[0].matchedBy).toBe('KEY_PREFIX');
    }
  });

  it('searches only the kinds the role may read: the viewer and finance find no API key or webhook event', async () => {
    const paymentId = samples.get('PAYMENT')!.id;
    for (const who of ['viewer', 'finance']) {
      expect(ids(await found(who, paymentId), 'PAYMENT'), who).toEqual([paymentId]);
      for (const kind of ['API_KEY', 'WEBHOOK_EVENT'] as const) {
        const r = await found(who, samples.get(kind)!.id);
        expect(r.groups, `${who} ${kind}`).toEqual([]);
      }
    }
    // The owner reads both.
    for (const kind of ['API_KEY', 'WEBHOOK_EVENT'] as const)
      expect(ids(await found('owner', samples.get(kind)!.id), kind)).toEqual([samples.get(kind)!.id]);
  });

  it("finds nothing of another merchant: the payout merchant's owner searching Demo Store's records", async () => {
    for (const [kind, { id, merchantId }] of samples) {
      if (merchantId !== STORE) continue;
      expect((await found('payouts', id)).groups, kind).toEqual([]);
    }
    expect((await found('payouts', payment.order)).groups).toEqual([]);
    expect((await found('payouts', payment.email)).groups).toEqual([]);
    // And Demo Store's owner does not find the payout merchant's payouts.
    const payout = samples.get('PAYOUT')!;
    expect(payout.merchantId).toBe(PAYOUTS);
    expect((await found('owner', payout.id)).groups).toEqual([]);
    expect(ids(await found('payouts', payout.id), 'PAYOUT')).toEqual([payout.id]);
  });

  it('stays within the active sub-merchant, as the lists do', async () => {
    const switched = await loginAs(t.app, 'owner@demo.test');
    const res = await call(t.app, 'POST', USERCENTER_PATHS.switchMerchant, {
      cookie: switched,
      payload: { merchantId: 'M1000002' },
    });
    expect(res.body.code).toBe('000000');
    const r = await call(t.app, 'POST', SEARCH_PATHS.search, {
      cookie: switched,
      payload: { query: samples.get('PAYMENT')!.id },
    });
    expect(r.body.data.groups).toEqual([]);
  });

  it('answers bad input with the catalogue validation error, never a 500', async () => {
    for (const query of [undefined, '', '   ', 'x'.repeat(10 * 1024), 42, ['PAY'], { id: 1 }, null, true]) {
      const res = await search('owner', query);
      expect(res.status, JSON.stringify(query)?.slice(0, 40)).toBe(200);
      expect(res.body.code, JSON.stringify(query)?.slice(0, 40)).toBe('001000B001');
      expect(res.body.msg).toContain('query');
    }
    for (const query of [
      '💳 ünïcødé',
      'ｐａｙ',
      "'; DROP TABLE payments; --",
      '%_\\',
      'a',
      '12',
      '1111 abc',
      '\u0000x',
    ]) {
      const res = await search('owner', query);
      expect(res.status, query).toBeLessThan(500);
      expect(['000000', '001000B001'], query).toContain(res.body.code);
    }
  });

  it('reads every branch through an index range (EXPLAIN: no sequential scan, every index scan bounded by a condition)', async () => {
    const major = (payment.amount / 100).toFixed(2);
    const queries = [
      ...[...samples.values()].map((s) => s.id),
      payment.order,
      payment.email.slice(0, 5),
      `${payment.last4} ${major}`,
      `${major} EUR`,
      'sk_test_Ab',
    ];
    type Node = { 'Node Type': string; 'Index Cond'?: string; 'Relation Name'?: string; Plans?: Node[] };
    const nodesOf = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];
    for (const q of queries) {
      const branches = branchesOf(planSearch(q), STORE, new Set(SEARCH_KINDS), 9);
      expect(branches.length, q).toBeGreaterThan(0);
      for (const branch of branches) {
        // Seq scans priced out: a branch that still plans one has no index to use.
        const [row] = await t.database.db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL enable_seqscan = off`);
          return (
            (await tx.execute(sql`EXPLAIN (FORMAT JSON) ${branch}`)) as unknown as { rows: { 'QUERY PLAN': unknown }[] }
          ).rows;
        });
        const raw = row['QUERY PLAN'];
        const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Node }[];
        const nodes = nodesOf(plan[0].Plan);
        const text = JSON.stringify(plan[0].Plan).slice(0, 400);
        expect(
          nodes.filter((n) => n['Node Type'] === 'Seq Scan'),
          `${q}: ${text}`,
        ).toEqual([]);
        for (const n of nodes.filter((x) => /Index/.test(x['Node Type'])))
          expect(n['Index Cond'], `${q}: ${n['Node Type']} on ${n['Relation Name']}`).toBeTruthy();
      }
    }
  });
});
