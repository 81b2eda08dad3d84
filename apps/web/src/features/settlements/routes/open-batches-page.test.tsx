import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { SETTLEMENT_PATHS, type SettlementBatchPage } from '@mbo/contracts/settlements';
import type { GlobalStateApi } from '@/lib/global-state';
import { testGlobalState } from '@/testing/render-with-state';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import { NOW, OPEN_EUR, OPEN_USD, OPEN_USD_2 } from './batch-test-fixtures';
import OpenBatchesPage, { prefetch } from './open-batches-page';

const BATCH_PAGES = ['/settlements/batch', '/settlements/batch/history', '/settlements/batch/detail'];
const ALL_OPEN: SettlementBatchPage = { total: 3, records: [OPEN_USD, OPEN_USD_2, OPEN_EUR] };

type Answer = SettlementBatchPage | Error | Promise<SettlementBatchPage>;
/** `page`: the list's answer; `totals`: the answer to the running totals' call (every open batch). */
function answer({
  page = ALL_OPEN,
  totals = ALL_OPEN,
  sandboxClock = false,
}: { page?: Answer; totals?: Answer; sandboxClock?: boolean } = {}) {
  getMock.mockImplementation(async (url: string) => {
    if (url === SETTLEMENT_PATHS.sandboxClock) return { enabled: sandboxClock } as never;
    throw new Error(`unexpected GET ${url}`);
  });
  postMock.mockImplementation(async (url: string, body: unknown) => {
    if (url === SAVED_VIEW_PATHS.list) return [] as never;
    if (url === SETTLEMENT_PATHS.sandboxAdvance)
      return { asOf: '2026-05-09T12:00:00.000Z', closed: 2, settlements: 1, batches: 2 } as never;
    if (url === SETTLEMENT_PATHS.batchList) {
      const result = (body as { pageSize: number }).pageSize === 200 ? totals : page;
      if (result instanceof Error) throw result;
      return (await result) as never;
    }
    throw new Error(`unexpected POST ${url}`);
  });
}
const listCalls = () =>
  postMock.mock.calls.filter(
    ([url, body]) => url === SETTLEMENT_PATHS.batchList && (body as { pageSize: number }).pageSize !== 200,
  );

function renderAt(entry = '/settlements/batch', state: Partial<GlobalStateApi> = { authUrls: BATCH_PAGES }) {
  return renderPageAt('/settlements/batch', <OpenBatchesPage />, entry, testGlobalState(state));
}

runInDesktopWindow();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  postMock.mockReset();
  getMock.mockReset();
  window.localStorage.clear();
});

vi.setConfig({ testTimeout: 30_000 });

const text = (el: Element) => el.textContent?.replace(/\u00a0/g, ' ');

