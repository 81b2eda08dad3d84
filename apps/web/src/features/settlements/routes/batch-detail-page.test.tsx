import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import {
  SETTLEMENT_PATHS,
  type SettlementBatchRecord,
  type SettlementTransactionPage,
} from '@mbo/contracts/settlements';
import { ApiError } from '@/lib/http/request';
import type { GlobalStateApi } from '@/lib/global-state';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import { runInDesktopWindow } from '@/testing/render-page-at';
import BatchDetailPage, { prefetch } from './batch-detail-page';
import { NOW, OPEN_USD, SETTLED_USD } from './batch-test-fixtures';
import ClosedBatchDetailPage from './closed-batch-detail-page';

const PAYMENTS: SettlementTransactionPage = {
  total: 1,
  records: [
    {
      paymentId: 'PAY100',
      merchantOrderNo: 'ORD-1',
      batchId: 'BAT1',
      currency: 'USD',
      payMethodName: 'VISA',
      capturedAt: '2026-05-02T03:04:05.000Z',
      gross: 10_000,
      fee: 380,
      refunded: 0,
      refundId: null,
      disputed: 0,
      disputeId: null,
      net: 9_620,
    },
  ],
};
const PAGES = ['/settlements/detail', '/transactions/payments_detail'];

function answer(batch: SettlementBatchRecord | Error | Promise<SettlementBatchRecord> = OPEN_USD) {
  getMock.mockImplementation(async (url: string) => {
    if (url !== SETTLEMENT_PATHS.batchDetail) throw new Error(`unexpected GET ${url}`);
    if (batch instanceof Error) throw batch;
    return (await batch) as never;
  });
  postMock.mockImplementation(async (url: string) => {
    if (url === SETTLEMENT_PATHS.transactions) return PAYMENTS as never;
    throw new Error(`unexpected POST ${url}`);
  });
}

function renderOpen(
  url = '/settlements/batch/detail?batchId=BAT1',
  state: GlobalStateApi = testGlobalState({ authUrls: PAGES }),
) {
  return renderWithState(<BatchDetailPage />, state, url);
}
function renderClosed(
  url = '/settlements/batch/history/detail?batchId=BAT8',
  state: GlobalStateApi = testGlobalState({ authUrls: PAGES }),
) {
  return renderWithState(<ClosedBatchDetailPage />, state, url);
}

/** A fact's value by its label ("Settles on"). */
const fact = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent?.replace(/\u00a0/g, ' ');
/** A figure of the totals card by its label ("Net"). */
const figure = (label: string) =>
  screen
    .getByText(label, { selector: '.mbo-detail-figure > dt' })
    .nextElementSibling?.textContent?.replace(/\u00a0/g, ' ');

runInDesktopWindow();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  getMock.mockReset();
  postMock.mockReset();
});

vi.setConfig({ testTimeout: 30_000 });

