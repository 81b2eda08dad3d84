import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { SAVED_VIEW_ERRORS, SAVED_VIEW_PATHS, SAVED_VIEWS_PER_LIST } from '@mbo/contracts/saved-views';
import { savedViews, users } from '../../db/schema';
import { createSession } from '../../plugins/session-store';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

const STATE = {
  filters: { status: ['FAILED'], currency: 'EUR' },
  columns: ['paymentId', 'amount', 'status'],
  sort: 'amount:desc',
};

describe('saved views', () => {
  let t: TestApp;
  let owner: string;
  let finance: string;
  let developer: string;
  let payouts: string;
  /** An owner of another merchant (Demo Store Europe) who can open every list there. */
  let stranger: string;
  const post = (cookie: string, path: string, payload: unknown) => call(t.app, 'POST', path, { cookie, payload });
  const create = (cookie: string, body: Record<string, unknown>) =>
    post(cookie, SAVED_VIEW_PATHS.create, { listKey: 'payments', state: STATE, ...body });
  const names = async (cookie: string, listKey = 'payments') => {
    const res = await post(cookie, SAVED_VIEW_PATHS.list, { listKey });
    expect(res.body.code, JSON.stringify(res.body)).toBe('000000');
    return (res.body.data as { name: string }[]).map((v) => v.name);
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
    finance = await loginAs(t.app, 'finance@demo.test');
    payouts = await loginAs(t.app, 'payouts@demo.test');
    const user = async (email: string, merchantId: string, role: string) => {
      const [row] = await t.database.db
        .insert(users)
        .values({ merchantId, email, name: email, roleCode: role, status: 'ACTIVE' })
        .returning({ id: users.id });
      return `mbo_sid=${await createSession(t.database.db, { userId: row.id, merchantId, ip: '127.0.0.1', userAgent: 'saved-views-test' })}`;
    };
    stranger = await user('views-stranger@demo.test', 'M1000002', 'OWNER');
    developer = await user('views-developer@demo.test', 'M1000001', 'DEVELOPER');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("saves, lists, renames, updates, shares and deletes the user's own views", async () => {
    const made = await create(owner, { name: 'Failed in EUR' });
    expect(made.body).toMatchObject({
      code: '000000',
      data: { name: 'Failed in EUR', listKey: 'payments', state: STATE, shared: false, mine: true },
    });
    const viewId = made.body.data.viewId as string;
    expect(await names(owner)).toEqual(['Failed in EUR']);
    expect(await names(owner, 'refunds')).toEqual([]);

    const renamed = await post(owner, SAVED_VIEW_PATHS.update, { viewId, name: 'EUR failures', shared: true });
    expect(renamed.body.data).toMatchObject({ name: 'EUR failures', shared: true, state: STATE });
    const newState = { filters: { q: 'alice' }, columns: ['paymentId'] };
    const changed = await post(owner, SAVED_VIEW_PATHS.update, { viewId, state: newState });
    expect(changed.body.data).toMatchObject({ name: 'EUR failures', shared: true, state: newState });

    expect((await post(owner, SAVED_VIEW_PATHS.delete, { viewId })).body.code).toBe('000000');
    expect(await names(owner)).toEqual([]);
    expect((await post(owner, SAVED_VIEW_PATHS.delete, { viewId })).body.code).toBe(ERROR_CODES.PAGE_DATA_NOT_EXISTS);
  });

  it("shows a shared view to the merchant's team, editable only by its author; private views stay private", async () => {
    const shared = (await create(owner, { name: 'Team view', shared: true })).body.data.viewId as string;
    const mine = (await create(owner, { name: 'Owner only' })).body.data.viewId as string;
    const teamList = await post(finance, SAVED_VIEW_PATHS.list, { listKey: 'payments' });
    expect(teamList.body.data).toEqual([
      expect.objectContaining({ viewId: shared, name: 'Team view', mine: false, ownerName: expect.any(String) }),
    ]);

    for (const [path, body] of [
      [SAVED_VIEW_PATHS.update, { viewId: shared, name: 'Hijacked' }],
      [SAVED_VIEW_PATHS.delete, { viewId: shared }],
    ] as const) {
      const res = await post(finance, path, body);
      expect(res.status).toBe(430);
      expect(res.body.code).toBe(ERROR_CODES.PERMISSION_DENIED);
    }
    expect((await post(finance, SAVED_VIEW_PATHS.update, { viewId: mine, name: 'Mine now' })).body.code).toBe(
      ERROR_CODES.PAGE_DATA_NOT_EXISTS,
    );
    // A teammate may use the same name for a view of their own.
    expect((await create(finance, { name: 'Team view' })).body.code).toBe('000000');
    expect(await names(owner)).toEqual(['Owner only', 'Team view']);
  });

  it("never shows or changes a view for another merchant's user, nor for the owner switched to another merchant", async () => {
    const [anyView] = await t.database.db
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(and(eq(savedViews.merchantId, 'M1000001'), eq(savedViews.shared, true)))
      .limit(1);
    expect(await names(stranger)).toEqual([]);
    expect(await names(stranger, 'refunds')).toEqual([]);
    for (const [path, body] of [
      [SAVED_VIEW_PATHS.update, { viewId: anyView.id, name: 'Not yours' }],
      [SAVED_VIEW_PATHS.update, { viewId: anyView.id, shared: false }],
      [SAVED_VIEW_PATHS.delete, { viewId: anyView.id }],
    ] as const) {
      expect((await post(stranger, path, body)).body.code).toBe(ERROR_CODES.PAGE_DATA_NOT_EXISTS);
    }
    // The owner's own views belong to the merchant they were saved for.
    const ownerEurope = await loginAs(t.app, 'owner@demo.test');
    const switched = await post(ownerEurope, '/usercenter/web/v1/switch-user-access-merchant', {
      merchantId: 'M1000002',
    });
    expect(switched.body.code, JSON.stringify(switched.body)).toBe('000000');
    expect(await names(ownerEurope)).toEqual([]);
    const [stillThere] = await t.database.db
      .select({ name: savedViews.name })
      .from(savedViews)
      .where(eq(savedViews.id, anyView.id));
    expect(stillThere.name).toBe('Team view');
  });

  it("refuses a list the user's menu does not grant", async () => {
    for (const [cookie, listKey] of [
      [developer, 'payment-links'],
      [developer, 'exports'],
      [payouts, 'payments'],
    ] as const) {
      const listed = await post(cookie, SAVED_VIEW_PATHS.list, { listKey });
      expect(listed.status, `${listKey}`).toBe(430);
      expect(listed.body).toMatchObject({ code: ERROR_CODES.PERMISSION_DENIED, data: null });
      expect((await post(cookie, SAVED_VIEW_PATHS.create, { listKey, name: 'x', state: STATE })).status).toBe(430);
    }
    // A list the role does open: the team's shared view is there.
    expect(await names(developer, 'payments')).toEqual(['Team view']);
  });

  it('keeps names unique per user and list (any case) and at most the limit of views per list', async () => {
    expect((await create(owner, { name: 'team VIEW' })).body.code).toBe(SAVED_VIEW_ERRORS.NAME_TAKEN);
    const other = (await create(owner, { name: 'Another' })).body.data.viewId as string;
    expect((await post(owner, SAVED_VIEW_PATHS.update, { viewId: other, name: 'Owner Only' })).body.code).toBe(
      SAVED_VIEW_ERRORS.NAME_TAKEN,
    );
    // The same name on another list is fine.
    expect(
      (await create(owner, { name: 'Another', listKey: 'refunds', state: { filters: {}, columns: [] } })).body.code,
    ).toBe('000000');

    const have = (await names(owner)).length;
    for (let i = have; i < SAVED_VIEWS_PER_LIST; i++)
      expect((await create(owner, { name: `View ${i}` })).body.code).toBe('000000');
    const over = await create(owner, { name: 'One too many' });
    expect(over.body.code).toBe(SAVED_VIEW_ERRORS.TOO_MANY);
    expect(over.body.msg_params?.isGwErrorMapEnabled).toBe(1);
    expect((await names(owner)).length).toBe(SAVED_VIEWS_PER_LIST);
  });

  it('refuses a state that is not a list state or too large, naming the field, and writes nothing', async () => {
    const before = (await names(finance)).length;
    const bad = [
      { filters: { 'bad key': 'x' }, columns: [] },
      { filters: {}, columns: [], extra: true },
      { filters: { q: 'x'.repeat(201) }, columns: [] },
      {
        filters: Object.fromEntries(
          Array.from({ length: 20 }, (_, i) => [`k${i}`, Array.from({ length: 20 }, () => 'y'.repeat(60))]),
        ),
        columns: [],
      },
    ];
    for (const state of bad) {
      const res = await create(finance, { name: 'Bad', state });
      expect(res.body.code, JSON.stringify(state).slice(0, 80)).toBe(ERROR_CODES.INVALID_REQUEST);
      expect(res.body.msg).toMatch(/state/);
    }
    expect((await post(finance, SAVED_VIEW_PATHS.update, { viewId: 'VW1' })).body.code).toBe(
      ERROR_CODES.INVALID_REQUEST,
    );
    expect((await names(finance)).length).toBe(before);
  });
});
