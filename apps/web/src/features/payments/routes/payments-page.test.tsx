import { afterEach, describe, expect, it } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { PAYMENT_PATHS, type PaymentRecord } from '@mbo/contracts/payments';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { GlobalStateContext } from '@/lib/global-state';
import { renderWithTestAntd } from '@/testing/test-antd';
import { testGlobalState } from '@/testing/render-with-state';
import PaymentsPage from './payments-page';

// The machine running the suite can be busy: give async UI a few seconds, not one.
configure({ asyncUtilTimeout: 5000 });

const RECORD: PaymentRecord = {
  paymentId: 'pay_0001',
  merchantOrderNo: 'ORD-1',
  amount: 4000,
  fee: 146,
  net: 3854,
  currency: 'EUR',
  status: 'SUCCESS',
  refundStatus: 'PARTIALLY_REFUNDED',
  refundedAmount: 1250,
  disputeStatus: null,
  payMethodType: 'CARD',
  payMethodName: 'VISA',
  country: 'DE',
  customerEmail: 'jane@example.com',
  customerName: 'Jane Doe',
  cardMasked: '411111••••••1111',
  createdAt: '2026-03-02T02:00:00.000Z',
  paidAt: '2026-03-02T02:00:05.000Z',
};

function answer(url: string) {
  if (url === SAVED_VIEW_PATHS.list) return Promise.resolve([]);
  if (url === PAYMENT_PATHS.statusCount)
    return Promise.resolve({ ALL: 10, SUCCESS: 6, PENDING: 2, FAILED: 1, CANCELLED: 1 });
  return Promise.resolve({ total: 1, records: [RECORD] });
}

const seen = { location: '' };
function LocationProbe() {
  const loc = useLocation();
  useEffect(() => {
    seen.location = `${loc.pathname}${loc.search}`;
  }, [loc]);
  return null;
}

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithTestAntd(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <GlobalStateContext.Provider
            value={testGlobalState({ authUrls: ['/transactions/payments', '/transactions/reports'] })}
          >
            <Routes>
              <Route
                path="/transactions/payments"
                element={
                  <>
                    <PaymentsPage />
                    <LocationProbe />
                  </>
                }
              />
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </GlobalStateContext.Provider>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

function lastListRequest() {
  const calls = postMock.mock.calls.filter(([url]) => url === PAYMENT_PATHS.list);
  return calls[calls.length - 1]?.[1];
}
function lastCountRequest() {
  const calls = postMock.mock.calls.filter(([url]) => url === PAYMENT_PATHS.statusCount);
  return calls[calls.length - 1]?.[1];
}

afterEach(() => {
  cleanup();
  postMock.mockReset();
  window.localStorage.clear();
});

describe('PaymentsPage filters ↔ URL', { timeout: 20_000 }, () => {
  it('sends the filters of the URL to the list (minor units, zone-aware days) and the counts without status', async () => {
    postMock.mockImplementation((url) => answer(url) as never);
    renderAt(
      '/transactions/payments?status=FAILED&currency=EUR&amountMin=10.5&from=2026-03-01&to=2026-03-31&page=2&sort=amount:asc',
    );
    await screen.findByText('pay_0001');
    expect(lastListRequest()).toEqual({
      status: ['FAILED'],
      currency: 'EUR',
      amountMin: 1050,
      createdFrom: '2026-02-28T16:00:00.000Z',
      createdTo: '2026-03-31T15:59:59.999Z',
      pageNum: 2,
      pageSize: 20,
      sort: 'amount:asc',
    });
    expect(lastCountRequest()).toEqual({
      currency: 'EUR',
      amountMin: 1050,
      createdFrom: '2026-02-28T16:00:00.000Z',
      createdTo: '2026-03-31T15:59:59.999Z',
    });
    // The filters are shown in the controls and carried to the export.
    expect(screen.getByText('Clear filters (5)')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Export/ }).getAttribute('href')).toBe(
      '/transactions/reports?type=PAYMENTS&from=2026-03-01&to=2026-03-31&status=FAILED&currency=EUR&amountMin=10.5',
    );
  });

  it('a status tile sets the status in the URL and goes back to page 1', async () => {
    postMock.mockImplementation((url) => answer(url) as never);
    renderAt('/transactions/payments?page=3');
    const tile = await screen.findByRole('button', { name: /Pending\s*2/ });
    await act(async () => fireEvent.click(tile));
    await waitFor(() => expect(seen.location).toBe('/transactions/payments?status=PENDING'));
    await waitFor(() => expect(lastListRequest()).toMatchObject({ status: ['PENDING'], pageNum: 1 }));
    expect(screen.getByRole('button', { name: /Pending\s*2/ }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /All\s*10/ })));
    await waitFor(() => expect(seen.location).toBe('/transactions/payments'));
  });

  it('search goes to the URL as q and to the API as keyword', async () => {
    postMock.mockImplementation((url) => answer(url) as never);
    renderAt('/transactions/payments');
    const search = await screen.findByLabelText('Search payments');
    fireEvent.change(search, { target: { value: 'jane@example.com' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(seen.location).toBe('/transactions/payments?q=jane%40example.com'));
    await waitFor(() => expect(lastListRequest()).toMatchObject({ keyword: 'jane@example.com' }));
  });

  it('a row opens the payment detail; the card shows BIN + last 4 and the refund state', async () => {
    postMock.mockImplementation((url) => answer(url) as never);
    renderAt('/transactions/payments');
    await screen.findByText('pay_0001');
    expect(screen.getByText(/411111••••••1111/)).toBeTruthy();
    expect(screen.getByText('Partially refunded')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('jane@example.com')));
    await waitFor(() => expect(seen.location).toBe('/transactions/payments_detail?paymentId=pay_0001'));
  });

  it('shows the empty state with a way to clear the filters', async () => {
    postMock.mockImplementation(
      (url) => (url === PAYMENT_PATHS.list ? Promise.resolve({ total: 0, records: [] }) : answer(url)) as never,
    );
    renderAt('/transactions/payments?currency=JPY');
    await screen.findByText('No payments match these filters.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear filters' })));
    await waitFor(() => expect(seen.location).toBe('/transactions/payments'));
  });
});
