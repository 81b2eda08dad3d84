import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { SETTLEMENT_PATHS } from '@mbo/contracts/settlements';
import { settlementBatches, settlements } from '../../db/settlements-schema';
import { computed, computedOrNull, typedRows } from '../../db/typed-rows';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

/** The sandbox clock: the active merchant's batches settle as of a later day; nobody else's move. */
describe('sandbox clock', () => {
  let t: TestApp;
  const openBatches = async (merchantId: string) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(settlementBatches)
        .where(and(eq(settlementBatches.merchantId, merchantId), ne(settlementBatches.status, 'SETTLED')))
    )[0].n;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a role that may only read the batches (the Viewer): 430, and no batch, settlement or balance line moves', async () => {
    const state = async () =>
      (
        await typedRows(
          t.database.db,
          { batches: computedOrNull(String), settlements: computed(Number), lines: computed(Number) },
          sql`
      SELECT (SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM settlement_batches WHERE merchant_id = 'M1000001') AS batches,
             (SELECT count(*) FROM settlements WHERE merchant_id = 'M1000001') AS settlements,
             (SELECT count(*) FROM ledger_transactions WHERE merchant_id = 'M1000001') AS lines`,
        )
      )[0];
    const before = await state();
    expect(await openBatches('M1000001')).toBeGreaterThan(0);
    const viewer = await loginAs(t.app, 'viewer@demo.test');
    // The viewer sees the batches and whether the clock is there, but may not move it.
    expect((await call(t.app, 'GET', SETTLEMENT_PATHS.sandboxClock, { cookie: viewer })).body.data).toEqual({
      enabled: true,
    });
    const res = await call(t.app, 'POST', SETTLEMENT_PATHS.sandboxAdvance, { cookie: viewer, payload: { days: 3 } });
    expect(res.status).toBe(430);
    expect(res.body).toMatchObject({ code: '002001B024', data: null });
    await t.app.jobs.drain();
    expect(await state()).toEqual(before);
  });

  it("settles the active merchant's batches as of days ahead, recorded now, and leaves other merchants' alone", async () => {
    const cookie = await loginAs(t.app, 'finance@demo.test');
    expect((await call(t.app, 'GET', SETTLEMENT_PATHS.sandboxClock, { cookie })).body.data).toEqual({ enabled: true });
    expect(await openBatches('M1000001')).toBeGreaterThan(0);
    const others = await openBatches('M1000002');
    const started = Date.now();
    const res = await call(t.app, 'POST', SETTLEMENT_PATHS.sandboxAdvance, { cookie, payload: { days: 10 } });
    expect(res.body.code, res.body.msg).toBe('000000');
    expect(res.body.data.settlements).toBeGreaterThan(0);
    expect(Date.parse(res.body.data.asOf) - started).toBeGreaterThanOrEqual(10 * 86_400_000 - 1000);
    expect(await openBatches('M1000001')).toBe(0);
    expect(await openBatches('M1000002')).toBe(others);
    const [latest] = await t.database.db
      .select({ paid_at: settlements.paidAt })
      .from(settlements)
      .where(eq(settlements.merchantId, 'M1000001'))
      .orderBy(desc(settlements.paidAt))
      .limit(1);
    expect(Math.abs(Number(latest.paid_at) - Date.now())).toBeLessThan(60_000);
    // Again: nothing left to do.
    expect(
      (await call(t.app, 'POST', SETTLEMENT_PATHS.sandboxAdvance, { cookie, payload: { days: 10 } })).body.data,
    ).toMatchObject({ closed: 0, settlements: 0 });
  });

  it('refuses bad input naming the field, a merchant without settlements, and is absent without SANDBOX_CLOCK', async () => {
    const cookie = await loginAs(t.app, 'owner@demo.test');
    for (const payload of [{ days: 31 }, { days: -1 }, { days: 1.5 }, { days: '3' }, {}]) {
      const res = await call(t.app, 'POST', SETTLEMENT_PATHS.sandboxAdvance, { cookie, payload });
      expect(res.body.code, JSON.stringify(payload)).toBe('001000B001');
      expect(res.body.msg).toMatch(/days/);
    }
    const payouts = await loginAs(t.app, 'payouts@demo.test');
    expect(
      (await call(t.app, 'POST', SETTLEMENT_PATHS.sandboxAdvance, { cookie: payouts, payload: { days: 1 } })).status,
    ).toBe(430);
    expect((await call(t.app, 'POST', SETTLEMENT_PATHS.sandboxAdvance, { payload: { days: 1 } })).status).not.toBe(200);

    const off = await createTestApp({ config: { sandboxClock: false } });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: SETTLEMENT_PATHS.sandboxAdvance,
        headers: { cookie: await loginAs(off.app, 'owner@demo.test') },
        payload: { days: 1 },
      });
      expect(res.statusCode).toBe(404);
      const clock = await off.app.inject({
        method: 'GET',
        url: SETTLEMENT_PATHS.sandboxClock,
        headers: { cookie: await loginAs(off.app, 'owner@demo.test') },
      });
      expect(clock.json().data).toEqual({ enabled: false });
    } finally {
      await off.close();
    }
  });
});
