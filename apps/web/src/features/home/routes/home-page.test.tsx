import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { USERCENTER_PATHS, type LoginHistoryRecord } from '@mbo/contracts/usercenter';
import { renderWithState, testGlobalState, TEST_USER } from '@/testing/render-with-state';
import HomePage from './home-page';

vi.mock('@/lib/http/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http/request')>()),
  post: vi.fn(),
  // The KPI and balance calls stay pending: these tests are about the rest of the page.
  get: vi.fn(() => new Promise(() => {})),
}));
const { post } = await import('@/lib/http/request');
const postMock = vi.mocked(post);

const LOGINS: LoginHistoryRecord[] = [
  {
    id: '3',
    loginTime: '2026-03-02T02:00:00.000Z',
    ip: '198.51.100.7',
    device: 'curl/8',
    result: 'SUCCESS',
    failReason: null,
  },
  {
    id: '2',
    loginTime: '2026-03-02T01:59:00.000Z',
    ip: '203.0.113.9',
    device: 'curl/8',
    result: 'FAILURE',
    failReason: 'Password is not correct.',
  },
  {
    id: '1',
    loginTime: '2026-03-01T01:00:00.000Z',
    ip: '198.51.100.7',
    device: 'curl/8',
    result: 'SUCCESS',
    failReason: null,
  },
];

afterEach(() => {
  cleanup();
  postMock.mockReset();
});

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('HomePage', () => {
  it('greets the user and shows the merchant', () => {
    postMock.mockResolvedValue({ total: 0, records: [] });
    renderWithState(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Good (morning|afternoon|evening), Olivia$/);
    expect(screen.getByText('Demo Store')).toBeTruthy();
    expect(screen.getByText('M100001')).toBeTruthy();
    expect(screen.getByText('Payments')).toBeTruthy();
    expect(screen.getByText(/Asia\/Singapore \(GMT\+08:00\)/)).toBeTruthy();
  });

  it('warns about disputes needing evidence with both counts and a link to the filtered list', () => {
    postMock.mockResolvedValue({ total: 0, records: [] });
    renderWithState(
      <HomePage />,
      testGlobalState({
        alertInfo: { customerDisputeCount: 3, chargebackCount: 1 },
        authUrls: ['/transactions/disputes'],
      }),
    );
    expect(screen.getByText('4 disputes need your evidence')).toBeTruthy();
    expect(screen.getByText(/3 customer disputes and 1 chargeback are waiting for evidence/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Review disputes/ }).getAttribute('href')).toBe(
      '/transactions/disputes?status=EVIDENCE_REQUIRED',
    );
  });

  it('shows no banner when nothing needs evidence', () => {
    postMock.mockResolvedValue({ total: 0, records: [] });
    renderWithState(<HomePage />);
    expect(screen.queryByText(/need your evidence/)).toBeNull();
  });

  it('offers only the shortcuts the user may open', () => {
    postMock.mockResolvedValue({ total: 0, records: [] });
    renderWithState(
      <HomePage />,
      testGlobalState({ authUrls: ['/transactions/payments', '/account/withdraw', '/settings/team'], permissions: {} }),
    );
    const nav = screen.getByRole('navigation', { name: 'Shortcuts' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/transactions/payments', '/settings/team']);
  });

  it('shows the last login and the failed attempts from the first page of the login history', async () => {
    postMock.mockResolvedValue({ total: 3, records: LOGINS });
    renderWithState(<HomePage />);
    expect(await screen.findByText('2026-03-02 10:00:00 GMT+08:00')).toBeTruthy();
    expect(screen.getByText('from IP 198.51.100.7')).toBeTruthy();
    expect(screen.getByText(/1 in your last 3 logins/)).toBeTruthy();
    expect(postMock).toHaveBeenCalledWith(
      USERCENTER_PATHS.loginHistoryList,
      { pageNum: 1, pageSize: 10 },
      { showErrorMessage: false },
    );
  });

  it('lists sub-merchants only when there are some', () => {
    postMock.mockResolvedValue({ total: 0, records: [] });
    const parent = {
      merchantId: 'M100001',
      merchantName: 'Demo Store',
      merchantSignProducts: 'DIRECT_PAYMENT' as const,
      parentMerchantId: null,
      current: true,
    };
    renderWithState(<HomePage />, testGlobalState({ subMerchantList: [parent] }));
    expect(screen.queryByText('Sub-merchants')).toBeNull();
    cleanup();
    renderWithState(
      <HomePage />,
      testGlobalState({
        user: TEST_USER,
        subMerchantList: [
          { ...parent, current: false },
          {
            merchantId: 'M200002',
            merchantName: 'Demo Sub East',
            merchantSignProducts: 'PAYOUT',
            parentMerchantId: 'M100001',
            current: false,
          },
        ],
      }),
    );
    expect(screen.getByText('Sub-merchants')).toBeTruthy();
    expect(screen.getByText('Demo Sub East')).toBeTruthy();
  });
});
