import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Outlet, createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { get } from '@/lib/http/request';
import { currentUserQuery } from '../global-state/global-state-queries';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { renderWithTestAntd } from '@/testing/test-antd';
import { signedInRoute } from './signed-in-route';
import { hasSessionHint } from './session-hint';

// The global state's calls (started by the gate once the session is known) go through the HTTP client.
vi.mock('@/lib/http/request', async (original) => ({
  ...(await original<typeof import('@/lib/http/request')>()),
  get: vi.fn(async () => null),
}));

const USER = { userId: 'U1', email: 'owner@demo.test', forceResetPassword: false, timeZone: 'Asia/Singapore' };
const answer = (status: number, data: unknown = null) =>
  new Response(JSON.stringify({ code: status === 200 ? '000000' : '002001B010', msg: '', msg_params: null, data }), {
    status,
  });

function Layout() {
  return (
    <main>
      Layout <Outlet />
    </main>
  );
}
const Home = () => <p>Home page</p>;

function setUp(queryClient: QueryClient) {
  const loadLayout = vi.fn(async () => ({ default: Layout }));
  const loadHome = vi.fn(async () => ({ default: Home }));
  const prefetch = vi.fn<PagePrefetch>();
  const loadPayments = vi.fn(async () => ({ default: Home, prefetch }));
  const routes: RouteObject[] = [
    { path: '/auth/login', element: <p>Login page</p> },
    {
      id: 'signed-in',
      ...signedInRoute(queryClient, loadLayout, { gate: true }),
      children: [
        { path: 'home', ...signedInRoute(queryClient, loadHome, { fullPath: '/home' }) },
        {
          path: 'transactions/payments',
          ...signedInRoute(queryClient, loadPayments, { fullPath: '/transactions/payments' }),
        },
      ],
    },
  ];
  return { routes, loadLayout, loadHome, prefetch };
}

/** The HTTP client's answers: the menus hold `menuUrls`, every other call answers nothing. */
function menusOf(...menuUrls: string[]) {
  vi.mocked(get).mockImplementation(async (url: string) =>
    url === USERCENTER_PATHS.menuList
      ? menuUrls.map((menuUrl, i) => ({ menuId: String(i), menuName: menuUrl, menuUrl, childMenus: [] }))
      : null,
  );
}

describe('signed-in routes', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(get).mockReset();
    vi.mocked(get).mockResolvedValue(null);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('send a visitor without a session to the login page, back to the page after, loading none of their code', async () => {
    fetchMock.mockResolvedValue(answer(431));
    const { routes, loadLayout, loadHome } = setUp(new QueryClient());
    const router = createMemoryRouter(routes, { initialEntries: ['/home?tab=2'] });
    renderWithTestAntd(<RouterProvider router={router} />);
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/auth/login?redirect=${encodeURIComponent('/home?tab=2')}`,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1); // one probe for every loader of the navigation
    expect(loadLayout).not.toHaveBeenCalled();
    expect(loadHome).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
  });

  it('load the layout and the page for a signed-in user, fill the current user and start the global state', async () => {
    fetchMock.mockResolvedValue(answer(200, USER));
    const queryClient = new QueryClient();
    const { routes, loadLayout, loadHome } = setUp(queryClient);
    const router = createMemoryRouter(routes, { initialEntries: ['/home'] });
    renderWithTestAntd(<RouterProvider router={router} />);
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(screen.getByText(/Layout/)).toBeTruthy();
    expect(queryClient.getQueryData(currentUserQuery().queryKey)).toEqual(USER);
    expect(vi.mocked(get).mock.calls.map(([url]) => url)).toContain(USERCENTER_PATHS.menuList);

    // A new search on the page does not load anything again; the session is not asked again.
    await act(() => router.navigate('/home?status=SUCCESS'));
    expect(loadLayout).toHaveBeenCalledTimes(1);
    expect(loadHome).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ask nothing when the current user is cached, and start no other call for a user who must reset the password', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(currentUserQuery().queryKey, { ...USER, forceResetPassword: true } as never);
    const { routes } = setUp(queryClient);
    renderWithTestAntd(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/home'] })} />);
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
  });

  it('count a probe that cannot tell (server error) as signed in: the layout asks again and shows the failure', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 502 }));
    const { routes, loadLayout } = setUp(new QueryClient());
    renderWithTestAntd(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/home'] })} />);
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(loadLayout).toHaveBeenCalledTimes(1);
  });

  it("start a page's prefetch with the URL's search and the user's zone once the menus open the page to the user", async () => {
    fetchMock.mockResolvedValue(answer(200, USER));
    menusOf('/transactions/payments');
    const queryClient = new QueryClient();
    const { routes, prefetch } = setUp(queryClient);
    renderWithTestAntd(
      <RouterProvider
        router={createMemoryRouter(routes, { initialEntries: ['/transactions/payments?status=SUCCESS'] })}
      />,
    );
    expect(await screen.findByText('Home page')).toBeTruthy();
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    const [context] = prefetch.mock.calls[0];
    expect(context.search.get('status')).toBe('SUCCESS');
    expect(context.timeZone).toBe('Asia/Singapore');
    expect(context.queryClient).toBe(queryClient);
  });

  it('start no prefetch for a page the menus do not give the user (the route shows 403)', async () => {
    fetchMock.mockResolvedValue(answer(200, USER));
    menusOf('/transactions/refunds');
    const queryClient = new QueryClient();
    const { routes, prefetch } = setUp(queryClient);
    renderWithTestAntd(
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/transactions/payments'] })} />,
    );
    expect(await screen.findByText('Home page')).toBeTruthy();
    await vi.waitFor(() => expect(get).toHaveBeenCalledWith(USERCENTER_PATHS.menuList, undefined, expect.anything()));
    await act(async () => undefined);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('with the session hint, load the code while the session is checked; a session that is gone drops the hint and shows the login page', async () => {
    document.cookie = 'mbo_signed_in=1; path=/';
    fetchMock.mockResolvedValue(answer(431));
    const { routes, loadLayout, loadHome } = setUp(new QueryClient());
    renderWithTestAntd(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/home'] })} />);
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(loadLayout).toHaveBeenCalledTimes(1);
    expect(loadHome).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Home page')).toBeNull();
    expect(hasSessionHint()).toBe(false);
  });
});
