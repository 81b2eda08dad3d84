import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CurrentUser } from '@mbo/contracts/usercenter';
import { GlobalStateContext, type GlobalStateApi } from '@/lib/global-state';
import { TEST_USER } from '@/testing/render-with-state';
import { renderWithTestAntd } from '@/testing/test-antd';
import GuardedOutlet from './guarded-outlet';
import type { RouteHandle } from './route-handle';

function state(authUrls: string[], user: CurrentUser | null = null): GlobalStateApi {
  return {
    status: 'success',
    alertInfo: { customerDisputeCount: 0, chargebackCount: 0 },
    merchantGray: true,
    isPG: true,
    user,
    menus: [],
    authUrls,
    subMerchantList: [],
    payMethodList: [],
    countryList: [],
    payMethodTypeList: [],
    payMethodNameList: [],
    statusList: [],
    payMethodMap: {},
    isMobile: false,
    permissions: {},
    reload: async () => {},
    refreshAlertInfo: async () => {},
    hasPermission: () => false,
  };
}

function renderAt(url: string, authUrls: string[], user: CurrentUser | null = null) {
  const guarded = (fullPath: string): RouteHandle => ({ title: fullPath, fullPath, guarded: true });
  const router = createMemoryRouter(
    [
      {
        element: <GuardedOutlet />,
        children: [
          { path: 'transactions/refunds', handle: guarded('/transactions/refunds'), element: <p>Refunds page</p> },
          { path: 'settings/team', handle: guarded('/settings/team'), element: <p>Team page</p> },
          { path: 'payout/create', handle: guarded('/payout/create'), element: <p>Create payout page</p> },
          { path: '*', handle: { title: 'Page not found' }, element: <p>Not found page</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  renderWithTestAntd(
    <GlobalStateContext.Provider value={state(authUrls, user)}>
      <RouterProvider router={router} />
    </GlobalStateContext.Provider>,
  );
}

afterEach(cleanup);

describe('GuardedOutlet', () => {
  it('renders the page when its path is in authUrls', () => {
    renderAt('/transactions/refunds?status=SUCCESS', ['/transactions/refunds']);
    expect(screen.getByText('Refunds page')).toBeTruthy();
  });

  it('renders the 403 page, with a way home, when it is not', () => {
    renderAt('/settings/team', ['/transactions/refunds']);
    expect(screen.queryByText('Team page')).toBeNull();
    expect(screen.getByText("You don't have access to this page")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
  });

  it('names the cause: the role for a page the merchant has, with who can give it', () => {
    renderAt('/settings/team', ['/transactions/refunds'], TEST_USER);
    expect(screen.getByText(/Your role \(Owner\) at Demo Store does not include this page/)).toBeTruthy();
    expect(screen.getByText(/Ask an owner or admin of Demo Store/)).toBeTruthy();
  });

  it('names the cause: the product for a Payouts page of a payments merchant, not the role', () => {
    renderAt('/payout/create', ['/transactions/refunds'], TEST_USER);
    expect(screen.getByText(/part of the Payouts product, which Demo Store does not have/)).toBeTruthy();
    expect(screen.getByText(/Contact your account manager/)).toBeTruthy();
    expect(screen.queryByText(/Your role/)).toBeNull();
  });

  it('does not guard the catch-all 404 route', () => {
    renderAt('/nowhere', []);
    expect(screen.getByText('Not found page')).toBeTruthy();
  });
});
