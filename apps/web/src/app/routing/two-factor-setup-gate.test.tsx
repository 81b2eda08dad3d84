import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { USERCENTER_PATHS, type CurrentUser } from '@mbo/contracts/usercenter';
import { emitAccessSignal } from '@/lib/http/access-signals';
import { get, post } from '@/lib/http/request';
import { renderWithTestAntd } from '@/testing/test-antd';
import { setupUser } from '@/testing/user';
import GlobalStateProvider from '../global-state/global-state-provider';
import { currentUserQuery } from '../global-state/global-state-queries';
import { signedInRoute } from './signed-in-route';

vi.mock('@/lib/http/request', async (original) => ({
  ...(await original<typeof import('@/lib/http/request')>()),
  get: vi.fn(),
  post: vi.fn(),
}));

// The panel is a lazy chunk of the area's root: loaded once here, so the first test does not wait on it.
await import('./two-factor-setup-gate');

const USER = {
  userId: 'U1',
  email: 'owner@demo.test',
  name: 'Olivia Owner',
  forceResetPassword: false,
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
  theme: 'system',
  locale: null,
  timeZone: 'Asia/Singapore',
  merchantSignProducts: 'DIRECT_PAYMENT',
} as unknown as CurrentUser;
const REQUIRED = { ...USER, twoFactorSetupRequired: true };
const ENABLED = { ...USER, twoFactorEnabled: true };
const MENUS = [{ menuId: '1', menuName: 'Home', menuUrl: '/home', childMenus: [] }];
const GATE_TITLE = 'Your merchant requires two-factor sign-in';

/** The real global state under a bare layout: what the gate must keep from mounting. */
function Layout() {
  return (
    <GlobalStateProvider>
      <main>
        Layout <Outlet />
      </main>
    </GlobalStateProvider>
  );
}
const Home = () => <p>Home page</p>;

function renderArea(queryClient: QueryClient, url = '/home') {
  const routes: RouteObject[] = [
    { path: '/auth/login', element: <p>Login page</p> },
    {
      id: 'signed-in',
      ...signedInRoute(queryClient, async () => ({ default: Layout }), { gate: true }),
      children: [
        { path: 'home', ...signedInRoute(queryClient, async () => ({ default: Home }), { fullPath: '/home' }) },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  renderWithTestAntd(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The server as the global state and the two-factor calls see it; `user` is the current user it answers. */
function serve(user: () => CurrentUser) {
  vi.mocked(get).mockImplementation(async (url: string) => {
    if (url === USERCENTER_PATHS.currentUser) return user() as never;
    if (url === USERCENTER_PATHS.menuList) return MENUS as never;
    return null as never;
  });
  vi.mocked(post).mockImplementation(async (url: string) => {
    if (url === USERCENTER_PATHS.twoFactorSetup) {
      return {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
        qrDataUrl: 'data:image/png;base64,AA==',
      } as never;
    }
    if (url === USERCENTER_PATHS.twoFactorEnable)
      return { recoveryCodes: Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbb${i}`) } as never;
    return null as never;
  });
}

const okAnswer = (data: unknown) =>
  new Response(JSON.stringify({ code: '000000', msg: '', msg_params: null, data }), { status: 200 });

describe('the two-factor set-up gate', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => okAnswer(REQUIRED)),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(get).mockReset();
    vi.mocked(post).mockReset();
  });

  it('shows only the set-up panel: no layout, no page, no global state call', async () => {
    serve(() => REQUIRED);
    renderArea(new QueryClient());
    expect(await screen.findByRole('heading', { name: GATE_TITLE })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    await act(async () => undefined);
    expect(screen.queryByText(/Layout/)).toBeNull();
    expect(screen.queryByText('Home page')).toBeNull();
    // The server would answer 002001B040 to every one of them.
    expect(get).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });

  it('loads the app once two-factor sign-in is on and the recovery codes are confirmed', async () => {
    let current: CurrentUser = REQUIRED;
    serve(() => current);
    const queryClient = new QueryClient();
    queryClient.setQueryData(currentUserQuery().queryKey, REQUIRED);
    renderArea(queryClient);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    await user.type(await screen.findByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await user.click(await screen.findByRole('checkbox', { name: 'I have saved these codes' }));
    current = ENABLED;
    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(screen.getByText(/Layout/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: GATE_TITLE })).toBeNull();
    expect(vi.mocked(get).mock.calls.map(([url]) => url)).toEqual(
      expect.arrayContaining([USERCENTER_PATHS.currentUser, USERCENTER_PATHS.menuList]),
    );
    expect(vi.mocked(post).mock.calls.map(([url]) => url)).toEqual([
      USERCENTER_PATHS.twoFactorSetup,
      USERCENTER_PATHS.twoFactorEnable,
      expect.any(String),
    ]);
  });

  it('logs out from the panel', async () => {
    serve(() => REQUIRED);
    const router = renderArea(new QueryClient());
    await setupUser().click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(post).toHaveBeenCalledWith(USERCENTER_PATHS.logout, undefined, { showErrorMessage: false });
  });

  it('puts the panel in place of the app when a call answers 002001B040 (the merchant now requires it)', async () => {
    let current: CurrentUser = USER;
    serve(() => current);
    const queryClient = new QueryClient();
    queryClient.setQueryData(currentUserQuery().queryKey, USER);
    renderArea(queryClient);
    expect(await screen.findByText('Home page')).toBeTruthy();

    current = REQUIRED;
    act(() => emitAccessSignal('two-factor-setup-required'));
    expect(await screen.findByRole('heading', { name: GATE_TITLE })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Home page')).toBeNull());
  });
});