describe('OpenBatchesPage', () => {
  it('lists the open batches: id to its detail, cut-off with its countdown, settles on, payments, gross, fees, net, status', async () => {
    answer();
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Clearing batches' })).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'Clearing batches' });
    await within(list).findByRole('link', { name: 'BAT1' });
    expect(within(list).getAllByRole('columnheader').map(text)).toEqual([
      'Batch ID',
      'Currency',
      expect.stringMatching(/^Cut-off/),
      'Settles on',
      'Payments',
      'Gross',
      'Fees',
      'Net',
      'Status',
    ]);
    const [first] = within(list).getAllByRole('row').slice(1);
    expect(within(first).getAllByRole('cell').map(text)).toEqual([
      'BAT1',
      'USD',
      '2026-05-02 21:00:00closes in 3 h',
      '2026-05-06',
      '12',
      '1,200.00 USD',
      '45.60 USD',
      '1,129.40 USD',
      'Open',
    ]);
    expect(within(first).getByRole('link', { name: 'BAT1' }).getAttribute('href')).toBe(
      '/settlements/batch/detail?batchId=BAT1',
    );
    expect(within(list).getByText('closes in 3 d 3 h')).toBeTruthy(); // BAT2, cut-off on the 5th
    expect(within(list).getByText('3 open batches')).toBeTruthy();
    expect(listCalls().map(([, body]) => body)).toEqual([
      { state: 'OPEN', pageNum: 1, pageSize: 20, sort: 'closesAt:desc' },
    ]);
  });

  it('sums all open batches per currency above the list, and says they keep growing', async () => {
    answer({ page: { total: 3, records: [OPEN_USD] } });
    renderAt();
    const usd = await screen.findByRole('region', { name: 'Open USD batches' });
    expect(text(usd)).toBe(
      'USD2 open batches · 15 paymentsNet 1,419.40 USDGross1,500.00 USDFees55.60 USDRefunds25.00 USD',
    );
    const eur = screen.getByRole('region', { name: 'Open EUR batches' });
    expect(text(eur)).toBe('EUR1 open batch · 1 paymentNet 48.00 EURGross50.00 EURFees2.00 EUR');
    expect(screen.getByText(/Sums of all open batches\. Open batches keep growing until their cut-off\./)).toBeTruthy();
    expect(postMock).toHaveBeenCalledWith(
      SETTLEMENT_PATHS.batchList,
      { state: 'OPEN', pageNum: 1, pageSize: 200 },
      expect.objectContaining({ showErrorMessage: false }),
    );
  });

  it('says when the totals cover only the first 200 open batches', async () => {
    answer({ totals: { total: 250, records: [OPEN_USD] } });
    renderAt();
    expect(await screen.findByText(/Sums of the first 1 of 250 open batches\./)).toBeTruthy();
  });

  it('shows the cycle as T+N when the column is chosen', async () => {
    window.localStorage.setItem('mbo.columns.settlement-batches', JSON.stringify({ hidden: [] }));
    answer({ page: { total: 2, records: [OPEN_USD, OPEN_EUR] } });
    renderAt();
    const list = await screen.findByRole('region', { name: 'Clearing batches' });
    await within(list).findByRole('link', { name: 'BAT1' });
    const headers = within(list).getAllByRole('columnheader').map(text);
    const cycle = headers.indexOf('Cycle');
    expect(cycle).toBeGreaterThan(0);
    const [usd, eur] = within(list).getAllByRole('row').slice(1);
    expect(text(within(usd).getAllByRole('cell')[cycle])).toBe('T+2');
    expect(text(within(eur).getAllByRole('cell')[cycle])).toBe('T+1');
    expect(text(within(usd).getAllByRole('cell')[headers.indexOf('Business day')])).toBe('2026-05-02');
  });

  it('sends the URL filters to the server', async () => {
    answer();
    renderAt('/settlements/batch?currency=USD&q=BAT1&from=2026-05-01&to=2026-05-02&sort=closesAt:asc&page=2');
    await screen.findByRole('link', { name: 'BAT1' });
    expect(listCalls()[0][1]).toEqual({
      state: 'OPEN',
      currency: 'USD',
      keyword: 'BAT1',
      createdFrom: '2026-04-30T16:00:00.000Z',
      createdTo: '2026-05-02T15:59:59.999Z',
      pageNum: 2,
      pageSize: 20,
      sort: 'closesAt:asc',
    });
  });

  it('opens a batch by its row, and the history by its tab', async () => {
    answer();
    renderAt();
    fireEvent.click(await screen.findByText('1,129.40 USD'));
    await waitFor(() => expect(where()).toBe('/settlements/batch/detail?batchId=BAT1'));
    cleanup();

    answer();
    renderAt();
    fireEvent.click(await screen.findByRole('tab', { name: 'Batch history' }));
    await waitFor(() => expect(where()).toBe('/settlements/batch/history'));
  });

  it('has no tabs for a role without the batch history', async () => {
    answer();
    renderAt(undefined, { authUrls: ['/settlements/batch'] });
    await screen.findByRole('link', { name: 'BAT1' });
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows a loading state, then the batches', async () => {
    let release: (page: SettlementBatchPage) => void = () => {};
    const pending = new Promise<SettlementBatchPage>((resolve) => (release = resolve));
    answer({ page: pending, totals: pending });
    renderAt();
    expect(await screen.findByRole('status', { name: 'Loading open batches' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading the open totals' })).toBeTruthy();
    release(ALL_OPEN);
    expect(await screen.findByRole('link', { name: 'BAT1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Open USD batches' })).toBeTruthy();
  });

  it('says so when there is no open batch, without totals', async () => {
    answer({ page: { total: 0, records: [] }, totals: { total: 0, records: [] } });
    renderAt();
    expect(await screen.findByText('No open batches yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Open .* batches$/ })).toBeNull();
    expect(screen.queryByText(/keep growing/)).toBeNull();
  });

  it('shows errors with a retry: the list and the totals', async () => {
    answer({ page: new Error('down'), totals: new Error('down') });
    renderAt();
    expect(await screen.findByText('The open batches could not be loaded.')).toBeTruthy();
    expect(await screen.findByText('The totals of the open batches could not be loaded.')).toBeTruthy();
    answer();
    for (const retry of screen.getAllByRole('button', { name: 'Try again' })) fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'BAT1' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Open USD batches' })).toBeTruthy();
  });

  it('shows each batch in two columns on a phone', async () => {
    answer();
    renderAt(undefined, { authUrls: BATCH_PAGES, isMobile: true });
    const list = await screen.findByRole('region', { name: 'Clearing batches' });
    await within(list).findByRole('link', { name: 'BAT1' });
    expect(within(list).getAllByRole('columnheader').map(text)).toEqual([expect.stringMatching(/^Batches/), 'Net']);
    expect(within(list).getByText('Settles on 2026-05-06')).toBeTruthy();
  });

  it('prefetches the totals and the first page quietly, with the filters of the URL', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    prefetch({ queryClient, search: new URLSearchParams('currency=EUR'), timeZone: 'Asia/Singapore' });
    expect(spy.mock.calls.map(([options]) => (options as { queryKey: unknown[] }).queryKey)).toEqual([
      ['settlement-batches', 'list', { state: 'OPEN', pageNum: 1, pageSize: 200 }],
      [
        'settlement-batches',
        'list',
        { currency: 'EUR', state: 'OPEN', pageNum: 1, pageSize: 20, sort: 'closesAt:desc' },
      ],
    ]);
    const list = spy.mock.calls[1][0] as unknown as { queryFn: (c: { signal: AbortSignal }) => unknown };
    answer();
    void list.queryFn({ signal: new AbortController().signal });
    expect(postMock).toHaveBeenCalledWith(
      SETTLEMENT_PATHS.batchList,
      expect.anything(),
      expect.objectContaining({ showErrorMessage: false }),
    );
  });
  it('offers "Move time forward" on a sandbox server: it settles as of the days chosen, says what moved and refreshes the batches', async () => {
    answer({ sandboxClock: true });
    renderAt('/settlements/batch', { authUrls: BATCH_PAGES, permissions: { API_SETTLEMENT_SANDBOX_ADVANCE: true } });
    const button = await screen.findByRole('button', { name: /Move time forward/ });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Move time forward (sandbox)')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('7 days'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Settle as of then' }));
    await waitFor(() => expect(postMock).toHaveBeenCalledWith(SETTLEMENT_PATHS.sandboxAdvance, { days: 7 }));
    // Done: it says what moved, and the page asks for the batches again.
    expect(await screen.findByText('2 batches closed, 1 settlement paid.')).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(1));
  });

  it('offers no clock to a role that may only read the batches (no API_SETTLEMENT_SANDBOX_ADVANCE)', async () => {
    answer({ sandboxClock: true });
    renderAt();
    await screen.findByRole('region', { name: 'Clearing batches' });
    await waitFor(() =>
      expect(getMock).toHaveBeenCalledWith(SETTLEMENT_PATHS.sandboxClock, undefined, expect.anything()),
    );
    expect(screen.queryByRole('button', { name: /Move time forward/ })).toBeNull();
  });

  it('offers no clock on a server without the sandbox clock', async () => {
    answer({ sandboxClock: false });
    renderAt();
    await screen.findByRole('region', { name: 'Clearing batches' });
    await waitFor(() =>
      expect(getMock).toHaveBeenCalledWith(SETTLEMENT_PATHS.sandboxClock, undefined, expect.anything()),
    );
    expect(screen.queryByRole('button', { name: /Move time forward/ })).toBeNull();
  });
});
