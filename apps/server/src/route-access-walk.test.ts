import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SETTLEMENT_PATHS } from '@mbo/contracts/settlements';
import { buildApp } from './app';
import { loadConfig } from './config';
import { paymentLinks, payments, refunds } from './db/payments-schema';
import { roles as roleTable, users as userTable } from './db/schema';
import { ROLE_DEFINITIONS } from './modules/team';
import { call, createTestApp, loginAs, type TestApp } from './test/harness';
import { MENU_CATALOGUE, type MenuDefinition } from './plugins/menu-catalogue';
import { OWN_ACCOUNT_WRITES } from './plugins/route-access';
import { createSession, grants } from './plugins/session-store';
import type { RegisteredRoute } from './plugins/types';

/**
 * Access is decided on the server for every registered route, reads included. The walk below is
 * generated from the routes the app registered: each one is called as every role, on a
 * direct-payment merchant and on a payout merchant, and the answer is compared with the role's
 * grants (its menu URLs and permission codes, and the product types of the menu catalogue). A
 * custom role with a mixed set of codes is walked as well, on each merchant.
 */
const MERCHANTS = { DIRECT_PAYMENT: 'M1000001', PAYOUT: 'M2000001' } as const;
type Product = keyof typeof MERCHANTS;
type Role = Pick<(typeof ROLE_DEFINITIONS)[number], 'code' | 'name' | 'menuUrls' | 'permissionCodes'>;

/**
 * A custom role (one per merchant, as custom roles are) with a mixed set: pages of both products, reads and writes,
 * a code whose page it lacks (the report export: no report centre, so no export) and the team's own codes.
 */
const CUSTOM_MIXED = {
  name: 'Walk mixed',
  menuUrls: [
    '/home',
    '/transactions/payments',
    '/transactions/disputes',
    '/account/withdraw',
    '/payout/history',
    '/settings/team',
  ],
  permissionCodes: [
    'PAGE_PAYMENTS_DETAIL',
    'API_PAYMENT_REFUND',
    'API_DISPUTES_DOWNLOAD',
    'API_PAYOUT_APPROVE',
    'API_REPORT_EXPORT',
    'API_MEMBER_UPDATE',
    'API_ROLE_MANAGE',
  ],
};
const customRole = (product: Product): Role => ({ ...CUSTOM_MIXED, code: `CUSTOM_WALK_${product}` });

/**
 * The oracle, from the role table and the catalogue: menu URL → the product types it exists for (a URL
 * may sit in two places of the catalogue: the report centre under Transactions and under Payouts),
 * and permission code → the menus it sits under.
 */
const MENU_PRODUCTS = new Map<string, (string[] | undefined)[]>();
const CODE_MENUS = new Map<string, string[]>();
(function walk(defs: MenuDefinition[], inherited: string[] | undefined) {
  for (const def of defs) {
    const products = def.products ?? inherited;
    MENU_PRODUCTS.set(def.url, [...(MENU_PRODUCTS.get(def.url) ?? []), products]);
    for (const p of def.permissions ?? []) CODE_MENUS.set(p.code, [...(CODE_MENUS.get(p.code) ?? []), def.url]);
    walk(def.children ?? [], products);
  }
})(MENU_CATALOGUE, undefined);

function menuAllowed(role: Role, product: Product, url: string): boolean {
  return (
    grants(role.menuUrls, url) &&
    (MENU_PRODUCTS.get(url) ?? []).some((products) => !products || products.includes(product))
  );
}

function expected(route: RegisteredRoute, role: Role, product: Product): boolean {
  const { access } = route;
  if (access === 'public' || access === 'signed-in') return true;
  if (access === 'api-key') return false;
  if ('products' in access) return (access.products as readonly string[]).includes(product);
  if ('menu' in access) return menuAllowed(role, product, access.menu);
  return (
    grants(role.permissionCodes, access.permission) &&
    (CODE_MENUS.get(access.permission) ?? []).some((menu) => menuAllowed(role, product, menu))
  );
}

