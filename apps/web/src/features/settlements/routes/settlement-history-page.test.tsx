import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { SETTLEMENT_PATHS, type SettlementPage } from '@mbo/contracts/settlements';
import type { GlobalStateApi } from '@/lib/global-state';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import { testGlobalState } from '@/testing/render-with-state';
import SettlementHistoryPage, { prefetch } from './settlement-history-page';
import { PAID, PENDING } from './settlement-test-fixtures';

const PAGE: SettlementPage = {
  total: 2,
  records: [PAID, PENDING],
  totals: [
    { currency: 'JPY', count: 1, gross: 30_000, refunds: 0, fees: 900, disputes: 0, reserve: 0, net: 29_100 },
    {
      currency: 'USD',
      count: 7,
      gross: 900_000,
      refunds: 12_000,
      fees: 27_000,
      disputes: 2_500,
      reserve: 0,
      net: 858_500,
    },
  ],
};
const EMPTY: SettlementPage = { total: 0, records: [], totals: [] };

function answer(page: SettlementPage | Error | Promise<SettlementPage> = PAGE) {
  postMock.mockImplementation(async (url: string) => {
    if (url === SAVED_VIEW_PATHS.list) return [] as never;
    if (url === SETTLEMENT_PATHS.list) {
      if (page instanceof Error) throw page;
      return (await page) as never;
    }
    throw new Error(`unexpected POST ${url}`);
  });
}
const listCalls = () => postMock.mock.calls.filter(([url]) => url === SETTLEMENT_PATHS.list);

const OWNER: Partial<GlobalStateApi> = {
  authUrls: ['/settlements/history', '/settlements/detail', '/transactions/reports'],
};

function renderAt(entry: string, state: Partial<GlobalStateApi> = OWNER) {
  return renderPageAt('/settlements/history', <SettlementHistoryPage />, entry, testGlobalState(state));
}

runInDesktopWindow();

afterEach(() => {
  cleanup();
  postMock.mockReset();
  window.localStorage.clear();
});

