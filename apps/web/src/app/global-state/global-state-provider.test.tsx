import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PAYIN_SERVICE_PATHS, type GrayMerchantAnswer } from '@mbo/contracts/payin-services';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { emitAccessSignal } from '@/lib/http/access-signals';
import { ApiError, get, post } from '@/lib/http/request';
import { createQueryClient } from '../query-client';
import { useGlobalStateLoader } from './global-state-provider';
import { ACCESS_REFRESH_MS, currentUserQuery, menusQuery, permissionsQuery } from './global-state-queries';

vi.mock('@/lib/http/request', async (original) => ({
  ...(await original<typeof import('@/lib/http/request')>()),
  get: vi.fn(),
  post: vi.fn(),
}));

const USER = {
  userId: 'U1',
  email: 'owner@demo.test',
  forceResetPassword: false,
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
  theme: 'system',
  locale: null,
  timeZone: 'Asia/Singapore',
  merchantSignProducts: 'DIRECT_PAYMENT',
};
const MENUS = [{ menuId: '1', menuName: 'Home', menuUrl: '/home', childMenus: [] }];

/** The global state's GET calls: the user, one menu, nothing else. */
function answerGets(user: object | null = USER) {
  vi.mocked(get).mockImplementation(async (url: string) => {
    if (url === USERCENTER_PATHS.currentUser) {
      if (!user) throw new ApiError('User not login.', '002001B010', 431);
      return user as never;
    }
    if (url === USERCENTER_PATHS.menuList) return MENUS as never;
    return null as never;
  });
}

/** The isGrayMerchant call, held until the test answers it. */
function holdGrayAnswer() {
  let answer!: (value: GrayMerchantAnswer) => void;
  let fail!: (error: Error) => void;
  vi.mocked(post).mockImplementation(
    () =>
      new Promise((resolve, reject) => {
        answer = resolve as (value: GrayMerchantAnswer) => void;
        fail = reject;
      }),
  );
  return { answer: (value: GrayMerchantAnswer) => answer(value), fail: (error: Error) => fail(error) };
}

function renderLoader(queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => useGlobalStateLoader(), { wrapper }), queryClient };
}

/** How many times each URL was asked with GET. */
function getCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [url] of vi.mocked(get).mock.calls) counts[url] = (counts[url] ?? 0) + 1;
  return counts;
}

const grayCalls = () => vi.mocked(post).mock.calls.filter(([url]) => url === PAYIN_SERVICE_PATHS.isGrayMerchant);

afterEach(() => {
  cleanup();
  vi.mocked(get).mockReset();
  vi.mocked(post).mockReset();
});

describe('the global state: merchantGray', () => {
  it('is true while isGrayMerchant is asked (the layout does not wait for it), then what the server says', async () => {
    answerGets();
    const gray = holdGrayAnswer();
    const { result } = renderLoader();
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.merchantGray).toBe(true);
    expect(grayCalls()).toEqual([
      [PAYIN_SERVICE_PATHS.isGrayMerchant, {}, expect.objectContaining({ showErrorMessage: false })],
    ]);

    await act(async () => gray.answer({ merchantGray: false }));
    await waitFor(() => expect(result.current.merchantGray).toBe(false));
    expect(result.current.status).toBe('success');
  });

  it('keeps the default when the call fails, without failing the global state', async () => {
    answerGets();
    const gray = holdGrayAnswer();
    const { result } = renderLoader();
    await waitFor(() => expect(grayCalls()).toHaveLength(1));
    await act(async () => gray.fail(new ApiError('System error.', '002000S001', 200)));
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.merchantGray).toBe(true);
  });

  it('is not asked for a user who must reset the password, nor without a signed-in user', async () => {
    answerGets({ ...USER, forceResetPassword: true });
    holdGrayAnswer();
    const reset = renderLoader();
    await waitFor(() => expect(reset.result.current.status).toBe('success'));
    expect(reset.result.current.merchantGray).toBe(true);
    reset.unmount();

    answerGets(null);
    const visitor = renderLoader();
    await waitFor(() => expect(visitor.result.current.status).toBe('failure'));
    expect(visitor.result.current.merchantGray).toBe(true);
    expect(grayCalls()).toEqual([]);
  });
});

