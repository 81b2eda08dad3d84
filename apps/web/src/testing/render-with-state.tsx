import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type { CurrentUser } from '@mbo/contracts/usercenter';
import { GlobalStateContext, type GlobalStateApi } from '@/lib/global-state';
import { renderWithTestAntd } from './test-antd';

export const TEST_USER: CurrentUser = {
  userId: 'u_1',
  email: 'owner@demo.test',
  name: 'Olivia Owner',
  roleCode: 'OWNER',
  roleName: 'Owner',
  homeMerchantId: 'M100001',
  homeMerchantName: 'Demo Store',
  merchantId: 'M100001',
  merchantName: 'Demo Store',
  merchantSignProducts: 'DIRECT_PAYMENT',
  timeZone: 'Asia/Singapore',
  forceResetPassword: false,
  lastLoginTime: '2026-03-01T01:02:03.000Z',
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
  theme: 'system',
  locale: null,
};

/** A loaded global state, as the shell's provider gives it; override what a test needs. */
export function testGlobalState(overrides: Partial<GlobalStateApi> = {}): GlobalStateApi {
  const permissions = overrides.permissions ?? {};
  return {
    status: 'success',
    alertInfo: { customerDisputeCount: 0, chargebackCount: 0 },
    merchantGray: true,
    isPG: true,
    user: TEST_USER,
    menus: [],
    authUrls: [],
    subMerchantList: [],
    payMethodList: [],
    countryList: [],
    payMethodTypeList: [],
    payMethodNameList: [],
    statusList: [],
    payMethodMap: {},
    isMobile: false,
    permissions,
    reload: async () => {},
    refreshAlertInfo: async () => {},
    hasPermission: (code) => permissions[code] === true,
    ...overrides,
  };
}

/** A query client as the tests want it: no retries. */
export function newTestQueryClient(): QueryClient {
  // retryDelay 0: a query with its own `retry` (the detail pages retry a call that got no answer) retries at once, not
  // after 1 s and 2 s.
  return new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } } });
}

/**
 * Renders inside the providers the app layout gives its children, at `url` (a detail page's id is in
 * its query string). Pass `queryClient` to look at (or fill) the cache the rendered UI uses.
 */
export function renderWithState(
  ui: ReactElement,
  state: GlobalStateApi = testGlobalState(),
  url = '/home',
  queryClient = newTestQueryClient(),
) {
  return renderWithTestAntd(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <GlobalStateContext.Provider value={state}>{ui}</GlobalStateContext.Provider>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}
