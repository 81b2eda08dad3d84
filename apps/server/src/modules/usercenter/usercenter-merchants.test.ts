import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, like, or, sql } from 'drizzle-orm';
import { auditLog, disputes, loginHistory, users } from '../../db/schema';
import { call, cookieOf, createTestApp, loginAs, type TestApp } from '../../test/harness';

const CURRENT_USER = '/usercenter/api/v1/merchant-user-manage/current-user';
const SUB_MERCHANTS = '/usercenter/web/v1/merchant-info/query-sub-merchant-list';
const SWITCH = '/usercenter/web/v1/switch-user-access-merchant';
const HISTORY = '/usercenter/api/v1/merchant-user/login-history-list';
const DISPUTE_COUNT = '/acquiringmerchant/web/v1/dispute-order/status/count';
const INVITE = '/usercenter/web/v1/merchant-user-manage/invite';

/**
 * The user centre's merchant tree and what follows the active merchant: the sub-merchant list, switching (and its
 * refusals), the dispute counts, invitations; and the login history. The current user, menus and permissions are in
 * usercenter-menus.test.ts.
 */
describe('user centre', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const switches = (outcome: string) =>
    t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'SWITCH_MERCHANT'), eq(auditLog.outcome, outcome)));
  const get = async (email: string, url: string, query?: Record<string, string>) =>
    (await call(t.app, 'GET', url, { cookie: cookies[email], query })).body;
  const counts = async (cookie: string) =>
    (await call(t.app, 'GET', DISPUTE_COUNT, { cookie, query: { disputeStatus: 'EVIDENCE_REQUIRED' } })).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    for (const email of ['owner', 'viewer', 'finance', 'payouts'])
      cookies[email] = await loginAs(t.app, `${email}@demo.test`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the merchant and its sub-merchants, marking the current one', async () => {
    const list = (await get('owner', SUB_MERCHANTS)).data;
    expect(list).toHaveLength(3);
    expect(list[0]).toEqual({
      merchantId: 'M1000001',
      merchantName: 'Demo Store',
      merchantSignProducts: 'DIRECT_PAYMENT',
      parentMerchantId: null,
      current: true,
    });
    expect(list.slice(1)).toEqual(
      expect.arrayContaining([
        {
          merchantId: 'M1000002',
          merchantName: 'Demo Store Europe',
          merchantSignProducts: 'DIRECT_PAYMENT',
          parentMerchantId: 'M1000001',
          current: false,
        },
        {
          merchantId: 'M1000003',
          merchantName: 'Demo Store Asia',
          merchantSignProducts: 'DIRECT_PAYMENT',
          parentMerchantId: 'M1000001',
          current: false,
        },
      ]),
    );
    expect((await get('payouts', SUB_MERCHANTS)).data).toEqual([
      {
        merchantId: 'M2000001',
        merchantName: 'Demo Payouts Ltd',
        merchantSignProducts: 'PAYOUT',
        parentMerchantId: null,
        current: true,
      },
    ]);
  });

  it('switches the session to a sub-merchant and back; every call follows it', async () => {
    const cookie = await loginAs(t.app, 'owner@demo.test');
    expect(await counts(cookie)).toEqual({ customerDisputeCount: 3, chargebackCount: 2 });

    const sw = await call(t.app, 'POST', SWITCH, { cookie, payload: { merchantId: 'M1000002' } });
    expect(sw.body).toMatchObject({
      code: '000000',
      msg: 'Switched to Demo Store Europe',
      data: { merchantId: 'M1000002', parentMerchantId: 'M1000001', current: true },
    });
    const me = (await call(t.app, 'GET', CURRENT_USER, { cookie })).body.data;
    expect(me).toMatchObject({
      merchantId: 'M1000002',
      merchantName: 'Demo Store Europe',
      homeMerchantId: 'M1000001',
      timeZone: 'Europe/Berlin',
    });
    expect(await counts(cookie)).toEqual({ customerDisputeCount: 1, chargebackCount: 0 });
    const list = (await call(t.app, 'GET', SUB_MERCHANTS, { cookie })).body.data as {
      merchantId: string;
      current: boolean;
    }[];
    expect(list.filter((m) => m.current).map((m) => m.merchantId)).toEqual(['M1000002']);
    // Only this session moved: the owner's other session still acts for the parent.
    expect(await counts(cookies.owner)).toEqual({ customerDisputeCount: 3, chargebackCount: 2 });

    expect((await call(t.app, 'POST', SWITCH, { cookie, payload: { merchantId: 'M1000003' } })).body.code).toBe(
      '000000',
    );
    expect(await counts(cookie)).toEqual({ customerDisputeCount: 0, chargebackCount: 0 });

    const back = await call(t.app, 'POST', SWITCH, { cookie, payload: { merchantId: 'M1000001' } });
    expect(back.body.data).toMatchObject({ merchantId: 'M1000001', parentMerchantId: null, current: true });
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie })).body.data.merchantId).toBe('M1000001');
    expect(await counts(cookie)).toEqual({ customerDisputeCount: 3, chargebackCount: 2 });
    const [audit] = await switches('SUCCESS');
    expect(audit.n).toBe(3);
  });

  it('refuses to switch to a merchant outside the tree, and nothing changes', async () => {
    const cookie = await loginAs(t.app, 'owner@demo.test');
    await exec(sql`UPDATE merchants SET status = 'SUSPENDED' WHERE id = 'M1000003'`);
    try {
      for (const merchantId of ['M2000001', 'M9999999', 'M1000003']) {
        const res = await call(t.app, 'POST', SWITCH, { cookie, payload: { merchantId } });
        expect(res.body, merchantId).toMatchObject({ code: '002001B035', data: null });
        expect(res.body.msg_params?.isGwErrorMapEnabled).toBe(1);
      }
    } finally {
      await exec(sql`UPDATE merchants SET status = 'ACTIVE' WHERE id = 'M1000003'`);
    }
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie })).body.data.merchantId).toBe('M1000001');
    expect(await counts(cookie)).toEqual({ customerDisputeCount: 3, chargebackCount: 2 });
    // And the payout merchant's owner cannot reach Demo Store.
    expect(
      (await call(t.app, 'POST', SWITCH, { cookie: cookies.payouts, payload: { merchantId: 'M1000001' } })).body.code,
    ).toBe('002001B035');
    // A payout-only merchant has no disputes menu: its owner is refused the count (430), not given Demo Store's.
    const payoutCount = await call(t.app, 'GET', DISPUTE_COUNT, {
      cookie: cookies.payouts,
      query: { disputeStatus: 'EVIDENCE_REQUIRED' },
    });
    expect(payoutCount.status).toBe(430);
    expect(payoutCount.body).toMatchObject({ code: '002001B024', data: null });
    const [audit] = await switches('FAILURE');
    expect(audit.n).toBe(4);
  });

  it('pages the login history, newest first, with only the user’s own rows', async () => {
    const login = (password: string, agent: string) =>
      t.app.inject({
        method: 'POST',
        url: '/usercenter/web/v1/login',
        headers: { 'user-agent': agent },
        payload: { email: 'finance@demo.test', password },
      });
    await login('Merchant#2026', 'Agent/1');
    await login('wrong-password-1', 'Agent/2');
    await login('Merchant#2026', 'Agent/3');
    await login('wrong-password-2', 'Agent/4');
    const last = await login('Merchant#2026', 'Agent/5');
    const cookie = cookieOf(last);
    await loginAs(t.app, 'viewer@demo.test');
    await t.app.inject({
      method: 'POST',
      url: '/usercenter/web/v1/login',
      payload: { email: 'ghost@demo.test', password: 'whatever-1' },
    });

    const [own] = await t.database.db
      .select({ n: count() })
      .from(loginHistory)
      .innerJoin(users, eq(users.id, loginHistory.userId))
      .where(eq(users.email, 'finance@demo.test'));
    const total = own.n;
    expect(total).toBe(6); // beforeAll's login and the five above

    const page = async (payload: object) => (await call(t.app, 'POST', HISTORY, { cookie, payload })).body;
    const pages = [
      await page({ pageNum: 1, pageSize: 4 }),
      await page({ pageNum: 2, pageSize: 4 }),
      await page({ pageNum: 3, pageSize: 4 }),
    ];
    expect(pages.map((p) => p.data.total)).toEqual([total, total, total]);
    expect(pages.map((p) => p.data.records.length)).toEqual([4, 2, 0]);
    const records = pages.flatMap((p) => p.data.records);
    expect(Object.keys(records[0]).sort()).toEqual(['device', 'failReason', 'id', 'ip', 'loginTime', 'result']);
    expect(records.map((r) => r.device).slice(0, 5)).toEqual(['Agent/5', 'Agent/4', 'Agent/3', 'Agent/2', 'Agent/1']);
    expect(records.map((r) => r.result).slice(0, 5)).toEqual(['SUCCESS', 'FAILURE', 'SUCCESS', 'FAILURE', 'SUCCESS']);
    const times = records.map((r) => new Date(r.loginTime).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(records.map((r) => r.id)).size).toBe(total);

    const failures = await page({ pageNum: 1, pageSize: 10, result: 'FAILURE' });
    expect(failures.data.total).toBe(2);
    expect(failures.data.records.map((r: { failReason: string }) => r.failReason)).toEqual([
      'WRONG_PASSWORD',
      'WRONG_PASSWORD',
    ]);
    const defaults = await page({});
    expect(defaults.data.records).toHaveLength(total);
    expect((await page({ pageNum: 1, pageSize: 201 })).code).toBe('001000B001');
    expect((await page({ pageNum: 0, pageSize: 10 })).msg).toMatch(/^Invalid request: pageNum /);
  });

  it('counts disputes of the active merchant by status, as seeded', async () => {
    const expected = async (merchantId: string, status: string) => {
      const rows = await t.database.db
        .select({ type: disputes.type, n: count() })
        .from(disputes)
        .where(and(eq(disputes.merchantId, merchantId), eq(disputes.status, status)))
        .groupBy(disputes.type);
      const n = (type: string) => rows.find((r) => r.type === type)?.n ?? 0;
      return { customerDisputeCount: n('CUSTOMER_DISPUTE'), chargebackCount: n('CHARGEBACK') };
    };
    for (const status of ['EVIDENCE_REQUIRED', 'UNDER_REVIEW', 'WON', 'LOST', 'ACCEPTED', 'EXPIRED']) {
      const res = await get('owner', DISPUTE_COUNT, { disputeStatus: status });
      expect(res.code).toBe('000000');
      expect(res.data, status).toEqual(await expected('M1000001', status));
    }
    expect((await get('owner', DISPUTE_COUNT, { disputeStatus: 'WON' })).data).toEqual({
      customerDisputeCount: 1,
      chargebackCount: 0,
    });
    expect((await get('viewer', DISPUTE_COUNT, { disputeStatus: 'EVIDENCE_REQUIRED' })).data).toEqual({
      customerDisputeCount: 3,
      chargebackCount: 2,
    });
    for (const disputeStatus of ['PENDING', 'evidence_required', '']) {
      const res = await get('owner', DISPUTE_COUNT, { disputeStatus });
      expect(res.code, disputeStatus).toBe('001000B001');
      expect(res.msg).toMatch(/^Invalid request: disputeStatus /);
    }
    expect((await get('owner', DISPUTE_COUNT)).msg).toBe('Invalid request: disputeStatus is required.');
  });

  it('lets only roles with API_MEMBER_ADD invite, into the active merchant, and not as a higher role', async () => {
    for (const email of ['viewer', 'finance']) {
      const res = await call(t.app, 'POST', INVITE, {
        cookie: cookies[email],
        payload: { email: `by-${email}@demo.test`, roleCode: 'VIEWER' },
      });
      expect(res.status).toBe(430);
      expect(res.body.code).toBe('002001B024');
    }
    const unknownRole = await call(t.app, 'POST', INVITE, {
      cookie: cookies.owner,
      payload: { email: 'x-role@demo.test', roleCode: 'NO_SUCH_ROLE' },
    });
    expect(unknownRole.body).toMatchObject({
      code: '001000B001',
      msg: 'Invalid request: roleCode NO_SUCH_ROLE is not a role.',
    });

    // An admin may invite, but not make an owner.
    await exec(sql`UPDATE users SET role_code = 'ADMIN' WHERE email = 'finance@demo.test'`);
    try {
      const admin = await call(t.app, 'POST', INVITE, {
        cookie: cookies.finance,
        payload: { email: 'would-be-owner@demo.test', roleCode: 'OWNER' },
      });
      expect(admin.body).toMatchObject({ code: '002001B038', msg: 'Only an owner can invite an owner.' });
      expect(
        (
          await call(t.app, 'POST', INVITE, {
            cookie: cookies.finance,
            payload: { email: 'by-admin@demo.test', roleCode: 'FINANCE' },
          })
        ).body.code,
      ).toBe('000000');
    } finally {
      await exec(sql`UPDATE users SET role_code = 'FINANCE' WHERE email = 'finance@demo.test'`);
    }

    const cookie = await loginAs(t.app, 'owner@demo.test');
    await call(t.app, 'POST', SWITCH, { cookie, payload: { merchantId: 'M1000002' } });
    expect(
      (
        await call(t.app, 'POST', INVITE, {
          cookie,
          payload: { email: 'europe-member@demo.test', roleCode: 'OPERATIONS' },
        })
      ).body.code,
    ).toBe('000000');
    const rows = await t.database.db
      .select({ email: users.email, merchant_id: users.merchantId, role_code: users.roleCode, status: users.status })
      .from(users)
      .where(
        or(
          like(users.email, 'by-%'),
          inArray(users.email, ['would-be-owner@demo.test', 'x-role@demo.test', 'europe-member@demo.test']),
        ),
      )
      .orderBy(users.email);
    expect(rows).toEqual([
      { email: 'by-admin@demo.test', merchant_id: 'M1000001', role_code: 'FINANCE', status: 'INVITED' },
      { email: 'europe-member@demo.test', merchant_id: 'M1000002', role_code: 'OPERATIONS', status: 'INVITED' },
    ]);
  });
});
