import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { REPORT_PATHS, type ExportRecord } from '@mbo/contracts/reports';
import { GlobalStateContext } from '@/lib/global-state';
import { renderWithTestAntd } from '@/testing/test-antd';
import { testGlobalState } from '@/testing/render-with-state';
import ReportsPage from './reports-page';

const RUNNING: ExportRecord = {
  exportId: 'EXP1',
  type: 'PAYMENTS',
  format: 'CSV',
  status: 'RUNNING',
  progress: 40,
  totalRows: 1000,
  processedRows: 400,
  fileName: null,
  fileSize: null,
  error: null,
  createdFrom: '2026-03-01T00:00:00.000Z',
  createdTo: '2026-03-31T23:59:59.999Z',
  timeZone: 'UTC',
  columns: ['paymentId'],
  filters: {},
  createdAt: '2026-04-01T10:00:00.000Z',
  finishedAt: null,
};

/** A card merchant's list pages (the report centre offers the exports of the lists a user sees). */
const CARD_MERCHANT_URLS = [
  '/transactions/payments',
  '/transactions/refunds',
  '/transactions/disputes',
  '/account/balance',
  '/settlements/history',
  '/account/withdraw',
  '/transactions/reports',
];
const PAYOUT_MERCHANT_URLS = ['/account/balance', '/account/withdraw', '/payout/history', '/transactions/reports'];

function renderAt(
  entry: string,
  permissions: Record<string, boolean> = { API_REPORT_EXPORT: true },
  authUrls = CARD_MERCHANT_URLS,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithTestAntd(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[entry]}>
          <GlobalStateContext.Provider value={testGlobalState({ permissions, authUrls })}>
            <Routes>
              <Route path="/transactions/reports" element={<ReportsPage />} />
            </Routes>
          </GlobalStateContext.Provider>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const narrowMatchMedia = window.matchMedia;
beforeEach(() => {
  window.matchMedia = (query: string) =>
    ({ ...narrowMatchMedia(query), matches: /min-width/.test(query) }) as MediaQueryList;
  getMock.mockResolvedValue({
    type: 'PAYMENTS',
    columns: [
      { key: 'paymentId', label: 'Payment ID', default: true },
      { key: 'card', label: 'Card', default: false },
    ],
  });
});
afterEach(() => {
  window.matchMedia = narrowMatchMedia;
  cleanup();
  postMock.mockReset();
  getMock.mockReset();
});
vi.setConfig({ testTimeout: 30_000 });

describe('ReportsPage', () => {
  it('offers the exports of the lists the user sees: a payout merchant its withdrawals, payouts and batches', async () => {
    postMock.mockImplementation(
      async (url: string) => (url === REPORT_PATHS.list ? { total: 0, records: [] } : RUNNING) as never,
    );
    renderAt('/transactions/reports', { API_REPORT_EXPORT: true }, PAYOUT_MERCHANT_URLS);
    expect(await screen.findByText(/No exports yet/)).toBeTruthy();
    expect(
      screen
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent)
        .filter((t) => !['CSV', 'XLSX'].includes(t ?? '')),
    ).toEqual(['Balance transactions', 'Withdrawals', 'Payouts', 'Payout batches']);
    expect((screen.getByRole('radio', { name: 'Balance transactions' }) as HTMLInputElement).checked).toBe(true);
  });

  it('prefills the form from the list link and sends it with the chosen columns', async () => {
    postMock.mockImplementation(
      async (url: string) => (url === REPORT_PATHS.list ? { total: 0, records: [] } : RUNNING) as never,
    );
    renderAt(
      '/transactions/reports?type=REFUNDS&from=2026-03-01&to=2026-03-31&status=FAILED&currency=JPY&amountMin=500&q=PY1&format=XLSX',
    );
    expect(await screen.findByText(/No exports yet/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Refunds' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'XLSX' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Card' }));
    fireEvent.click(screen.getByRole('button', { name: /Start export/ }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(REPORT_PATHS.create, expect.anything(), expect.anything()),
    );
    const body = postMock.mock.calls.find(([url]) => url === REPORT_PATHS.create)?.[1];
    expect(body).toEqual({
      type: 'REFUNDS',
      format: 'XLSX',
      timeZone: 'Asia/Singapore',
      createdFrom: '2026-02-28T16:00:00.000Z',
      createdTo: '2026-03-31T15:59:59.999Z',
      filters: { status: ['FAILED'], currency: 'JPY', amountMin: 500, keyword: 'PY1' },
      columns: ['paymentId', 'card'],
    });
  });

  it('shows a running export with its progress and disables Start without the permission', async () => {
    postMock.mockResolvedValue({ total: 1, records: [RUNNING] } as never);
    renderAt('/transactions/reports', {});
    expect(await screen.findByText('Running')).toBeTruthy();
    expect(screen.getByText('400 / 1,000')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progress of EXP1' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('button', { name: /Start export/ }).hasAttribute('disabled')).toBe(true);
    // By its label: a role query walks every button's styles, slow inside the page's tabs.
    expect(screen.getByLabelText('Download EXP1').hasAttribute('disabled')).toBe(true);
  });
});