// antd tables render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('SettlementHistoryPage', () => {
  it('lists the settlements: day to the detail, amounts, status and bank reference', async () => {
    answer();
    renderAt('/settlements/history');
    expect(screen.getByRole('heading', { level: 1, name: 'Settlement history' })).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'Settlement history' });
    const day = await within(list).findByRole('link', { name: '2026-11-23' });
    expect(day.getAttribute('href')).toBe('/settlements/detail?settlementId=STL100');
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Settlement day', 'Currency', 'Gross', 'Refunds', 'Fees', 'Net', 'Status', 'Bank reference']);
    const [paid, pending] = within(list).getAllByRole('row').slice(1);
    expect(
      within(paid)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\u00a0/g, ' ')),
    ).toEqual(['2026-11-23', 'USD', '1,250.00 USD', '−120.00 USD', '−36.50 USD', '1,068.50 USD', 'Paid', 'BR-77120']);
    expect(within(paid).getByText('Paid').closest('.ant-tag-success')).toBeTruthy();
    expect(within(pending).getByRole('link', { name: '2026-11-24' })).toBeTruthy();
    expect(within(pending).getByText('Pending').closest('.ant-tag-processing')).toBeTruthy();
    expect(within(pending).getByText('30,000 JPY')).toBeTruthy();
    expect(within(pending).getAllByText('—')).toHaveLength(2); // no refunds, no bank reference yet
    expect(screen.getByText('2 settlements')).toBeTruthy();
    expect(listCalls()).toEqual([
      [
        SETTLEMENT_PATHS.list,
        { pageNum: 1, pageSize: 20, sort: 'settlementDay:desc' },
        expect.objectContaining({ showErrorMessage: true }),
      ],
    ]);
  });

  it('sums the filtered settlements per currency above the table', async () => {
    answer();
    renderAt('/settlements/history');
    const strip = await screen.findByRole('region', { name: 'Settlement totals' });
    const usd = within(strip).getByRole('region', { name: 'USD totals' });
    expect(within(usd).getByText('7 settlements')).toBeTruthy();
    expect(usd.textContent?.replace(/\u00a0/g, ' ')).toContain('Net 8,585.00 USD');
    expect(
      within(usd)
        .getAllByRole('definition')
        .map((d) => d.textContent?.replace(/\u00a0/g, ' ')),
    ).toEqual(['9,000.00 USD', '−120.00 USD', '−270.00 USD', '−25.00 USD']);
    expect(
      within(usd)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Gross', 'Refunds', 'Fees', 'Disputes']);
    const jpy = within(strip).getByRole('region', { name: 'JPY totals' });
    expect(within(jpy).getByText('1 settlement')).toBeTruthy();
    expect(within(jpy).getByText('29,100 JPY')).toBeTruthy();
    expect(within(strip).getByText('Sums of every settlement, not only this page.')).toBeTruthy();
  });

  it('sends the URL filters to the server: status, currency, search, the settlement days in the merchant zone, sort and page', async () => {
    answer();
    renderAt(
      '/settlements/history?status=PAID&currency=USD&q=BR-77120&from=2026-11-01&to=2026-11-30&sort=settlementDay:asc&page=2',
    );
    await screen.findByRole('link', { name: '2026-11-23' });
    expect(listCalls()[0][1]).toEqual({
      status: ['PAID'],
      currency: 'USD',
      keyword: 'BR-77120',
      createdFrom: '2026-10-31T16:00:00.000Z',
      createdTo: '2026-11-30T15:59:59.999Z',
      pageNum: 2,
      pageSize: 20,
      sort: 'settlementDay:asc',
    });
    expect(screen.getByText('Sums of every settlement that matches the filters, not only this page.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Export/ }).getAttribute('href')).toMatch(
      /^\/transactions\/reports\?type=SETTLEMENTS&/,
    );
  });

  it("filters by status from the filter bar's select (its last value, Failed, among the options), from page 1", async () => {
    answer();
    renderAt('/settlements/history?page=2');
    await screen.findByRole('link', { name: '2026-11-23' });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Failed'));
    await waitFor(() => expect(where()).toBe('/settlements/history?status=FAILED'));
    await waitFor(() =>
      expect(postMock).toHaveBeenLastCalledWith(
        SETTLEMENT_PATHS.list,
        { status: ['FAILED'], pageNum: 1, pageSize: 20, sort: 'settlementDay:desc' },
        expect.anything(),
      ),
    );
  });

  it('opens the detail from a row', async () => {
    answer();
    renderAt('/settlements/history');
    const cell = await screen.findByText('BR-77120');
    fireEvent.click(cell);
    await waitFor(() => expect(where()).toBe('/settlements/detail?settlementId=STL100'));
  });

  it('shows the days as text to a role that cannot open a settlement', async () => {
    answer();
    renderAt('/settlements/history', { authUrls: ['/settlements/history'] });
    expect(await screen.findByText('2026-11-23')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '2026-11-23' })).toBeNull();
    expect(screen.getByRole('button', { name: /Export/ }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the loading state, then the settlements', async () => {
    let resolve: (page: SettlementPage) => void = () => {};
    answer(
      new Promise<SettlementPage>((r) => {
        resolve = r;
      }),
    );
    renderAt('/settlements/history');
    expect(await screen.findByRole('status', { name: 'Loading settlements' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading the totals' })).toBeTruthy();
    resolve(PAGE);
    expect(await screen.findByRole('link', { name: '2026-11-23' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading settlements' })).toBeNull();
  });

  it('says so when there are no settlements yet, without totals', async () => {
    answer(EMPTY);
    renderAt('/settlements/history');
    expect(await screen.findByText('No settlements yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Settlement totals' })).toBeNull();
  });

  it('shows the filtered empty state, which clears the filters', async () => {
    answer(EMPTY);
    renderAt('/settlements/history?status=FAILED');
    expect(await screen.findByText('No settlements match these filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /Clear filters/ })[0]);
    await waitFor(() => expect(where()).toBe('/settlements/history'));
  });

  it('shows the error with a retry', async () => {
    answer(new Error('down'));
    renderAt('/settlements/history');
    expect(await screen.findByText('The settlements could not be loaded.')).toBeTruthy();
    answer();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '2026-11-23' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'USD totals' })).toBeTruthy();
  });

  it('shows each settlement in two columns on a phone', async () => {
    answer();
    renderAt('/settlements/history', { ...OWNER, isMobile: true });
    const list = await screen.findByRole('region', { name: 'Settlement history' });
    await within(list).findByRole('link', { name: '2026-11-23' });
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Settlement', 'Net']);
  });

  it('prefetches the first page quietly, with the filters of the URL', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    prefetch({ queryClient, search: new URLSearchParams('status=PENDING&currency=EUR'), timeZone: 'Asia/Singapore' });
    expect(spy.mock.calls.map(([options]) => (options as { queryKey: unknown[] }).queryKey)).toEqual([
      [
        'settlements',
        'list',
        { status: ['PENDING'], currency: 'EUR', pageNum: 1, pageSize: 20, sort: 'settlementDay:desc' },
      ],
    ]);
    const options = spy.mock.calls[0][0] as unknown as { queryFn: (c: { signal: AbortSignal }) => unknown };
    answer();
    void options.queryFn({ signal: new AbortController().signal });
    expect(postMock).toHaveBeenCalledWith(
      SETTLEMENT_PATHS.list,
      expect.anything(),
      expect.objectContaining({ showErrorMessage: false }),
    );
  });
});
