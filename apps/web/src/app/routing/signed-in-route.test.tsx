import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Outlet, createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { get } from '@/lib/http/request';
import { currentUserQuery } from '../global-state/global-state-queries';
import { signedInRoute } from './signed-in-route';

// The global state's calls (started by the gate once the session is known) go through the HTTP client.
vi.mock('@/lib/http/request', async (original) => ({ ...(await original<typeof import('@/lib/http/request')>()), get: vi.fn(async () => null) }));

const USER = { userId: 'U1', email: 'owner@demo.test', forceResetPassword: false };
const answer = (status: number, data: unknown = null) =>
  new Response(JSON.stringify({ code: status === 200 ? '000000' : '002001B010', msg: '', msg_params: null, data }), { status });

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
  const routes: RouteObject[] = [
    { path: '/auth/login', element: <p>Login page</p> },
    { id: 'signed-in', ...signedInRoute(queryClient, loadLayout, { gate: true }), children: [{ path: 'home', ...signedInRoute(queryClient, loadHome) }] },
  ];
  return { routes, loadLayout, loadHome };
}

describe('signed-in routes', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(get).mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('send a visitor without a session to the login page, back to the page after, loading none of their code', async () => {
    fetchMock.mockResolvedValue(answer(431));
    const { routes, loadLayout, loadHome } = setUp(new QueryClient());
    const router = createMemoryRouter(routes, { initialEntries: ['/home?tab=2'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(`/auth/login?redirect=${encodeURIComponent('/home?tab=2')}`);
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
    render(<RouterProvider router={router} />);
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
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/home'] })} />);
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
  });

  it('count a probe that cannot tell (server error) as signed in: the layout asks again and shows the failure', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 502 }));
    const { routes, loadLayout } = setUp(new QueryClient());
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/home'] })} />);
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(loadLayout).toHaveBeenCalledTimes(1);
  });
});
