import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { SETTLEMENT_PATHS, type SettlementBatchPage } from '@mbo/contracts/settlements';
import type { GlobalStateApi } from '@/lib/global-state';
import { testGlobalState } from '@/testing/render-with-state';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import BatchHistoryPage, { prefetch } from './batch-history-page';
import { CLOSED_USD, SETTLED_USD } from './batch-test-fixtures';

const PAGES = [
  '/settlements/batch',
  '/settlements/batch/history',
  '/settlements/batch/history/detail',
  '/settlements/detail',
];
const PAGE: SettlementBatchPage = { total: 2, records: [CLOSED_USD, SETTLED_USD] };

function answer(page: SettlementBatchPage | Error | Promise<SettlementBatchPage> = PAGE) {
  postMock.mockImplementation(async (url: string) => {
    if (url === SAVED_VIEW_PATHS.list) return [] as never;
    if (url === SETTLEMENT_PATHS.batchList) {
      if (page instanceof Error) throw page;
      return (await page) as never;
    }
    throw new Error(`unexpected POST ${url}`);
  });
}
const listCalls = () => postMock.mock.calls.filter(([url]) => url === SETTLEMENT_PATHS.batchList);

function renderAt(entry = '/settlements/batch/history', state: Partial<GlobalStateApi> = { authUrls: PAGES }) {
  return renderPageAt('/settlements/batch/history', <BatchHistoryPage />, entry, testGlobalState(state));
}

const text = (el: Element) => el.textContent?.replace(/\u00a0/g, ' ');

runInDesktopWindow();

afterEach(() => {
  cleanup();
  postMock.mockReset();
  window.localStorage.clear();
});

vi.setConfig({ testTimeout: 30_000 });

describe('BatchHistoryPage', () => {
  it('lists closed and settled batches, each to its history detail, a settled one to its settlement', async () => {
    answer();
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Batch history' })).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'Batch history' });
    await within(list).findByRole('link', { name: 'BAT7' });
    expect(within(list).getAllByRole('columnheader').map(text)).toEqual([
      'Batch ID',
      'Currency',
      expect.stringMatching(/^Cut-off/),
      'Settles on',
      'Gross',
      'Net',
      'Status',
      'Settlement',
    ]);
    const [closed, settled] = within(list).getAllByRole('row').slice(1);
    expect(within(closed).getAllByRole('cell').map(text)).toEqual([
      'BAT7',
      'USD',
      '2026-04-30 21:00:00',
      '2026-05-04',
      '1,200.00 USD',
      '1,129.40 USD',
      'Closed',
      '—',
    ]);
    expect(within(closed).getByRole('link', { name: 'BAT7' }).getAttribute('href')).toBe(
      '/settlements/batch/history/detail?batchId=BAT7',
    );
    expect(within(settled).getByText('Settled')).toBeTruthy();
    expect(within(settled).getByRole('link', { name: 'BAT8' }).getAttribute('href')).toBe(
      '/settlements/batch/history/detail?batchId=BAT8',
    );
    expect(within(settled).getByRole('link', { name: 'STL5' }).getAttribute('href')).toBe(
      '/settlements/detail?settlementId=STL5',
    );
    expect(within(list).queryByText(/closes in/)).toBeNull();
    expect(within(list).getByText('2 closed batches')).toBeTruthy();
    expect(listCalls().map(([, body]) => body)).toEqual([
      { state: 'CLOSED', pageNum: 1, pageSize: 20, sort: 'closesAt:desc' },
    ]);
    expect(screen.getByRole('tab', { name: 'Batch history', selected: true })).toBeTruthy();
  });

  it('shows the settlement as text for a role that cannot open settlements', async () => {
    answer();
    renderAt(undefined, { authUrls: ['/settlements/batch/history'] });
    expect(await screen.findByText('STL5')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'STL5' })).toBeNull();
  });

  it('opens a batch by its row, and the open batches by their tab', async () => {
    answer();
    renderAt();
    fireEvent.click(await screen.findByText('Closed'));
    await waitFor(() => expect(where()).toBe('/settlements/batch/history/detail?batchId=BAT7'));
    cleanup();

    answer();
    renderAt();
    fireEvent.click(await screen.findByRole('tab', { name: 'Open batches' }));
    await waitFor(() => expect(where()).toBe('/settlements/batch'));
  });

  it('sends the URL filters, and a settlement link does not open the batch', async () => {
    answer();
    renderAt('/settlements/batch/history?currency=USD&q=BAT8');
    fireEvent.click(await screen.findByRole('link', { name: 'STL5' }));
    await waitFor(() => expect(where()).toBe('/settlements/detail?settlementId=STL5'));
    expect(listCalls()[0][1]).toEqual({
      state: 'CLOSED',
      currency: 'USD',
      keyword: 'BAT8',
      pageNum: 1,
      pageSize: 20,
      sort: 'closesAt:desc',
    });
  });

  it('shows a loading state, then the batches', async () => {
    let release: (page: SettlementBatchPage) => void = () => {};
    answer(new Promise<SettlementBatchPage>((resolve) => (release = resolve)));
    renderAt();
    expect(await screen.findByRole('status', { name: 'Loading closed batches' })).toBeTruthy();
    release(PAGE);
    expect(await screen.findByRole('link', { name: 'BAT7' })).toBeTruthy();
  });

  it('says so when no batch has closed yet, and when none matches the filters', async () => {
    answer({ total: 0, records: [] });
    renderAt();
    expect(await screen.findByText('No closed batches yet.')).toBeTruthy();
    cleanup();

    answer({ total: 0, records: [] });
    renderAt('/settlements/batch/history?currency=EUR');
    expect(await screen.findByText('No closed batches match these filters.')).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    answer(new Error('down'));
    renderAt();
    expect(await screen.findByText('The closed batches could not be loaded.')).toBeTruthy();
    answer();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'BAT7' })).toBeTruthy();
  });

  it('prefetches the first page quietly, with the filters of the URL', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    prefetch({ queryClient, search: new URLSearchParams('q=BAT8&page=3'), timeZone: 'Asia/Singapore' });
    expect(spy.mock.calls.map(([options]) => (options as { queryKey: unknown[] }).queryKey)).toEqual([
      [
        'settlement-batches',
        'list',
        { keyword: 'BAT8', state: 'CLOSED', pageNum: 3, pageSize: 20, sort: 'closesAt:desc' },
      ],
    ]);
  });
});
