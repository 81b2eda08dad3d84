import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count as countAll, eq, sql } from 'drizzle-orm';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { paymentLinks } from '../../db/payments-schema';
import { auditLog } from '../../db/schema';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

const LINK = {
  amount: '25.00',
  currency: 'EUR',
  description: 'Blue T-shirt, size M',
  reusable: false,
  expiresInDays: 7,
};

describe('payment links (merchant API)', () => {
  let t: TestApp;
  let owner: string;
  let viewer: string;
  let otherMerchant: string;
  beforeAll(async () => {
    t = await createTestApp();
    [owner, viewer, otherMerchant] = await Promise.all([
      loginAs(t.app, 'owner@demo.test'),
      loginAs(t.app, 'viewer@demo.test'),
      loginAs(t.app, 'owner@demo.test'),
    ]);
    // Another direct-payment merchant: the owner's second session, acting for the sub-merchant Demo Store Europe.
    const switched = await call(t.app, 'POST', '/usercenter/web/v1/switch-user-access-merchant', {
      cookie: otherMerchant,
      payload: { merchantId: 'M1000002' },
    });
    expect(switched.body.code).toBe('000000');
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (payload: unknown, cookie = owner) =>
    call(t.app, 'POST', PAYMENT_LINK_PATHS.create, { cookie, payload });
  const list = (payload: unknown = {}, cookie = owner) =>
    call(t.app, 'POST', PAYMENT_LINK_PATHS.list, { cookie, payload });
  const deactivate = (linkId: string, cookie = owner) =>
    call(t.app, 'POST', PAYMENT_LINK_PATHS.deactivate, { cookie, payload: { linkId } });

  it('creates an ACTIVE link in minor units with an unguessable id, a public URL and an audit row', async () => {
    const before = Date.now();
    const res = await create(LINK);
    expect(res.body.code).toBe('000000');
    const link = res.body.data;
    expect(link).toMatchObject({
      amount: 2500,
      currency: 'EUR',
      description: LINK.description,
      reusable: false,
      status: 'ACTIVE',
      paidCount: 0,
    });
    expect(link.linkId).toMatch(/^PL[0-9A-Z]{17}$/);
    expect(link.url).toBe(`http://localhost:8080/pay/${link.linkId}`);
    const days = (Date.parse(link.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const rows = await t.database.db
      .select({ action: auditLog.action, actor_email: auditLog.actorEmail, target_id: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.targetId, link.linkId));
    expect(rows).toEqual([{ action: 'PAYMENT_LINK_CREATED', actor_email: 'owner@demo.test', target_id: link.linkId }]);
  });

  it('takes a zero-decimal currency without decimals and refuses decimals there with "No decimals."', async () => {
    expect((await create({ ...LINK, amount: '1500', currency: 'JPY' })).body.data.amount).toBe(1500);
    expect((await create({ ...LINK, amount: '1500.00', currency: 'JPY' })).body.data.amount).toBe(1500);
    const res = await create({ ...LINK, amount: '1500.5', currency: 'JPY' });
    expect(res.body).toMatchObject({ code: '003001B039', msg: 'No decimals.' });
  });

  it('refuses a link no card pay-in service could take (its currency, or its amount outside the limits), writing nothing', async () => {
    const count = async () => (await t.database.db.select({ n: countAll() }).from(paymentLinks))[0].n;
    const before = await count();
    const chf = await create({ ...LINK, currency: 'CHF' });
    expect(chf.body).toMatchObject({
      code: '003001B033',
      msg: expect.stringMatching(/No active card pay-in service takes CHF/),
    });
    // A EUR card service capped at 50.00 (the others suspended): 60.00 is refused, 40.00 is taken.
    await t.database.db.execute(
      sql`UPDATE payin_services SET max_amount = 5000 WHERE merchant_id = 'M1000001' AND currency = 'EUR' AND pay_method_type = 'CARD'`,
    );
    try {
      const over = await create({ ...LINK, amount: '60.00' });
      expect(over.body).toMatchObject({
        code: '003001B033',
        msg: expect.stringMatching(/60\.00 EUR: the amount is outside its limits/),
      });
      expect(await count()).toBe(before);
      expect((await create({ ...LINK, amount: '40.00' })).body.code).toBe('000000');
    } finally {
      await t.database.db.execute(
        sql`UPDATE payin_services SET max_amount = NULL WHERE merchant_id = 'M1000001' AND currency = 'EUR' AND pay_method_type = 'CARD'`,
      );
    }
  });

  it('answers wrong amounts, currencies, descriptions and expiries with an error naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ ...LINK, amount: '0' }, 'amount'],
      [{ ...LINK, amount: '0.00' }, 'amount'],
      [{ ...LINK, amount: '-5' }, 'amount'],
      [{ ...LINK, amount: '10.999' }, 'amount'],
      [{ ...LINK, amount: 25 }, 'amount'],
      [{ ...LINK, amount: '999999999999999' }, 'amount'],
      [{ ...LINK, currency: 'XXX' }, 'currency'],
      [{ ...LINK, description: '   ' }, 'description'],
      [{ ...LINK, description: 'x'.repeat(201) }, 'description'],
      [{ ...LINK, expiresInDays: 0 }, 'expiresInDays'],
      [{ ...LINK, expiresInDays: 31 }, 'expiresInDays'],
      [{ ...LINK, expiresInDays: 1.5 }, 'expiresInDays'],
      [{ ...LINK, reusable: 'yes' }, 'reusable'],
      [{}, 'amount'],
    ];
    for (const [payload, field] of cases) {
      const res = await create(payload);
      expect(res.status, JSON.stringify(payload)).toBe(200);
      expect(res.body.code, JSON.stringify(payload)).toBe('001000B001');
      expect(res.body.msg, JSON.stringify(payload)).toContain(field);
    }
    expect((await create({ ...LINK, expiresInDays: 1 })).body.code).toBe('000000');
    expect((await create({ ...LINK, expiresInDays: 30 })).body.code).toBe('000000');
  });

  it('refuses create and deactivate to a role without API_PAYMENT_LINK_ADD (430) but lets it list', async () => {
    const created = await create(LINK);
    expect((await create(LINK, viewer)).status).toBe(430);
    const res = await deactivate(created.body.data.linkId, viewer);
    expect(res.status).toBe(430);
    expect(res.body.code).toBe('002001B024');
    expect((await list({}, viewer)).body.data.total).toBeGreaterThan(0);
    expect((await call(t.app, 'POST', PAYMENT_LINK_PATHS.list, { payload: {} })).status).toBe(431);
  });

  it('deactivates only ACTIVE links; a second deactivation is "no longer active"', async () => {
    const { linkId } = (await create(LINK)).body.data;
    const res = await deactivate(linkId);
    expect(res.body.code).toBe('000000');
    expect(res.body.data.status).toBe('DEACTIVATED');
    const again = await deactivate(linkId);
    expect(again.body).toMatchObject({ code: '003001B041', msg: 'This payment link is no longer active.' });
  });

  it('derives EXPIRED for an ACTIVE link past its expiry, filters by it and refuses to deactivate it', async () => {
    const { linkId } = (await create({ ...LINK, description: 'will expire' })).body.data;
    await t.database.db.execute(
      sql`UPDATE payment_links SET expires_at = now() - interval '1 minute' WHERE id = ${linkId}`,
    );
    const expired = await list({ status: ['EXPIRED'] });
    expect(expired.body.data.records.map((r: { linkId: string }) => r.linkId)).toContain(linkId);
    expect(expired.body.data.records.every((r: { status: string }) => r.status === 'EXPIRED')).toBe(true);
    const active = await list({ status: ['ACTIVE'], pageSize: 200 });
    expect(active.body.data.records.map((r: { linkId: string }) => r.linkId)).not.toContain(linkId);
    expect(active.body.data.records.every((r: { status: string }) => r.status === 'ACTIVE')).toBe(true);
    expect((await deactivate(linkId)).body.code).toBe('003001B041');
  });

  it('lists newest first with paging, total, keyword search (description or id) and sorts', async () => {
    const a = (await create({ ...LINK, amount: '1.00', description: 'Findable mug 100%' })).body.data;
    const b = (await create({ ...LINK, amount: '900.00', description: 'Findable poster' })).body.data;
    const all = await list({ pageSize: 2 });
    expect(all.body.data.records).toHaveLength(2);
    expect(all.body.data.records[0].linkId).toBe(b.linkId);
    expect(all.body.data.total).toBeGreaterThan(2);
    const found = await list({ keyword: 'findable' });
    expect(found.body.data.total).toBe(2);
    expect((await list({ keyword: '100%' })).body.data.records.map((r: { linkId: string }) => r.linkId)).toEqual([
      a.linkId,
    ]);
    expect(
      (await list({ keyword: b.linkId.toLowerCase() })).body.data.records.map((r: { linkId: string }) => r.linkId),
    ).toEqual([b.linkId]);
    const byAmount = await list({ keyword: 'findable', sort: 'amount:asc' });
    expect(byAmount.body.data.records.map((r: { amount: number }) => r.amount)).toEqual([100, 90000]);
    const future = await list({ createdFrom: new Date(Date.now() + 60_000).toISOString() });
    expect(future.body.data.total).toBe(0);
  });

  it('keeps merchants apart: another merchant neither sees nor deactivates a link ("Order not found.")', async () => {
    const { linkId } = (await create(LINK)).body.data;
    const res = await deactivate(linkId, otherMerchant);
    expect(res.body).toMatchObject({ code: '003001B022', msg: 'Order not found.' });
    const theirs = await list({ keyword: linkId }, otherMerchant);
    expect(theirs.body.data.total).toBe(0);
    expect((await list({ keyword: linkId })).body.data.total).toBe(1);
  });

  it('answers bad input to every call with a clear error, never a 5xx', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { pageNum: -1 },
      { pageSize: 10_000 },
      { status: ['NOPE'] },
      { status: 'ACTIVE' },
      { keyword: 'x'.repeat(500) },
      { keyword: 'a\u0000b' },
      { createdFrom: 'yesterday' },
      { sort: 'linkId:asc' },
      { linkId: '' },
      { linkId: 'x'.repeat(100) },
      { linkId: 42 },
      { linkId: "' OR 1=1 --" },
    ];
    for (const path of [PAYMENT_LINK_PATHS.list, PAYMENT_LINK_PATHS.create, PAYMENT_LINK_PATHS.deactivate]) {
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { cookie: owner, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${path} ${JSON.stringify(payload)}`).toBeLessThan(500);
        // The list takes an empty body (every filter is optional); the rest must be refused clearly.
        if (res.json().code !== '000000') expect(['001000B001', '003001B022']).toContain(res.json().code);
        if (path !== PAYMENT_LINK_PATHS.list) expect(res.json().code).not.toBe('000000');
      }
      if (path === PAYMENT_LINK_PATHS.list) {
        for (const payload of bodies.slice(4, 12))
          expect((await list(payload)).body.code, JSON.stringify(payload)).toBe('001000B001');
      }
      const malformed = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { cookie: owner, 'content-type': 'application/json' },
        payload: '{"amount":',
      });
      expect(malformed.statusCode).toBe(200);
      expect(malformed.json().code).toBe('001000B001');
      const form = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { cookie: owner, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'linkId=x',
      });
      expect(form.statusCode).toBeLessThan(500);
      expect(form.json().code).toBe('001000B001');
    }
  });
});
