import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

const CURRENT_USER = '/usercenter/api/v1/merchant-user-manage/current-user';
const MENU_LIST = '/usercenter/api/v1/merchant-user/menu-list';
const IS_ALLOWED = '/usercenter/api/v1/permission/is-permission-allowed';
const SPEC_CODES = [
  'API_DISPUTES_UPLOAD',
  'API_DISPUTES_UPDATE',
  'API_DISPUTES_DOWNLOAD',
  'API_DISPUTES_STATUS_COUNT',
  'API_MEMBER_ADD',
  'API_PAYMENT_REFUND',
  'PAGE_API_DOCS',
  'API_SETTLEMENT_CALENDAR',
  'API_SUBSCRIPTION_AGREEMENTS_CANCEL',
  'API_PAYMENT_LINK_ADD',
];
/** The routes of spec section 2: every menu URL and every detail page must be one of them. */
const SPEC_ROUTES = new Set([
  '/home',
  '/transactions',
  '/settlements',
  '/account',
  '/payout',
  '/subscription',
  '/services',
  '/settings',
  ...[
    'payments',
    'payment_link',
    'payments_detail',
    'refunds',
    'reports',
    'refunds_detail',
    'disputes',
    'disputes/detail',
    'faq',
  ].map((p) => `/transactions/${p}`),
  // Added by the product (PRODUCT.md: every list has a detail page): a payment link and its payments.
  '/transactions/payment_link/detail',
  ...[
    'history',
    'detail',
    'batch',
    'estimation',
    'calendar',
    'batch/detail',
    'batch/history',
    'batch/history/detail',
  ].map((p) => `/settlements/${p}`),
  '/account/balance',
  '/account/withdraw',
  '/payout/create',
  '/payout/history',
  '/payout/history/detail',
  '/payout/history/batch/detail',
  '/subscription/agreements',
  '/subscription/agreements/detail',
  '/services/payin',
  '/services/payout',
  '/settings/team',
  '/settings/bank-accounts',
  '/settings/integration',
]);

interface Menu {
  menuId: string;
  menuName: string;
  menuUrl: string;
  icon: string | null;
  permissions: { permissionCode: string; resourceUrl: string }[];
  childMenus: Menu[];
}
const flatten = (menus: Menu[]): Menu[] => menus.flatMap((m) => [m, ...flatten(m.childMenus)]);
/** The client's authUrls (spec section 3): menu URLs plus the resourceUrl of every PAGE permission. */
const authUrls = (menus: Menu[]) =>
  flatten(menus).flatMap((m) => [
    m.menuUrl,
    ...m.permissions.filter((p) => p.permissionCode.startsWith('PAGE')).map((p) => p.resourceUrl),
  ]);

/**
 * The user centre's answers that shape the client: the current user, the menus and permissions of each role and
 * merchant type, the permission check and the dropdown configs. The merchant tree, switching, the login history and
 * invitations are in usercenter-merchants.test.ts.
 */
