import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PAYIN_SERVICE_PATHS, type GrayMerchantAnswer } from '@mbo/contracts/payin-services';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { ApiError, get, post } from '@/lib/http/request';
import { useGlobalStateLoader } from './global-state-provider';

vi.mock('@/lib/http/request', async (original) => ({
  ...(await original<typeof import('@/lib/http/request')>()),
  get: vi.fn(),
  post: vi.fn(),
}));

const USER = { userId: 'U1', email: 'owner@demo.test', forceResetPassword: false, timeZone: 'Asia/Singapore', merchantSignProducts: 'DIRECT_PAYMENT' };
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

function renderLoader() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useGlobalStateLoader(), { wrapper });
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
    expect(grayCalls()).toEqual([[PAYIN_SERVICE_PATHS.isGrayMerchant, {}, expect.objectContaining({ showErrorMessage: false })]]);

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