describe('route access', () => {
  let t: TestApp;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const users: { role: Role; product: Product; userId: string }[] = [];
  const samples: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const product of Object.keys(MERCHANTS) as Product[]) {
      const role = customRole(product);
      await t.database.db.insert(roleTable).values({
        ...role,
        description: 'The route walk’s custom role.',
        merchantId: MERCHANTS[product],
        baseCode: 'VIEWER',
      });
    }
    const walked: { role: Role; products: Product[] }[] = [
      ...ROLE_DEFINITIONS.map((role) => ({ role, products: Object.keys(MERCHANTS) as Product[] })),
      ...(Object.keys(MERCHANTS) as Product[]).map((product) => ({ role: customRole(product), products: [product] })),
    ];
    for (const { role, products } of walked) {
      for (const product of products) {
        const email = `walk-${role.code.toLowerCase()}-${product.toLowerCase()}@demo.test`;
        const [row] = await t.database.db
          .insert(userTable)
          .values({ merchantId: MERCHANTS[product], email, name: role.name, roleCode: role.code, status: 'ACTIVE' })
          .returning({ id: userTable.id });
        users.push({ role, product, userId: row.id });
      }
    }
    const [payment] = await t.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.merchantId, 'M1000001'))
      .limit(1);
    const [refund] = await t.database.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(eq(refunds.merchantId, 'M1000001'))
      .limit(1);
    // Valid queries for the reads, so an allowed read answers with its data.
    samples['/acquiring/web/v1/payment/detail'] = { paymentId: payment.id };
    samples['/acquiring/web/v1/refund/detail'] = { refundId: refund.id };
    const [link] = await t.database.db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(eq(paymentLinks.merchantId, 'M1000001'))
      .limit(1);
    samples['/acquiring/web/v1/payment-link/detail'] = { linkId: link.id };
    samples['/acquiringmerchant/web/v1/dispute-order/status/count'] = { disputeStatus: 'EVIDENCE_REQUIRED' };
    samples['/usercenter/api/v1/permission/is-permission-allowed'] = { permissionCodes: 'API_PAYMENT_REFUND' };
    samples['/report/web/v1/export/columns'] = { type: 'PAYMENTS' };
  });
  afterAll(async () => {
    await t?.close();
  });

  const sessionFor = async (userId: string, merchantId: string) =>
    `mbo_sid=${await createSession(t.database.db, { userId, merchantId, ip: '127.0.0.1', userAgent: 'route-access-test' })}`;

  const reached = (route: RegisteredRoute) =>
    route.url.replace(':linkId', 'PL_missing').replace(':paymentId', 'P_missing').replace('*', 'index.html');

  it('registers every API route with a declared access, and the walk covers them all', () => {
    const routes = t.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(40);
    const guarded = routes.filter((r) => r.access !== 'public');
    // Reads are guarded like writes: every list and detail names the menu or page it belongs to.
    for (const path of [
      '/acquiring/web/v1/payment/list',
      '/acquiring/web/v1/refund/list',
      '/account/web/v1/balance/list',
      '/acquiring/web/v1/payment-link/list',
      '/report/web/v1/export/list',
    ]) {
      const route = guarded.find((r) => r.url === path);
      expect(route?.access, path).toEqual(expect.any(Object));
    }
  });

  it('answers every route as every role and product type as the role table grants', async () => {
    expect(users.filter((u) => u.role.code.startsWith('CUSTOM_')).map((u) => u.product)).toEqual([
      'DIRECT_PAYMENT',
      'PAYOUT',
    ]);
    const mismatches: string[] = [];
    for (const route of t.app.registeredRoutes) {
      if (route.access === 'public') {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: reached(route),
          payload: route.method === 'GET' ? undefined : {},
        });
        if (res.statusCode === 431 || res.statusCode === 430)
          mismatches.push(`${route.method} ${route.url} public answered ${res.statusCode}`);
        continue;
      }
      if (route.access === 'api-key') {
        // The merchant API never takes the session cookie: an owner's cookie is no key.
        const owner = users.find((u) => u.role.code === 'OWNER' && u.product === 'DIRECT_PAYMENT')!;
        const cookie = await sessionFor(owner.userId, MERCHANTS.DIRECT_PAYMENT);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: reached(route),
          headers: { cookie },
          payload: route.method === 'GET' ? undefined : {},
        });
        if (res.statusCode !== 401 || !res.body.includes('013001B040'))
          mismatches.push(`${route.method} ${route.url} with a session cookie answered ${res.statusCode}`);
        continue;
      }
      for (const user of users) {
        const cookie = await sessionFor(user.userId, MERCHANTS[user.product]);
        const query = samples[route.url];
        const res = await call(t.app, route.method as 'GET' | 'POST', route.url, {
          cookie,
          query,
          payload: route.method === 'POST' ? {} : undefined,
        });
        const allowed = expected(route, user.role, user.product);
        const who = `${route.method} ${route.url} as ${user.role.code}/${user.product}`;
        if (allowed) {
          if (res.status !== 200 || res.body.code === '002001B024' || res.body.code === '002001B010')
            mismatches.push(`${who}: expected access, got ${res.status} ${res.body.code}`);
          else if (query && user.product === 'DIRECT_PAYMENT' && res.body.code !== '000000')
            mismatches.push(`${who}: expected data, got ${res.body.code}`);
        } else if (res.status !== 430 || res.body.code !== '002001B024' || res.body.data !== null) {
          mismatches.push(`${who}: expected 430 002001B024, got ${res.status} ${res.body.code}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // Every route × 14 role and product users (the custom role once per merchant): some 2,300 calls, longer than one
    // call's test budget on a loaded machine.
  }, 180_000);

  it('refuses what the issue found open: balance and links without their menu, links for a payout merchant', async () => {
    const developer = users.find((u) => u.role.code === 'DEVELOPER' && u.product === 'DIRECT_PAYMENT')!;
    const devCookie = await sessionFor(developer.userId, MERCHANTS.DIRECT_PAYMENT);
    for (const [method, url] of [
      ['GET', '/account/web/v1/balance/list'],
      ['POST', '/acquiring/web/v1/payment-link/list'],
    ] as const) {
      const res = await call(t.app, method, url, { cookie: devCookie, payload: method === 'POST' ? {} : undefined });
      expect(res.status, url).toBe(430);
      expect(res.body, url).toMatchObject({ code: '002001B024', data: null });
    }
    // The payout merchant's owner ('*' grants) cannot take card payments through a link.
    const payouts = await loginAs(t.app, 'payouts@demo.test');
    const create = await call(t.app, 'POST', '/acquiring/web/v1/payment-link/create', {
      cookie: payouts,
      payload: { amount: '10.00', currency: 'EUR', description: 'Not ours to sell', reusable: false, expiresInDays: 7 },
    });
    expect(create.status).toBe(430);
    expect(create.body.code).toBe('002001B024');
    const [links] = await t.database.db
      .select({ n: count() })
      .from(paymentLinks)
      .where(eq(paymentLinks.merchantId, 'M2000001'));
    expect(links.n).toBe(0);
    // Its balance page is its own product's: allowed.
    expect((await call(t.app, 'GET', '/account/web/v1/balance/list', { cookie: payouts })).body.code).toBe('000000');
  });

  it('applies a permission change on the next call', async () => {
    const viewer = await loginAs(t.app, 'viewer@demo.test');
    expect((await call(t.app, 'GET', '/account/web/v1/balance/list', { cookie: viewer })).body.code).toBe('000000');
    await exec(sql`UPDATE roles SET menu_urls = array_remove(menu_urls, '/account/balance') WHERE code = 'VIEWER'`);
    try {
      const res = await call(t.app, 'GET', '/account/web/v1/balance/list', { cookie: viewer });
      expect(res.status).toBe(430);
      expect(res.body.code).toBe('002001B024');
    } finally {
      await exec(sql`UPDATE roles SET menu_urls = array_append(menu_urls, '/account/balance') WHERE code = 'VIEWER'`);
    }
    expect((await call(t.app, 'GET', '/account/web/v1/balance/list', { cookie: viewer })).body.code).toBe('000000');
  });

  /** Builds an app with one more route and makes it ready: the start-up checks run. */
  const build = async (register: (app: FastifyInstance) => void) => {
    const app = await buildApp({ config: { ...loadConfig({}), dataDir: '/tmp' }, database: t.database, logger: false });
    try {
      register(app);
      await app.ready();
    } finally {
      await app.close().catch(() => undefined);
    }
  };

  it('refuses to start when a route declares no access, or names a menu or code that does not exist', async () => {
    await expect(build((app) => app.get('/undeclared', async () => 'open'))).rejects.toThrow(/declares no access/);
    await expect(
      build((app) => app.get('/typo', { config: { access: { menu: '/transactions/paymnets' } } }, async () => 'x')),
    ).rejects.toThrow(/menu catalogue lacks/);
    await expect(
      build((app) => app.get('/typo2', { config: { access: { permission: 'API_EVERYTHING' } } }, async () => 'x')),
    ).rejects.toThrow(/menu catalogue lacks/);
  });

  it('refuses to start when a route that changes state is opened by a page, a menu, a product or any sign-in alone', async () => {
    const write = /POST \/write changes state .*declare the action's permission code/;
    // What the sandbox clock's advance declared: the batches' menu, which the Viewer holds.
    await expect(
      build((app) => app.post('/write', { config: { access: { menu: '/settlements/batch' } } }, async () => 'x')),
    ).rejects.toThrow(write);
    await expect(
      build((app) =>
        app.post('/write', { config: { access: { permission: 'PAGE_SETTLEMENT_BATCH_DETAIL' } } }, async () => 'x'),
      ),
    ).rejects.toThrow(write);
    await expect(
      build((app) => app.post('/write', { config: { access: { products: ['DIRECT_PAYMENT'] } } }, async () => 'x')),
    ).rejects.toThrow(write);
    await expect(
      build((app) => app.post('/write', { config: { access: 'signed-in' } }, async () => 'x')),
    ).rejects.toThrow(write);
    await expect(
      build((app) =>
        app.route({
          method: ['GET', 'DELETE'],
          url: '/write',
          config: { access: { menu: '/settlements/batch' } },
          handler: async () => 'x',
        }),
      ),
    ).rejects.toThrow(/DELETE \/write changes state/);
    // An action's code opens a write; a POST that declares it only reads (a list with its filters in the body) keeps
    // its menu.
    await expect(
      build((app) =>
        app.post('/write', { config: { access: { permission: 'API_SETTLEMENT_SANDBOX_ADVANCE' } } }, async () => 'x'),
      ),
    ).resolves.toBeUndefined();
    await expect(
      build((app) =>
        app.post('/list', { config: { access: { menu: '/settlements/batch' }, reads: true } }, async () => 'x'),
      ),
    ).resolves.toBeUndefined();
  });

  it('keeps the own-account allow-list to registered routes any signed-in user may call', () => {
    for (const entry of OWN_ACCOUNT_WRITES) {
      const route = t.app.registeredRoutes.find((r) => `${r.method} ${r.url}` === entry);
      expect(route, entry).toMatchObject({ access: 'signed-in', changesState: true });
    }
  });

  it('refuses the Viewer every route that changes state (430, nothing read or written), on either product type', async () => {
    const writes = t.app.registeredRoutes.filter(
      (r) =>
        r.changesState &&
        r.access !== 'public' &&
        r.access !== 'api-key' &&
        !OWN_ACCOUNT_WRITES.has(`${r.method} ${r.url}`),
    );
    // The sandbox advance and every action of the catalogue: far more than a handful.
    expect(writes.map((r) => r.url)).toContain(SETTLEMENT_PATHS.sandboxAdvance);
    expect(writes.length).toBeGreaterThan(30);
    const opened: string[] = [];
    for (const viewer of users.filter((u) => u.role.code === 'VIEWER')) {
      const cookie = await sessionFor(viewer.userId, MERCHANTS[viewer.product]);
      for (const route of writes) {
        const res = await call(t.app, route.method as 'POST', reached(route), { cookie, payload: {} });
        if (res.status !== 430 || res.body.code !== '002001B024' || res.body.data !== null)
          opened.push(`${route.method} ${route.url} on ${viewer.product}: ${res.status} ${res.body.code}`);
      }
    }
    expect(opened).toEqual([]);
  }, 60_000);
});