describe('the global state: role changes in an open tab', () => {
  afterEach(() => focusManager.setFocused(undefined));

  /** Loaded with the app's own client (no refetch on focus unless a query asks for it). */
  async function loaded() {
    answerGets();
    vi.mocked(post).mockResolvedValue({ merchantGray: false } as never);
    const view = renderLoader(createQueryClient());
    await waitFor(() => expect(view.result.current.status).toBe('success'));
    await waitFor(() => expect(getCounts()[USERCENTER_PATHS.isPermissionAllowed]).toBe(1));
    return view;
  }

  it('reads the current user, menus and permission map again when a call answers 430, nothing else', async () => {
    await loaded();
    const before = getCounts();
    act(() => emitAccessSignal('permission-denied'));
    await waitFor(() => {
      const after = getCounts();
      expect(after[USERCENTER_PATHS.currentUser]).toBe(before[USERCENTER_PATHS.currentUser] + 1);
      expect(after[USERCENTER_PATHS.menuList]).toBe(before[USERCENTER_PATHS.menuList] + 1);
      expect(after[USERCENTER_PATHS.isPermissionAllowed]).toBe(before[USERCENTER_PATHS.isPermissionAllowed] + 1);
    });
    expect(getCounts()[USERCENTER_PATHS.subMerchantList]).toBe(before[USERCENTER_PATHS.subMerchantList]);
  });

  it('follows the new menus once the 430 reload answers', async () => {
    const { result } = await loaded();
    expect(result.current.authUrls).toEqual(['/home']);
    vi.mocked(get).mockImplementation(async (url: string) => {
      if (url === USERCENTER_PATHS.currentUser) return USER as never;
      if (url === USERCENTER_PATHS.menuList)
        return [{ menuId: '2', menuName: 'Payments', menuUrl: '/transactions/payments', childMenus: [] }] as never;
      return null as never;
    });
    act(() => emitAccessSignal('permission-denied'));
    await waitFor(() => expect(result.current.authUrls).toEqual(['/transactions/payments']));
  });

  it('reads only the current user again on 002001B040 (its flag brings the set-up panel)', async () => {
    await loaded();
    const before = getCounts();
    act(() => emitAccessSignal('two-factor-setup-required'));
    await waitFor(() =>
      expect(getCounts()[USERCENTER_PATHS.currentUser]).toBe(before[USERCENTER_PATHS.currentUser] + 1),
    );
    expect(getCounts()[USERCENTER_PATHS.menuList]).toBe(before[USERCENTER_PATHS.menuList]);
  });

  it('reads them again when the tab comes back into view and they are older than a minute, not before', async () => {
    const { queryClient } = await loaded();
    const before = getCounts();
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await act(async () => undefined);
    expect(getCounts()).toEqual(before);

    const old = Date.now() - ACCESS_REFRESH_MS - 1_000;
    for (const query of [currentUserQuery(), menusQuery(), permissionsQuery()]) {
      queryClient.setQueryData(query.queryKey, queryClient.getQueryData(query.queryKey) as never, { updatedAt: old });
    }
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => {
      const after = getCounts();
      expect(after[USERCENTER_PATHS.currentUser]).toBe(before[USERCENTER_PATHS.currentUser] + 1);
      expect(after[USERCENTER_PATHS.menuList]).toBe(before[USERCENTER_PATHS.menuList] + 1);
      expect(after[USERCENTER_PATHS.isPermissionAllowed]).toBe(before[USERCENTER_PATHS.isPermissionAllowed] + 1);
    });
  });

  it('polls no faster than once a minute, and only while the tab is in view', () => {
    for (const query of [currentUserQuery(), menusQuery(), permissionsQuery()]) {
      expect(query.refetchInterval).toBe(ACCESS_REFRESH_MS);
      expect(query.refetchIntervalInBackground).toBe(false);
    }
    expect(ACCESS_REFRESH_MS).toBeGreaterThanOrEqual(60_000);
  });

  it('calls nothing else for a user who must set up two-factor sign-in', async () => {
    answerGets({ ...USER, twoFactorSetupRequired: true });
    holdGrayAnswer();
    const { result } = renderLoader();
    await waitFor(() => expect(result.current.status).toBe('success'));
    await act(async () => undefined);
    expect(Object.keys(getCounts())).toEqual([USERCENTER_PATHS.currentUser]);
    expect(grayCalls()).toEqual([]);
  });
});
