/**
 * Role changes reaching an open tab, through the real HTTP client and a real HTTP server: a page's
 * call answered 430 makes the global state ask for the menus again, and a disabled user (every call
 * now 431) lands on the login page at the tab's next call, here the refresh when it comes back into view.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { focusManager, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { setHttpUi } from '@/lib/http/http-ui';
import { ApiError, post } from '@/lib/http/request';
import { envelope, moveDocumentTo, sendJson, startTestServer, type TestServer } from '@/lib/http/test-server';
import { createQueryClient } from '../query-client';
import { useGlobalStateLoader } from './global-state-provider';
import { ACCESS_REFRESH_MS, currentUserQuery } from './global-state-queries';

const USER = {
  userId: 'U1',
  email: 'viewer@demo.test',
  forceResetPassword: false,
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
  theme: 'system',
  locale: null,
  timeZone: 'Asia/Singapore',
  merchantSignProducts: 'DIRECT_PAYMENT',
};
const MENUS = [{ menuId: '1', menuName: 'Home', menuUrl: '/home', childMenus: [] }];

let server: TestServer;
const ui = { success: vi.fn(), error: vi.fn(), toLogin: vi.fn() };
let restoreUi: () => void;

/** A signed-in user's server: the global state's calls answer; `pageStatus` is what a page's call gets. */
function signedIn(pageStatus = 200) {
  server.handle((req, res) => {
    if (req.path === USERCENTER_PATHS.currentUser) return sendJson(res, envelope('000000', '', USER));
    if (req.path === USERCENTER_PATHS.menuList) return sendJson(res, envelope('000000', '', MENUS));
    if (req.path === USERCENTER_PATHS.isPermissionAllowed)
      return sendJson(res, envelope('000000', '', { permissions: {} }));
    if (req.path === '/page/call')
      return sendJson(res, envelope(pageStatus === 430 ? '002001B024' : '000000'), pageStatus);
    return sendJson(res, envelope('000000'));
  });
}

const asked = (path: string) => server.requests.filter((r) => r.path === path).length;

function renderLoader() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => useGlobalStateLoader(), { wrapper }), queryClient };
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  moveDocumentTo(`${server.origin}/app/home`);
  server.requests.length = 0;
  restoreUi = setHttpUi(ui);
});
afterEach(() => {
  cleanup();
  restoreUi();
  focusManager.setFocused(undefined);
  vi.clearAllMocks();
});

describe('role changes in an open tab (real client and server)', () => {
  it("a page's call answered 430 makes the tab ask for its menus and permissions again", async () => {
    signedIn(430);
    const { result } = renderLoader();
    await waitFor(() => expect(result.current.status).toBe('success'));
    await waitFor(() => expect(asked(USERCENTER_PATHS.isPermissionAllowed)).toBe(1));
    expect(asked(USERCENTER_PATHS.menuList)).toBe(1);

    const err = await post('/page/call', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    await waitFor(() => {
      expect(asked(USERCENTER_PATHS.menuList)).toBe(2);
      expect(asked(USERCENTER_PATHS.isPermissionAllowed)).toBe(2);
      expect(asked(USERCENTER_PATHS.currentUser)).toBe(2);
    });
    expect(ui.error).toHaveBeenCalledWith('Permission denied.');
    expect(ui.toLogin).not.toHaveBeenCalled();
  });

  it("a disabled user's tab lands on the login page at its next call (the refresh on coming back into view)", async () => {
    signedIn();
    const { result, queryClient } = renderLoader();
    await waitFor(() => expect(result.current.status).toBe('success'));

    // The owner disables the user: the session is gone, every call answers 431.
    server.handle((_req, res) => sendJson(res, envelope('002001B010'), 431));
    queryClient.setQueryData(currentUserQuery().queryKey, USER as never, {
      updatedAt: Date.now() - ACCESS_REFRESH_MS - 1_000,
    });
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(ui.toLogin).toHaveBeenCalledWith('/home'));
  });
});
