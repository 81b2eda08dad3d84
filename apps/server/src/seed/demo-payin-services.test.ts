import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count as countRows, eq, sql, type SQL } from 'drizzle-orm';
import { payinServices, payments } from '../db/payments-schema';
import { computed, typedRows, type RowField } from '../db/typed-rows';
import { databaseError } from '../lib/db-error';
import { PAY_METHODS } from '../modules/configs';
import { computeFee, type FeeRule } from '../modules/payments';
import { createTestApp, type TestApp } from '../test/harness';
import { seedIfEmpty } from './demo';
import { demoPayinServices, SETTLEMENT_COUNTRY } from './demo-payin-services';

/** A pay-in service as the checks read it, by its column names. */
const SERVICE = {
  id: payinServices.id,
  merchant_id: payinServices.merchantId,
  country: payinServices.country,
  pay_method_type: payinServices.payMethodType,
  pay_method_name: payinServices.payMethodName,
  currency: payinServices.currency,
  fee_percent_bps: payinServices.feePercentBps,
  fee_fixed_minor: payinServices.feeFixedMinor,
  fee_minimum_minor: payinServices.feeMinimumMinor,
  min_amount: payinServices.minAmount,
  max_amount: payinServices.maxAmount,
  settlement_cycle_days: payinServices.settlementCycleDays,
  cutoff_time: payinServices.cutoffTime,
  time_zone: payinServices.timeZone,
  settlement_country: payinServices.settlementCountry,
  status: payinServices.status,
};

const CATALOGUE = PAY_METHODS.flatMap((m) => m.currencies.map((c) => `${m.payMethodName}|${c}`)).sort();