describe('BatchDetailPage', () => {
  it('heads an open batch with its net, status and countdown, and says it can still grow', async () => {
    answer();
    renderOpen();
    expect(await screen.findByRole('heading', { level: 1, name: '1,129.40\u00a0USD' })).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(
      SETTLEMENT_PATHS.batchDetail,
      { batchId: 'BAT1' },
      expect.objectContaining({ showErrorMessage: false }),
    );
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy batch ID' })).toBeTruthy();
    expect(screen.getByText('closes in 3 h · Settles on 2026-05-06')).toBeTruthy();
    expect(screen.getByText(/This batch is open: payments captured before its cut-off still join it/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Clearing batches/ }).getAttribute('href')).toBe('/settlements/batch');
  });

  it('shows the totals, the schedule and the payments of the batch', async () => {
    answer();
    renderOpen();
    await screen.findByRole('heading', { level: 1, name: '1,129.40\u00a0USD' });
    expect(figure('Payments')).toBe('12');
    expect(figure('Gross')).toBe('1,200.00 USD');
    expect(figure('Fees')).toBe('−45.60 USD');
    expect(figure('Refunds')).toBe('−25.00 USD');
    expect(figure('Net')).toBe('1,129.40 USD');
    expect(fact('Currency')).toBe('USD');
    expect(fact('Business day')).toBe('2026-05-02');
    expect(fact('Cut-off')).toBe('2026-05-02 21:00:00closes in 3 h');
    expect(fact('Settles on')).toBe('2026-05-06');
    expect(fact('Settlement cycle')).toBe('T+2 (working days after the business day)');
    expect(fact('Settlement country')).toBe('Singapore (SG)');
    expect(fact('Daily cut-off')).toBe('21:00 Asia/Singapore');
    expect(fact('Settlement')).toBe('Not settled yet');
    const payments = await screen.findByRole('region', { name: 'Payments in this batch' });
    expect(await within(payments).findByRole('link', { name: 'PAY100' })).toBeTruthy();
    expect(postMock).toHaveBeenCalledWith(
      SETTLEMENT_PATHS.transactions,
      { batchId: 'BAT1', pageNum: 1, pageSize: 20 },
      expect.anything(),
    );
  });

  it('links a settled batch to its settlement, back to the history, with its timeline', async () => {
    answer(SETTLED_USD);
    renderClosed();
    expect(await screen.findByRole('heading', { level: 1, name: '1,129.40\u00a0USD' })).toBeTruthy();
    expect(screen.getByText('Settled on 2026-04-29')).toBeTruthy();
    expect(screen.queryByText(/closes in/)).toBeNull();
    expect(screen.queryByText(/This batch is open/)).toBeNull();
    const settlement = screen.getByText('Settlement', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(within(settlement).getByRole('link', { name: 'STL5' }).getAttribute('href')).toBe(
      '/settlements/detail?settlementId=STL5',
    );
    expect(screen.getByRole('button', { name: 'Copy settlement ID' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Batch history/ }).getAttribute('href')).toBe('/settlements/batch/history');
    const timeline = screen.getByText('Timeline').closest('.ant-card') as HTMLElement;
    expect(['Opened', 'Closed', 'Settled'].map((t) => !!within(timeline).queryByText(t))).toEqual([true, true, true]);
    expect(within(timeline).getByText('2026-04-29 09:00:00')).toBeTruthy();
  });

  it('shows the settlement id as text for a role that cannot open settlements', async () => {
    answer(SETTLED_USD);
    renderClosed(undefined, testGlobalState({ authUrls: [] }));
    await screen.findByRole('heading', { level: 1, name: '1,129.40\u00a0USD' });
    expect(screen.queryByRole('link', { name: 'STL5' })).toBeNull();
    expect(fact('Settlement')).toBe('STL5');
  });

  it('says a closed batch waits for its settlement day', async () => {
    answer({ ...SETTLED_USD, status: 'CLOSED', settlementId: null, settledAt: null, dueDay: '2026-05-04' });
    renderClosed();
    expect(await screen.findByText('This batch is closed and settles on 2026-05-04.')).toBeTruthy();
    expect(fact('Settlement')).toBe('Not settled yet');
  });

  it('shows "not found" on the page for an unknown or foreign batch', async () => {
    answer(new ApiError('Current page data not exists.', '002001B023', 200));
    renderClosed('/settlements/batch/history/detail?batchId=BATNOPE');
    expect(await screen.findByText('Batch not found', { selector: 'div' })).toBeTruthy();
    expect(screen.getByText(/There is no batch BATNOPE in this merchant account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to batch history' }).getAttribute('href')).toBe(
      '/settlements/batch/history',
    );
    expect(postMock).not.toHaveBeenCalled();
  });

  it('is "not found" without a call when the URL has no batch id', async () => {
    answer();
    renderOpen('/settlements/batch/detail');
    expect(await screen.findByText('Batch not found', { selector: 'div' })).toBeTruthy();
    expect(getMock).not.toHaveBeenCalled();
  });

  it('shows a loading state, then the batch', async () => {
    let release: (batch: SettlementBatchRecord) => void = () => {};
    answer(new Promise<SettlementBatchRecord>((resolve) => (release = resolve)));
    renderOpen();
    expect(await screen.findByRole('status', { name: 'Loading the batch' })).toBeTruthy();
    release(OPEN_USD);
    expect(await screen.findByRole('heading', { level: 1, name: '1,129.40\u00a0USD' })).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    answer(new Error('Network down'));
    renderOpen();
    expect(await screen.findByText('This batch could not be loaded.')).toBeTruthy();
    answer();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: '1,129.40\u00a0USD' })).toBeTruthy();
  });

  it('prefetches the batch and its first page of payments, and nothing without an id', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    prefetch({ queryClient, search: new URLSearchParams('batchId=BAT1'), timeZone: 'Asia/Singapore' });
    prefetch({ queryClient, search: new URLSearchParams(''), timeZone: 'Asia/Singapore' });
    expect(spy.mock.calls.map(([options]) => (options as { queryKey: unknown[] }).queryKey)).toEqual([
      ['settlement-batches', 'detail', 'BAT1'],
      ['settlement-transactions', { batchId: 'BAT1', pageNum: 1, pageSize: 20 }],
    ]);
  });
});