describe('user centre', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const get = async (email: string, url: string, query?: Record<string, string>) =>
    (await call(t.app, 'GET', url, { cookie: cookies[email], query })).body;
  const menuOf = async (email: string) => (await get(email, MENU_LIST)).data as Menu[];

  beforeAll(async () => {
    t = await createTestApp();
    for (const email of ['owner', 'viewer', 'finance', 'payouts'])
      cookies[email] = await loginAs(t.app, `${email}@demo.test`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('describes the current user and the merchant the session acts for', async () => {
    const owner = await get('owner', CURRENT_USER);
    expect(owner.code).toBe('000000');
    expect(Object.keys(owner.data).sort()).toEqual([
      'email',
      'forceResetPassword',
      'homeMerchantId',
      'homeMerchantName',
      'lastLoginTime',
      'locale',
      'merchantId',
      'merchantName',
      'merchantSignProducts',
      'name',
      'roleCode',
      'roleName',
      'theme',
      'timeZone',
      'twoFactorEnabled',
      'twoFactorSetupRequired',
      'userId',
    ]);
    expect(owner.data).toMatchObject({
      email: 'owner@demo.test',
      name: 'Olivia Owner',
      roleCode: 'OWNER',
      roleName: 'Owner',
      homeMerchantId: 'M1000001',
      homeMerchantName: 'Demo Store',
      merchantId: 'M1000001',
      merchantName: 'Demo Store',
      merchantSignProducts: 'DIRECT_PAYMENT',
      timeZone: 'Europe/Amsterdam',
      forceResetPassword: false,
      twoFactorEnabled: false,
      twoFactorSetupRequired: false,
    });
    expect(owner.data.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - new Date(owner.data.lastLoginTime).getTime()).toBeLessThan(60_000);
    expect(JSON.stringify(owner)).not.toMatch(/argon2|password_hash|passwordHash/i);

    expect((await get('payouts', CURRENT_USER)).data).toMatchObject({
      email: 'payouts@demo.test',
      roleCode: 'OWNER',
      merchantId: 'M2000001',
      merchantName: 'Demo Payouts Ltd',
      merchantSignProducts: 'PAYOUT',
      timeZone: 'Europe/London',
    });
    expect((await get('viewer', CURRENT_USER)).data).toMatchObject({
      roleCode: 'VIEWER',
      roleName: 'Viewer',
      merchantSignProducts: 'DIRECT_PAYMENT',
    });
  });

  it('gives the owner of a direct-payment merchant the full menu with its permissions', async () => {
    const menu = await menuOf('owner');
    expect(menu.map((m) => m.menuUrl)).toEqual([
      '/home',
      '/transactions',
      '/settlements',
      '/account',
      '/subscription',
      '/services',
      '/settings',
    ]);
    for (const item of flatten(menu)) {
      expect(Object.keys(item).sort()).toEqual(['childMenus', 'icon', 'menuId', 'menuName', 'menuUrl', 'permissions']);
      expect(SPEC_ROUTES.has(item.menuUrl), item.menuUrl).toBe(true);
    }
    const byUrl = new Map(flatten(menu).map((m) => [m.menuUrl, m]));
    expect(byUrl.get('/transactions')?.childMenus.map((c) => c.menuUrl)).toEqual([
      '/transactions/payments',
      '/transactions/refunds',
      '/transactions/payment_link',
      '/transactions/disputes',
      '/transactions/reports',
      '/transactions/faq',
    ]);
    expect(byUrl.get('/transactions/payments')?.permissions).toEqual([
      { permissionCode: 'PAGE_PAYMENTS_DETAIL', resourceUrl: '/transactions/payments_detail' },
      { permissionCode: 'API_PAYMENT_REFUND', resourceUrl: '/acquiring/web/v1/payment/refund' },
    ]);
    expect(byUrl.get('/settings')?.childMenus.map((c) => c.menuUrl)).toEqual([
      '/settings/team',
      '/settings/bank-accounts',
      '/settings/integration',
    ]);
    expect(byUrl.get('/settings/team')?.permissions.map((p) => p.permissionCode)).toContain('API_MEMBER_ADD');
    expect(byUrl.get('/services')?.childMenus.map((c) => c.menuUrl)).toEqual(['/services/payin']);
    expect(byUrl.has('/payout')).toBe(false);
    // Every detail page the owner may open is a route of the app.
    const pages = authUrls(menu).filter((u) => !u.startsWith('/settings/integration/'));
    for (const url of pages) expect(SPEC_ROUTES.has(url), url).toBe(true);
    expect(authUrls(menu)).toEqual(
      expect.arrayContaining([
        '/transactions/disputes/detail',
        '/settlements/batch/history/detail',
        '/subscription/agreements/detail',
      ]),
    );
  });

  it('gives a viewer no settings pages and no actions, only reads', async () => {
    const menu = await menuOf('viewer');
    expect(menu.map((m) => m.menuUrl)).toEqual([
      '/home',
      '/transactions',
      '/settlements',
      '/account',
      '/subscription',
      '/services',
    ]);
    expect(authUrls(menu).filter((u) => u.startsWith('/settings'))).toEqual([]);
    const actions = flatten(menu)
      .flatMap((m) => m.permissions)
      .filter((p) => p.permissionCode.startsWith('API_'));
    // Its API codes are reads: the disputes' alert count and downloads, and the settlement calendar.
    expect(actions.map((p) => p.permissionCode)).toEqual([
      'API_DISPUTES_STATUS_COUNT',
      'API_DISPUTES_DOWNLOAD',
      'API_SETTLEMENT_CALENDAR',
    ]);
    const payments = flatten(menu).find((m) => m.menuUrl === '/transactions/payments');
    expect(payments?.permissions).toEqual([
      { permissionCode: 'PAGE_PAYMENTS_DETAIL', resourceUrl: '/transactions/payments_detail' },
    ]);
    // Finance sees only the bank-accounts page of the settings.
    const finance = await menuOf('finance');
    expect(
      flatten(finance)
        .find((m) => m.menuUrl === '/settings')
        ?.childMenus.map((c) => c.menuUrl),
    ).toEqual(['/settings/bank-accounts']);
  });

  it('gives a payout merchant payout pages and no transactions', async () => {
    const menu = await menuOf('payouts');
    expect(menu.map((m) => m.menuUrl)).toEqual(['/home', '/account', '/payout', '/services', '/settings']);
    const urls = authUrls(menu);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/payout/create',
        '/payout/history',
        '/payout/history/detail',
        '/payout/history/batch/detail',
        '/services/payout',
      ]),
    );
    // The report centre is the one transactions page a payout merchant has (under Payouts: its withdrawals, payouts and
    // batches).
    expect(urls.filter((u) => /^\/(transactions|settlements|subscription)|^\/services\/payin/.test(u))).toEqual([
      '/transactions/reports',
    ]);
  });

  it('answers is-permission-allowed with ALLOW or DENY for every code asked', async () => {
    const ask = async (email: string, codes: string) =>
      (await get(email, IS_ALLOWED, { permissionCodes: codes })).data.permissions;
    const owner = await ask('owner', SPEC_CODES.join(','));
    expect(owner).toEqual(Object.fromEntries(SPEC_CODES.map((c) => [c, 'ALLOW'])));

    const viewer = await ask('viewer', SPEC_CODES.join(','));
    expect(Object.keys(viewer).sort()).toEqual([...SPEC_CODES].sort());
    expect(viewer.API_PAYMENT_REFUND).toBe('DENY');
    expect(viewer.API_DISPUTES_STATUS_COUNT).toBe('ALLOW');
    // Reads only: the alert count, the dispute downloads and the settlement calendar.
    expect(
      Object.entries(viewer)
        .filter(([, v]) => v === 'ALLOW')
        .map(([k]) => k)
        .sort(),
    ).toEqual(['API_DISPUTES_DOWNLOAD', 'API_DISPUTES_STATUS_COUNT', 'API_SETTLEMENT_CALENDAR']);
    expect(await ask('finance', 'API_PAYMENT_REFUND,API_MEMBER_ADD,API_SETTLEMENT_CALENDAR')).toEqual({
      API_PAYMENT_REFUND: 'ALLOW',
      API_MEMBER_ADD: 'DENY',
      API_SETTLEMENT_CALENDAR: 'ALLOW',
    });

    // An unknown code is denied even to a role that grants everything.
    expect(await ask('owner', 'API_NOT_A_THING,API_MEMBER_ADD')).toEqual({
      API_NOT_A_THING: 'DENY',
      API_MEMBER_ADD: 'ALLOW',
    });

    for (const codes of ['', 'api_member_add', 'A,,B', 'A, B', ',API_MEMBER_ADD', 'API_MEMBER_ADD,', 'API-MEMBER']) {
      const res = await get('owner', IS_ALLOWED, { permissionCodes: codes });
      expect(res.code, codes).toBe('001000B001');
      expect(res.msg).toMatch(/^Invalid request: permissionCodes /);
    }
    expect((await get('owner', IS_ALLOWED)).msg).toBe('Invalid request: permissionCodes is required.');
  });

  it('serves both dropdown configs as label/value lists that agree with each other', async () => {
    const agreement = await get('viewer', '/acquiring/web/v1/agreement/dropdown-configs');
    expect(agreement.code).toBe('000000');
    expect(Object.keys(agreement.data).sort()).toEqual([
      'countryList',
      'payMethodNameList',
      'payMethodTypeList',
      'statusList',
    ]);
    for (const [name, list] of Object.entries(agreement.data as Record<string, { label: string; value: string }[]>)) {
      expect(list.length, name).toBeGreaterThan(0);
      for (const option of list) {
        expect(Object.keys(option).sort(), name).toEqual(['label', 'value']);
        expect(option.label.length).toBeGreaterThan(0);
      }
      expect(new Set(list.map((o) => o.value)).size, `${name} values are unique`).toBe(list.length);
    }
    const values = (name: string) =>
      new Map((agreement.data[name] as { label: string; value: string }[]).map((o) => [o.value, o.label]));

    const payMethods = await get('payouts', '/acquiring/web/v1/pay-method/dropdown-configs');
    expect(payMethods.code).toBe('000000');
    expect(payMethods.data.length).toBeGreaterThan(0);
    for (const m of payMethods.data) {
      expect(Object.keys(m).sort()).toEqual([
        'countries',
        'currencies',
        'payMethodName',
        'payMethodNameLabel',
        'payMethodType',
        'payMethodTypeLabel',
      ]);
      expect(values('payMethodNameList').get(m.payMethodName)).toBe(m.payMethodNameLabel);
      expect(values('payMethodTypeList').get(m.payMethodType)).toBe(m.payMethodTypeLabel);
      for (const country of m.countries) expect(values('countryList').has(country), country).toBe(true);
      for (const currency of m.currencies) expect(currency).toMatch(/^[A-Z]{3}$/);
    }
    expect(values('payMethodNameList').size).toBe(
      new Set(payMethods.data.map((m: { payMethodName: string }) => m.payMethodName)).size,
    );
  });
});
