import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { REFUND_PATHS, type RefundRecord } from '@mbo/contracts/refunds';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { testGlobalState } from '@/testing/render-with-state';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import RefundsPage from './refunds-page';

const REFUND: RefundRecord = {
  refundId: 'RF100',
  paymentId: 'PY200',
  merchantOrderNo: 'ORD-1',
  amount: 1250,
  currency: 'USD',
  reason: 'REQUESTED_BY_CUSTOMER',
  note: null,
  status: 'SUCCESS',
  failureReason: null,
  createdAt: '2026-05-02T03:04:05.000Z',
  finishedAt: '2026-05-02T03:10:00.000Z',
};

/** Every list call answers `page`; the saved views menu gets none. */
function answer(page: { total: number; records: RefundRecord[] }) {
  postMock.mockImplementation(async (url: string) => (url === SAVED_VIEW_PATHS.list ? [] : page) as never);
}

function renderAt(entry: string, authUrls: string[] = ['/transactions/reports'], isMobile = false) {
  return renderPageAt('/transactions/refunds', <RefundsPage />, entry, testGlobalState({ authUrls, isMobile }));
}

runInDesktopWindow();

afterEach(() => {
  cleanup();
  postMock.mockReset();
  window.localStorage.clear();
});

// antd tables render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('RefundsPage', () => {
  it('sends the URL filters to the server and shows the page with its total', async () => {
    answer({ total: 41, records: [REFUND] });
    renderAt(
      '/transactions/refunds?status=FAILED,SUCCESS&currency=JPY&amountMin=500&q=PY200&from=2026-05-01&to=2026-05-02&page=2',
    );
    expect(await screen.findByText('RF100')).toBeTruthy();
    expect(screen.getByText('12.50 USD')).toBeTruthy();
    expect(screen.getByText('Succeeded')).toBeTruthy();
    expect(screen.getByText('Requested by customer')).toBeTruthy();
    expect(screen.getByText('41 refunds')).toBeTruthy();
    expect(postMock).toHaveBeenCalledWith(
      REFUND_PATHS.list,
      {
        createdFrom: '2026-04-30T16:00:00.000Z',
        createdTo: '2026-05-02T15:59:59.999Z',
        status: ['FAILED', 'SUCCESS'],
        currency: 'JPY',
        amountMin: 500,
        keyword: 'PY200',
        pageNum: 2,
        pageSize: 20,
      },
      expect.anything(),
    );
    expect(screen.getByRole('link', { name: /Export/ }).getAttribute('href')).toBe(
      '/transactions/reports?type=REFUNDS&q=PY200&from=2026-05-01&to=2026-05-02&status=FAILED%2CSUCCESS&currency=JPY&amountMin=500',
    );
  });

  it('puts a search in the URL and goes back to page 1', async () => {
    answer({ total: 1, records: [REFUND] });
    renderAt('/transactions/refunds?page=3');
    await screen.findByText('RF100');
    fireEvent.change(screen.getByLabelText('Search refunds'), { target: { value: 'RF100' } });
    fireEvent.keyDown(screen.getByLabelText('Search refunds'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(where()).toBe('/transactions/refunds?q=RF100'));
    await waitFor(() =>
      expect(postMock).toHaveBeenLastCalledWith(
        REFUND_PATHS.list,
        { keyword: 'RF100', pageNum: 1, pageSize: 20 },
        expect.anything(),
      ),
    );
  });

  it('opens the detail from a row and the payment from its id', async () => {
    answer({ total: 1, records: [REFUND] });
    renderAt('/transactions/refunds');
    expect((await screen.findByRole('link', { name: 'PY200' })).getAttribute('href')).toBe(
      '/transactions/payments_detail?paymentId=PY200',
    );
    fireEvent.click(screen.getByText('12.50 USD'));
    await waitFor(() => expect(where()).toBe('/transactions/refunds_detail?refundId=RF100'));
  });

  it('shows id, time, reason, amount and status in two columns on a phone', async () => {
    answer({ total: 1, records: [REFUND] });
    renderAt('/transactions/refunds', undefined, true);
    expect(await screen.findByRole('link', { name: 'RF100' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Refund', 'Amount']);
    expect(screen.getByText('2026-05-02 11:04:05')).toBeTruthy();
    expect(screen.getByText('Succeeded')).toBeTruthy();
  });

  it('shows an empty state that clears the filters', async () => {
    answer({ total: 0, records: [] });
    renderAt('/transactions/refunds?status=FAILED');
    expect(await screen.findByText('No refunds match these filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /Clear filters/ })[0]);
    await waitFor(() => expect(where()).toBe('/transactions/refunds'));
  });

  it('disables export with a reason for a role without the report centre', async () => {
    answer({ total: 0, records: [] });
    renderAt('/transactions/refunds', []);
    const button = await screen.findByRole('button', { name: /Export/ });
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});
