import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { paymentLinks } from '../db/payments-schema';
import { users } from '../db/schema';
import { call, createTestApp, loginAs, type TestApp } from '../test/harness';
import { createSession } from './session-store';

const DISPUTE_COUNT = '/acquiringmerchant/web/v1/dispute-order/status/count';

/**
 * The merchant a session acts for is re-checked at every call: a sub-merchant that leaves the
 * user's tree (or is suspended) is out of reach from the next call, even for a member allowed all
 * sub-merchants; the session acts for the home merchant again, as when the member's access is taken away.
 */
describe('session merchant scope', () => {
  let t: TestApp;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const merchantOf = async (cookie: string) =>
    (await call(t.app, 'GET', USERCENTER_PATHS.currentUser, { cookie })).body.data.merchantId as string;
  const disputeCounts = async (cookie: string) =>
    (await call(t.app, 'GET', DISPUTE_COUNT, { cookie, query: { disputeStatus: 'EVIDENCE_REQUIRED' } })).body
      .data as unknown;
  const links = async (merchantId: string) =>
    (await t.database.db.select({ n: count() }).from(paymentLinks).where(eq(paymentLinks.merchantId, merchantId)))[0].n;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops acting for a sub-merchant that is moved out of the tree, for a member with all sub-merchants', async () => {
    const owner = await loginAs(t.app, 'owner@demo.test');
    const [{ all }] = await t.database.db
      .select({ all: users.allSubMerchants })
      .from(users)
      .where(eq(users.email, 'owner@demo.test'));
    expect(all).toBe(true);
    const home = await disputeCounts(owner);
    expect(
      (
        await call(t.app, 'POST', USERCENTER_PATHS.switchMerchant, {
          cookie: owner,
          payload: { merchantId: 'M1000002' },
        })
      ).body.code,
    ).toBe('000000');
    expect(await merchantOf(owner)).toBe('M1000002');
    const europe = await disputeCounts(owner);
    expect(europe).not.toEqual(home);

    // Demo Store Europe now belongs to another merchant's tree (Demo Payouts Ltd).
    await exec(sql`UPDATE merchants SET parent_id = 'M2000001' WHERE id = 'M1000002'`);
    try {
      expect(await merchantOf(owner)).toBe('M1000001');
      expect(await disputeCounts(owner)).toEqual(home);
      // A write lands on the home merchant, never on the merchant that left.
      const europeLinks = await links('M1000002');
      const create = await call(t.app, 'POST', PAYMENT_LINK_PATHS.create, {
        cookie: owner,
        payload: { amount: '10.00', currency: 'EUR', description: 'After the move', reusable: false, expiresInDays: 7 },
      });
      expect(create.body.code, create.body.msg).toBe('000000');
      expect(await links('M1000002')).toBe(europeLinks);
      // And it cannot be switched to again.
      expect(
        (
          await call(t.app, 'POST', USERCENTER_PATHS.switchMerchant, {
            cookie: owner,
            payload: { merchantId: 'M1000002' },
          })
        ).body.code,
      ).toBe('002001B035');
      expect(await merchantOf(owner)).toBe('M1000001');
    } finally {
      await exec(sql`UPDATE merchants SET parent_id = 'M1000001' WHERE id = 'M1000002'`);
    }
  });

  it('applies the same rule to a member chosen for the sub-merchant, and to a suspended sub-merchant', async () => {
    const [member] = await t.database.db
      .insert(users)
      .values({
        merchantId: 'M1000001',
        email: 'scope.member@example.com',
        name: 'Scope Member',
        roleCode: 'VIEWER',
        status: 'ACTIVE',
        allSubMerchants: false,
      })
      .returning({ id: users.id });
    await exec(sql`INSERT INTO user_merchant_access (user_id, merchant_id) VALUES (${member.id}, 'M1000002')`);
    const cookie = `mbo_sid=${await createSession(t.database.db, { userId: member.id, merchantId: 'M1000002', ip: '127.0.0.1', userAgent: 'scope-test' })}`;
    expect(await merchantOf(cookie)).toBe('M1000002');

    // The access row stays, but the merchant is no longer a sub-merchant of the member's merchant.
    await exec(sql`UPDATE merchants SET parent_id = NULL WHERE id = 'M1000002'`);
    try {
      expect(await merchantOf(cookie)).toBe('M1000001');
    } finally {
      await exec(sql`UPDATE merchants SET parent_id = 'M1000001' WHERE id = 'M1000002'`);
    }
    expect(await merchantOf(cookie)).toBe('M1000002');

    await exec(sql`UPDATE merchants SET status = 'SUSPENDED' WHERE id = 'M1000002'`);
    try {
      expect(await merchantOf(cookie)).toBe('M1000001');
    } finally {
      await exec(sql`UPDATE merchants SET status = 'ACTIVE' WHERE id = 'M1000002'`);
    }
  });
});