describe('demo pay-in services and the priced history', () => {
  let t: TestApp;
  const read = <S extends Record<string, RowField>>(shape: S, query: SQL) => typedRows(t.database.db, shape, query);
  const servicesOf = (merchantId: string) =>
    t.database.db
      .select(SERVICE)
      .from(payinServices)
      .where(eq(payinServices.merchantId, merchantId))
      .orderBy(payinServices.payMethodName, payinServices.currency);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives every demo direct-payment merchant the catalogue's methods × currencies, the payout merchant none", async () => {
    for (const [merchantId, timeZone] of [
      ['M1000001', 'Europe/Amsterdam'],
      ['M1000002', 'Europe/Berlin'],
      ['M1000003', 'Asia/Singapore'],
    ]) {
      const services = await servicesOf(merchantId);
      expect(services.map((s) => `${s.pay_method_name}|${s.currency}`).sort(), merchantId).toEqual(CATALOGUE);
      for (const s of services) {
        const method = PAY_METHODS.find((m) => m.payMethodName === s.pay_method_name)!;
        expect(method.countries, s.id).toContain(s.country);
        expect(s.pay_method_type).toBe(method.payMethodType);
        expect(s.settlement_country).toBe(SETTLEMENT_COUNTRY[s.currency]);
        expect(s).toMatchObject({ cutoff_time: '18:00', time_zone: timeZone });
        expect(s.settlement_cycle_days).toBeGreaterThanOrEqual(1);
        expect(s.settlement_cycle_days).toBeLessThanOrEqual(3);
      }
    }
    expect(await servicesOf('M2000001')).toEqual([]);
    const suspended = await t.database.db
      .select({
        merchant_id: payinServices.merchantId,
        pay_method_name: payinServices.payMethodName,
        currency: payinServices.currency,
      })
      .from(payinServices)
      .where(eq(payinServices.status, 'SUSPENDED'));
    expect(suspended).toEqual([{ merchant_id: 'M1000001', pay_method_name: 'GRABPAY', currency: 'PHP' }]);
  });

  it("prices cards, AMEX, wallets and bank transfers realistically, fixed parts in each currency's own unit", async () => {
    const services = await servicesOf('M1000001');
    const one = (method: string, currency: string) =>
      services.find((s) => s.pay_method_name === method && s.currency === currency)!;
    const fee = (s: (typeof services)[number]) => [
      s.fee_percent_bps,
      Number(s.fee_fixed_minor),
      s.fee_minimum_minor === null ? null : Number(s.fee_minimum_minor),
    ];
    expect(fee(one('VISA', 'USD'))).toEqual([290, 30, null]);
    expect(fee(one('MASTERCARD', 'EUR'))).toEqual([290, 30, null]);
    expect(fee(one('VISA', 'JPY'))).toEqual([290, 40, null]);
    expect(fee(one('VISA', 'IDR'))).toEqual([290, 3000, null]);
    expect(fee(one('AMEX', 'USD'))).toEqual([350, 30, null]);
    expect(fee(one('AMEX', 'JPY'))).toEqual([350, 40, null]);
    expect(fee(one('PAYPAL', 'EUR'))).toEqual([220, 0, 50]);
    expect(fee(one('GCASH', 'PHP'))).toEqual([220, 0, 2500]);
    expect(fee(one('SEPA', 'EUR'))).toEqual([80, 0, 35]);
    expect(fee(one('VA_BCA', 'IDR'))).toEqual([80, 0, 4000]);
    expect(one('SEPA', 'EUR')).toMatchObject({
      country: 'DE',
      min_amount: expect.anything(),
      max_amount: expect.anything(),
    });
    expect([Number(one('SEPA', 'EUR').min_amount), Number(one('SEPA', 'EUR').max_amount)]).toEqual([100, 5_000_000]);
    expect([Number(one('VA_BCA', 'IDR').min_amount), Number(one('VA_BCA', 'IDR').max_amount)]).toEqual([
      10_000, 500_000_000,
    ]);
    expect(one('IDEAL', 'EUR').country).toBe('NL'); // iDEAL is Dutch only
    expect(one('VISA', 'EUR').country).toBe('DE');
    expect(one('GRABPAY', 'SGD').country).toBe('SG');
    // Cards take any amount (no limits); their cycle is T+2, AMEX T+3, wallets T+1.
    expect(
      services.filter((s) => s.pay_method_type === 'CARD').every((s) => s.min_amount === null && s.max_amount === null),
    ).toBe(true);
    expect([
      one('VISA', 'USD').settlement_cycle_days,
      one('AMEX', 'USD').settlement_cycle_days,
      one('PAYPAL', 'USD').settlement_cycle_days,
    ]).toEqual([2, 3, 1]);
  });

  it('prices every generated and demo-link payment with its service and keeps the snapshot', async () => {
    // Captured or pending payments carry a whole snapshot of a service of their own merchant, method and currency.
    const [totals] = await read(
      { priced: computed(Number), unpriced: computed(Number) },
      sql`
      SELECT count(*) FILTER (WHERE payin_service_id IS NOT NULL)::int AS priced,
             count(*) FILTER (WHERE payin_service_id IS NULL)::int AS unpriced
        FROM payments WHERE status IN ('SUCCESS', 'PENDING')`,
    );
    expect(totals.priced).toBeGreaterThan(3000);
    expect(totals.unpriced).toBe(0);
    const mismatched = await read(
      { id: payments.id },
      sql`
      SELECT p.id FROM payments p LEFT JOIN payin_services s ON s.id = p.payin_service_id
       WHERE p.payin_service_id IS NOT NULL
         AND (s.id IS NULL OR s.merchant_id <> p.merchant_id OR s.pay_method_name <> p.pay_method_name OR s.currency <> p.currency
              OR s.fee_percent_bps <> p.fee_percent_bps OR s.fee_fixed_minor <> p.fee_fixed_minor
              OR s.fee_minimum_minor IS DISTINCT FROM p.fee_minimum_minor)`,
    );
    expect(mismatched).toEqual([]);
    expect(
      await read(
        { id: payments.id },
        sql`SELECT id FROM payments WHERE status IN ('FAILED', 'CANCELLED') AND payin_service_id IS NOT NULL`,
      ),
    ).toEqual([]);
    // Each captured fee is computeFee of its snapshot (a sample across currencies, every method).
    const sample = await read(
      {
        amount: payments.amount,
        currency: payments.currency,
        fee: payments.fee,
        // A captured payment's snapshot is whole (checked above): a null here fails the read.
        fee_percent_bps: computed(Number),
        fee_fixed_minor: payments.feeFixedMinor,
        fee_minimum_minor: payments.feeMinimumMinor,
      },
      sql`
      SELECT DISTINCT ON (pay_method_name, currency) amount, currency, fee, fee_percent_bps, fee_fixed_minor, fee_minimum_minor
        FROM payments WHERE status = 'SUCCESS' ORDER BY pay_method_name, currency, id`,
    );
    expect(sample.length).toBeGreaterThan(25);
    for (const p of sample) {
      const rule: FeeRule = {
        percentBps: p.fee_percent_bps,
        fixedMinor: Number(p.fee_fixed_minor),
        ...(p.fee_minimum_minor === null ? {} : { minimumMinor: Number(p.fee_minimum_minor) }),
      };
      expect(Number(p.fee), JSON.stringify(p)).toBe(
        computeFee({ amount: Number(p.amount), currency: p.currency, rule }),
      );
    }
    // An amount outside a service's limits never succeeded.
    const outside = await read(
      { id: payments.id },
      sql`
      SELECT p.id FROM payments p JOIN payin_services s ON s.id = p.payin_service_id
       WHERE p.amount < coalesce(s.min_amount, 0) OR p.amount > coalesce(s.max_amount, p.amount)`,
    );
    expect(outside).toEqual([]);
  });

  it('seeds idempotently: again nothing, and a demo database without services gets them back', async () => {
    const count = async () => (await t.database.db.select({ n: countRows() }).from(payinServices))[0].n;
    const before = await count();
    expect(before).toBe(3 * CATALOGUE.length);
    expect(await seedIfEmpty(t.database.db, { secrets: t.database.secrets })).toBe(false);
    expect(await count()).toBe(before);
    // A demo database made before pay-in services: the sub-merchant without any gets the demo set.
    await t.database.db.execute(sql`DELETE FROM payin_services WHERE merchant_id = 'M1000003'`);
    expect(await seedIfEmpty(t.database.db, { secrets: t.database.secrets })).toBe(false);
    expect(await count()).toBe(before);
    expect((await servicesOf('M1000003')).every((s) => s.time_zone === 'Asia/Singapore')).toBe(true);
    // The builder is pure: the same tariffs for the same merchant, fresh ids.
    const a = demoPayinServices({ id: 'M1000001', timeZone: 'UTC' });
    const b = demoPayinServices({ id: 'M1000001', timeZone: 'UTC' });
    expect(a.map(({ id: _a, createdAt: _c, ...rest }) => rest)).toEqual(
      b.map(({ id: _a, createdAt: _c, ...rest }) => rest),
    );
    expect(new Set([...a, ...b].map((s) => s.id)).size).toBe(a.length * 2);
  });

  it('lets the database refuse a service that breaks its rules', async () => {
    const insert = (overrides: Record<string, unknown>) => {
      const v = {
        id: `PISBAD${Math.random().toString(36).slice(2, 10)}`,
        pay_method_name: 'ZIP',
        currency: 'USD',
        country: 'US',
        fee_percent_bps: 100,
        fee_fixed_minor: 0,
        fee_minimum_minor: null,
        min_amount: null,
        max_amount: null,
        settlement_cycle_days: 1,
        cutoff_time: '18:00',
        status: 'ACTIVE',
        ...overrides,
      };
      return t.database.db
        .execute(
          sql`
        INSERT INTO payin_services (id, merchant_id, country, pay_method_type, pay_method_name, currency, fee_percent_bps, fee_fixed_minor, fee_minimum_minor,
                                    min_amount, max_amount, settlement_cycle_days, cutoff_time, time_zone, settlement_country, status)
        VALUES (${v.id}, 'M1000001', ${v.country}, 'CARD', ${v.pay_method_name}, ${v.currency}, ${v.fee_percent_bps}, ${v.fee_fixed_minor}, ${v.fee_minimum_minor},
                ${v.min_amount}, ${v.max_amount}, ${v.settlement_cycle_days}, ${v.cutoff_time}, 'UTC', 'US', ${v.status})`,
        )
        .then(
          () => null,
          (err: unknown) => databaseError(err),
        );
    };
    const refused: [Record<string, unknown>, string][] = [
      [{ fee_percent_bps: 10_001 }, 'payin_services_fee_percent'],
      [{ fee_percent_bps: -1 }, 'payin_services_fee_percent'],
      [{ fee_fixed_minor: -1 }, 'payin_services_fee_fixed'],
      [{ fee_minimum_minor: -5 }, 'payin_services_fee_minimum'],
      [{ min_amount: 0 }, 'payin_services_limits'],
      [{ min_amount: 500, max_amount: 499 }, 'payin_services_limits'],
      [{ settlement_cycle_days: 31 }, 'payin_services_cycle'],
      [{ cutoff_time: '24:00' }, 'payin_services_cutoff'],
      [{ cutoff_time: '9:30' }, 'payin_services_cutoff'],
      [{ country: '1X' }, 'payin_services_country_code'],
      [{ currency: 'usd' }, 'payin_services_currency_code'],
      [{ status: 'PAUSED' }, 'payin_services_status'],
    ];
    for (const [overrides, constraint] of refused) {
      expect(await insert(overrides), JSON.stringify(overrides)).toMatchObject({ code: '23514', constraint });
    }
    expect(
      await insert({ cutoff_time: '23:59', min_amount: 500, max_amount: 500, settlement_cycle_days: 0 }),
    ).toBeNull();
    // One service per merchant, method, currency and country.
    expect(await insert({ pay_method_name: 'VISA', currency: 'USD', country: 'US' })).toMatchObject({
      code: '23505',
      constraint: 'payin_services_merchant_method_uq',
    });
  });

  it('opens the table to the app role for reads and writes, never for TRUNCATE (PostgreSQL: the server runs as mbo_app)', async () => {
    const [grants] = await read(
      { sel: computed(Boolean), ins: computed(Boolean), trunc: computed(Boolean), refs: computed(Boolean) },
      sql`
      SELECT has_table_privilege('mbo_app', 'payin_services', 'SELECT') AS sel, has_table_privilege('mbo_app', 'payin_services', 'INSERT') AS ins,
             has_table_privilege('mbo_app', 'payin_services', 'TRUNCATE') AS trunc, has_table_privilege('mbo_app', 'payin_services', 'REFERENCES') AS refs`,
    );
    expect(grants).toEqual({ sel: true, ins: true, trunc: false, refs: false });
    if (t.kind === 'postgres') {
      // The server's own connection is the restricted role, and reads the table (the list works through it).
      const [me] = await read(
        { member: computed(Boolean), n: computed(Number) },
        sql`SELECT pg_has_role(current_user, 'mbo_app', 'MEMBER') AS member, (SELECT count(*)::int FROM payin_services) AS n`,
      );
      expect(me.member).toBe(true);
      expect(me.n).toBeGreaterThan(0);
    }
  });
});
