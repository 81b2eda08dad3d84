import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { PAYIN_SERVICE_PATHS, type PayinServiceRecord } from '@mbo/contracts/payin-services';
import { payinServices } from '../../db/payments-schema';
import { users } from '../../db/schema';
import { createSession } from '../../plugins/session-store';
import { ROLE_DEFINITIONS } from '../team';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

const SWITCH = '/usercenter/web/v1/switch-user-access-merchant';
/** The pay-method catalogue's methods × currencies: what every demo direct-payment merchant holds. */
const CATALOGUE_SERVICES = 32;

describe('pay-in services', () => {
  let t: TestApp;
  let owner: string;
  const list = async (payload: Record<string, unknown>, cookie = owner) =>
    call(t.app, 'POST', PAYIN_SERVICE_PATHS.list, { cookie, payload });
  const records = async (payload: Record<string, unknown>, cookie = owner): Promise<PayinServiceRecord[]> => {
    const res = await list(payload, cookie);
    expect(res.body.code, JSON.stringify(res.body)).toBe('000000');
    return res.body.data.records;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists the merchant's services with their fee, limits, cycle and cut-off, by country by default", async () => {
    const res = await list({});
    expect(res.body.data.total).toBe(CATALOGUE_SERVICES);
    const page: PayinServiceRecord[] = res.body.data.records;
    expect(page).toHaveLength(20);
    const keys = page.map((r) => [r.country, r.payMethodName, r.currency].join('|'));
    expect(keys).toEqual([...keys].sort());
    const all = await records({ pageSize: 200 });
    const amex = all.find((r) => r.payMethodName === 'AMEX' && r.currency === 'USD')!;
    expect(amex).toMatchObject({
      serviceId: expect.stringMatching(/^PIS/),
      country: 'US',
      payMethodType: 'CARD',
      currency: 'USD',
      fee: { percentBps: 350, fixedMinor: 30, minimumMinor: null, currency: 'USD' },
      minAmount: null,
      maxAmount: null,
      settlementCycleDays: 3,
      cutoffTime: '18:00',
      timeZone: 'Europe/Amsterdam',
      settlementCountry: 'US',
      status: 'ACTIVE',
    });
    expect(new Date(amex.createdAt).getTime()).toBeLessThan(Date.now());
    // Zero-decimal currencies carry their fixed part in their own unit: ¥40, Rp 3,000.
    expect(all.find((r) => r.payMethodName === 'VISA' && r.currency === 'JPY')!.fee).toEqual({
      percentBps: 290,
      fixedMinor: 40,
      minimumMinor: null,
      currency: 'JPY',
    });
    expect(all.find((r) => r.payMethodName === 'VISA' && r.currency === 'IDR')!.fee.fixedMinor).toBe(3000);
    // A bank transfer: 0.80 % with a minimum, capped by its per-payment limit.
    expect(all.find((r) => r.payMethodName === 'SEPA')).toMatchObject({
      fee: { percentBps: 80, fixedMinor: 0, minimumMinor: 35 },
      minAmount: 100,
      maxAmount: 5_000_000,
    });
    expect(all.filter((r) => r.status === 'SUSPENDED').map((r) => `${r.payMethodName}|${r.currency}`)).toEqual([
      'GRABPAY|PHP',
    ]);
  });

  it('filters by status, country (any case), method type and name, currency and creation date', async () => {
    expect((await records({ status: ['SUSPENDED'] })).map((r) => r.payMethodName)).toEqual(['GRABPAY']);
    expect((await records({ status: ['ACTIVE', 'SUSPENDED'], pageSize: 200 })).length).toBe(CATALOGUE_SERVICES);
    const japan = await records({ country: 'jp' });
    expect(japan.length).toBeGreaterThan(0);
    expect(japan.every((r) => r.country === 'JP')).toBe(true);
    const wallets = await records({ payMethodType: 'EWALLET', pageSize: 200 });
    expect(new Set(wallets.map((r) => r.payMethodName))).toEqual(new Set(['PAYPAL', 'GCASH', 'OVO', 'GRABPAY']));
    expect((await records({ payMethodName: 'VISA', pageSize: 200 })).map((r) => r.currency).sort()).toEqual([
      'EUR',
      'GBP',
      'IDR',
      'JPY',
      'PHP',
      'SGD',
      'USD',
    ]);
    const sgd = await records({ currency: 'SGD', pageSize: 200 });
    expect(new Set(sgd.map((r) => r.payMethodName))).toEqual(
      new Set(['VISA', 'MASTERCARD', 'AMEX', 'JCB', 'GRABPAY', 'PAYNOW']),
    );
    expect(await records({ currency: 'SGD', payMethodType: 'QR' })).toHaveLength(1);
    const all = await records({ pageSize: 200, sort: 'createdAt:asc' });
    const middle = all[10].createdAt;
    const since = await records({ pageSize: 200, createdFrom: middle });
    expect(since.length).toBe(all.length - 10);
    expect((await records({ pageSize: 200, createdTo: middle })).length).toBe(11);
    expect(await records({ createdFrom: '2001-01-01T00:00:00Z', createdTo: '2001-12-31T00:00:00Z' })).toEqual([]);
  });

  it('searches by a prefix of the service id or of the method name, in any case; % and _ are plain characters', async () => {
    expect((await records({ keyword: 'mast', pageSize: 200 })).every((r) => r.payMethodName === 'MASTERCARD')).toBe(
      true,
    );
    expect(await records({ keyword: 'mast', pageSize: 200 })).toHaveLength(7);
    expect(await records({ keyword: 'astercard' })).toEqual([]);
    const one = (await records({ payMethodName: 'QRIS' }))[0];
    expect((await records({ keyword: one.serviceId.toLowerCase() })).map((r) => r.serviceId)).toEqual([one.serviceId]);
    expect(await records({ keyword: 'VA_' })).toHaveLength(1);
    expect(await records({ keyword: '%' })).toEqual([]);
    expect(await records({ keyword: '_A' })).toEqual([]);
  });

  it('sorts by country, method, currency and creation date both ways, and pages without overlap', async () => {
    const by = async (sort: string) => records({ pageSize: 200, sort });
    const names = (await by('payMethodName:asc')).map((r) => r.payMethodName);
    expect(names).toEqual([...names].sort());
    const desc = (await by('payMethodName:desc')).map((r) => r.payMethodName);
    expect(desc).toEqual([...names].sort().reverse());
    const currencies = (await by('currency:desc')).map((r) => r.currency);
    expect(currencies).toEqual([...currencies].sort().reverse());
    const countries = (await by('country:desc')).map((r) => r.country);
    expect(countries).toEqual([...countries].sort().reverse());
    const created = (await by('createdAt:desc')).map((r) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const pages = [
      ...(await records({ pageSize: 7, pageNum: 1 })),
      ...(await records({ pageSize: 7, pageNum: 2 })),
      ...(await records({ pageSize: 7, pageNum: 5 })),
    ];
    expect(new Set(pages.map((r) => r.serviceId)).size).toBe(7 + 7 + 4);
    const past = await list({ pageSize: 20, pageNum: 3 });
    expect(past.body.data).toEqual({ total: CATALOGUE_SERVICES, records: [] });
  });

  it("shows only the active merchant's services: a sub-merchant's after a switch, never another merchant's", async () => {
    const own = new Set((await records({ pageSize: 200 })).map((r) => r.serviceId));
    const cookie = await loginAs(t.app, 'owner@demo.test');
    expect((await call(t.app, 'POST', SWITCH, { cookie, payload: { merchantId: 'M1000002' } })).body.code).toBe(
      '000000',
    );
    const europe = await records({ pageSize: 200 }, cookie);
    expect(europe).toHaveLength(CATALOGUE_SERVICES);
    expect(europe.filter((r) => own.has(r.serviceId))).toEqual([]);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(payinServices)
      .where(
        and(
          eq(payinServices.merchantId, 'M1000002'),
          inArray(
            payinServices.id,
            europe.map((r) => r.serviceId),
          ),
        ),
      );
    expect(stored.n).toBe(CATALOGUE_SERVICES);
    // Its own negotiated rate, its own time zone, and no suspended service.
    expect(europe.find((r) => r.payMethodName === 'VISA' && r.currency === 'EUR')).toMatchObject({
      fee: { percentBps: 180, fixedMinor: 25 },
      timeZone: 'Europe/Berlin',
      settlementCycleDays: 1,
    });
    expect(europe.filter((r) => r.status === 'SUSPENDED')).toEqual([]);
    // Another merchant's service id as a keyword finds nothing.
    const foreign = [...own][0];
    expect(await records({ keyword: foreign }, cookie)).toEqual([]);
    const fees = await call(t.app, 'GET', PAYIN_SERVICE_PATHS.userFeeConfig, { cookie });
    expect(fees.body.data.merchantId).toBe('M1000002');
    expect(fees.body.data.fees.filter((f: { serviceId: string }) => own.has(f.serviceId))).toEqual([]);
  });

  it('lets every role of a direct-payment merchant read the list and the fee configuration; a payout merchant gets 430', async () => {
    for (const role of ROLE_DEFINITIONS) {
      const [user] = await t.database.db
        .insert(users)
        .values({
          merchantId: 'M1000001',
          email: `payin-${role.code.toLowerCase()}@demo.test`,
          name: role.name,
          roleCode: role.code,
          status: 'ACTIVE',
        })
        .returning({ id: users.id });
      const cookie = `mbo_sid=${await createSession(t.database.db, { userId: user.id, merchantId: 'M1000001', ip: '127.0.0.1', userAgent: 'payin-test' })}`;
      expect((await list({ pageSize: 1 }, cookie)).body.data.total, role.code).toBe(CATALOGUE_SERVICES);
      expect((await call(t.app, 'GET', PAYIN_SERVICE_PATHS.userFeeConfig, { cookie })).body.code, role.code).toBe(
        '000000',
      );
      expect(
        (await call(t.app, 'POST', PAYIN_SERVICE_PATHS.isGrayMerchant, { cookie, payload: {} })).body.data,
        role.code,
      ).toEqual({ merchantGray: true });
    }
    const payouts = await loginAs(t.app, 'payouts@demo.test');
    for (const [method, url] of [
      ['POST', PAYIN_SERVICE_PATHS.list],
      ['GET', PAYIN_SERVICE_PATHS.userFeeConfig],
    ] as const) {
      const res = await call(t.app, method, url, { cookie: payouts, payload: method === 'POST' ? {} : undefined });
      expect(res.status, url).toBe(430);
      expect(res.body, url).toMatchObject({ code: '002001B024', data: null });
    }
    // The release group is every merchant's, payout merchants included.
    expect((await call(t.app, 'POST', PAYIN_SERVICE_PATHS.isGrayMerchant, { cookie: payouts })).body).toMatchObject({
      code: '000000',
      data: { merchantGray: true },
    });
    // Without a session: 431.
    expect((await call(t.app, 'GET', PAYIN_SERVICE_PATHS.userFeeConfig)).status).toBe(431);
    expect((await call(t.app, 'POST', PAYIN_SERVICE_PATHS.isGrayMerchant, { payload: {} })).status).toBe(431);
  });

  it("answers user-fee/config with every service's fee rule and status, in the list's order", async () => {
    const res = await call(t.app, 'GET', PAYIN_SERVICE_PATHS.userFeeConfig, { cookie: owner });
    expect(res.body.code).toBe('000000');
    const config = res.body.data;
    expect(config.merchantId).toBe('M1000001');
    expect(config.fees).toHaveLength(CATALOGUE_SERVICES);
    const listed = await records({ pageSize: 200 });
    expect(config.fees.map((f: { serviceId: string }) => f.serviceId)).toEqual(listed.map((r) => r.serviceId));
    expect(
      config.fees.find(
        (f: { payMethodName: string; currency: string }) => f.payMethodName === 'PAYPAL' && f.currency === 'GBP',
      ),
    ).toEqual({
      serviceId: expect.any(String),
      country: 'GB',
      payMethodType: 'EWALLET',
      payMethodName: 'PAYPAL',
      currency: 'GBP',
      fee: { percentBps: 220, fixedMinor: 0, minimumMinor: 40, currency: 'GBP' },
      status: 'ACTIVE',
    });
    expect(config.fees.find((f: { status: string }) => f.status === 'SUSPENDED')).toMatchObject({
      payMethodName: 'GRABPAY',
      currency: 'PHP',
    });
  });

  it("answers isGrayMerchant from the active merchant's flag", async () => {
    const gray = async (cookie: string) =>
      (await call(t.app, 'POST', PAYIN_SERVICE_PATHS.isGrayMerchant, { cookie, payload: {} })).body.data.merchantGray;
    await t.database.db.execute(sql`UPDATE merchants SET gray_release = false WHERE id = 'M1000003'`);
    const cookie = await loginAs(t.app, 'finance@demo.test');
    expect(await gray(cookie)).toBe(true);
    expect((await call(t.app, 'POST', SWITCH, { cookie, payload: { merchantId: 'M1000003' } })).body.code).toBe(
      '000000',
    );
    expect(await gray(cookie)).toBe(false);
    expect((await call(t.app, 'POST', SWITCH, { cookie, payload: { merchantId: 'M1000001' } })).body.code).toBe(
      '000000',
    );
    expect(await gray(cookie)).toBe(true);
  });

  it('answers bad input with 001000B001 naming the field, never a 5xx', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: 'XXX' }, 'currency'],
      [{ currency: 'usd' }, 'currency'],
      [{ country: '1X' }, 'country'],
      [{ country: 'NLD' }, 'country'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ pageSize: 201 }, 'pageSize'],
      [{ pageNum: 0 }, 'pageNum'],
      [{ pageNum: 1.5 }, 'pageNum'],
      [{ keyword: 'x'.repeat(201) }, 'keyword'],
      [{ keyword: 'x'.repeat(100_000) }, 'keyword'],
      [{ status: ['PAUSED'] }, 'status'],
      [{ sort: 'fee:asc' }, 'sort'],
      [{ createdFrom: '0000-01-01T00:00:00Z' }, 'createdFrom'],
      [{ payMethodName: 'V'.repeat(41) }, 'payMethodName'],
    ];
    for (const [payload, field] of cases) {
      const res = await list(payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(200);
      expect(res.body.code, field).toBe('001000B001');
      expect(res.body.msg, field).toContain(field);
      expect(res.body.msg_params?.isGwErrorMapEnabled).toBe(1);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: PAYIN_SERVICE_PATHS.list,
      headers: { cookie: owner, 'content-type': 'application/json' },
      payload: '{"pageSize":',
    });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json().code).toBe('001000B001');
  });
});
