import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { PAYIN_SERVICE_PATHS, type PayinServiceRecord } from '@mbo/contracts/payin-services';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { testGlobalState } from '@/testing/render-with-state';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import { initTestI18n } from '@/i18n/testing';
import PayinServicesPage, { prefetch } from './payin-services-page';

const CARD: PayinServiceRecord = {
  serviceId: 'PIS100',
  country: 'SG',
  payMethodType: 'CARD',
  payMethodName: 'VISA',
  currency: 'USD',
  fee: { percentBps: 290, fixedMinor: 30, minimumMinor: null, currency: 'USD' },
  minAmount: 50,
  maxAmount: 1_000_000,
  settlementCycleDays: 2,
  cutoffTime: '18:00',
  timeZone: 'Asia/Singapore',
  settlementCountry: 'SG',
  status: 'ACTIVE',
  createdAt: '2026-01-05T02:00:00.000Z',
};
const WALLET: PayinServiceRecord = {
  ...CARD,
  serviceId: 'PIS200',
  country: 'JP',
  payMethodType: 'EWALLET',
  payMethodName: 'PAYPAY',
  currency: 'JPY',
  fee: { percentBps: 350, fixedMinor: 0, minimumMinor: 100, currency: 'JPY' },
  minAmount: null,
  maxAmount: null,
  settlementCycleDays: 0,
  cutoffTime: '23:30',
  timeZone: 'Asia/Tokyo',
  status: 'SUSPENDED',
};

const STATE = {
  payMethodMap: { VISA: 'Visa' },
  payMethodTypeList: [
    { value: 'CARD', label: 'Card' },
    { value: 'EWALLET', label: 'E-wallet' },
  ],
  countryList: [
    { value: 'SG', label: 'Singapore' },
    { value: 'JP', label: 'Japan' },
  ],
};

/** Every list call answers `page`; the saved views menu gets none. */
function answer(page: { total: number; records: PayinServiceRecord[] }) {
  postMock.mockImplementation(async (url: string) => (url === SAVED_VIEW_PATHS.list ? [] : page) as never);
}
const listCalls = () => postMock.mock.calls.filter(([url]) => url === PAYIN_SERVICE_PATHS.list);

function renderAt(entry: string, isMobile = false) {
  return renderPageAt('/services/payin', <PayinServicesPage />, entry, testGlobalState({ ...STATE, isMobile }));
}

runInDesktopWindow();

afterEach(() => {
  cleanup();
  postMock.mockReset();
  window.localStorage.clear();
  initTestI18n('en');
});

// antd tables render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('PayinServicesPage', () => {
  it('shows each service: method, fee rule, limits, settlement cycle, cut-off and status', async () => {
    answer({ total: 2, records: [CARD, WALLET] });
    renderAt('/services/payin');
    expect(await screen.findByText('Visa')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay-in services' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Method',
      'Country',
      'Currency',
      'Fee',
      'Limits per payment',
      'Settlement',
      'Cut-off',
      'Status',
    ]);

    const [card, wallet] = screen.getAllByRole('row').slice(1);
    expect(within(card).getByText('Card')).toBeTruthy();
    expect(within(card).getByTitle('Singapore').textContent).toBe('SG');
    expect(within(card).getByText('2.90 % + 0.30 USD')).toBeTruthy();
    expect(within(card).getByText('0.50 – 10,000.00 USD')).toBeTruthy();
    expect(card.textContent).toContain('T+2working days');
    expect(card.textContent).toContain('18:00Asia/Singapore');
    expect(within(card).getByText('Active')).toBeTruthy();

    // A method the label map does not know yet reads as words, never as its code.
    expect(within(wallet).getByText('Paypay')).toBeTruthy();
    expect(within(wallet).getByText('E-wallet')).toBeTruthy();
    expect(within(wallet).getByText('3.50 %, min 100 JPY')).toBeTruthy();
    expect(within(wallet).getByText('No limit')).toBeTruthy();
    expect(wallet.textContent).toContain('T+0same day');
    expect(within(wallet).getByText('Suspended')).toBeTruthy();
    expect(screen.getByText('2 pay-in services')).toBeTruthy();

    expect(listCalls()).toEqual([
      [
        PAYIN_SERVICE_PATHS.list,
        { pageNum: 1, pageSize: 20, sort: 'country:asc' },
        expect.objectContaining({ showErrorMessage: true }),
      ],
    ]);
  });

  it('sends the URL filters to the server', async () => {
    answer({ total: 1, records: [CARD] });
    renderAt('/services/payin?status=ACTIVE&q=visa&methodType=CARD&country=sg&currency=USD&sort=currency:desc&page=2');
    await screen.findByText('Visa');
    expect(listCalls()[0][1]).toEqual({
      status: ['ACTIVE'],
      keyword: 'visa',
      payMethodType: 'CARD',
      country: 'SG',
      currency: 'USD',
      pageNum: 2,
      pageSize: 20,
      sort: 'currency:desc',
    });
  });

  it('writes the chosen filters to the URL and asks again from page 1', async () => {
    answer({ total: 1, records: [CARD] });
    renderAt('/services/payin?page=2');
    await screen.findByText('Visa');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Suspended'));
    await waitFor(() => expect(where()).toBe('/services/payin?status=SUSPENDED'));

    fireEvent.change(screen.getByLabelText('Search pay-in services'), { target: { value: 'PIS100' } });
    fireEvent.keyDown(screen.getByLabelText('Search pay-in services'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(where()).toBe('/services/payin?q=PIS100&status=SUSPENDED'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Currency' }));
    fireEvent.click(await screen.findByTitle('EUR'));
    await waitFor(() => expect(where()).toBe('/services/payin?q=PIS100&status=SUSPENDED&currency=EUR'));
    await waitFor(() =>
      expect(postMock).toHaveBeenLastCalledWith(
        PAYIN_SERVICE_PATHS.list,
        { status: ['SUSPENDED'], keyword: 'PIS100', currency: 'EUR', pageNum: 1, pageSize: 20, sort: 'country:asc' },
        expect.anything(),
      ),
    );
  });

  it('offers the service ID and the creation time in the column chooser', async () => {
    answer({ total: 1, records: [CARD] });
    renderAt('/services/payin');
    await screen.findByText('Visa');
    expect(screen.queryByText('PIS100')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Service ID' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Created' }));
    expect(await screen.findByText('PIS100')).toBeTruthy();
    expect(screen.getByText('2026-01-05 10:00:00')).toBeTruthy(); // Asia/Singapore
  });

  it('shows the empty state, and one that clears the filters when they match nothing', async () => {
    answer({ total: 0, records: [] });
    renderAt('/services/payin');
    expect(await screen.findByText('No pay-in services yet.')).toBeTruthy();
    cleanup();

    renderAt('/services/payin?currency=EUR');
    expect(await screen.findByText('No pay-in services match these filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /Clear filters/ })[0]);
    await waitFor(() => expect(where()).toBe('/services/payin'));
  });

  it('shows an error with a retry when the list cannot load', async () => {
    postMock.mockImplementation(async (url: string) => {
      if (url === SAVED_VIEW_PATHS.list) return [] as never;
      throw new Error('boom');
    });
    renderAt('/services/payin');
    expect(await screen.findByText('The pay-in services could not be loaded.')).toBeTruthy();
    answer({ total: 1, records: [CARD] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Visa')).toBeTruthy();
  });

  it('shows one card per service on a phone', async () => {
    answer({ total: 1, records: [CARD] });
    renderAt('/services/payin', true);
    expect(await screen.findByText('Visa')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Pay-in methods']);
    expect(screen.getByText('2.90 % + 0.30 USD')).toBeTruthy();
    expect(screen.getByText('T+2 working days · cut-off 18:00 Asia/Singapore')).toBeTruthy();
  });

  it('prefetches the first page quietly, with the filters of the URL', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    prefetch({ queryClient, search: new URLSearchParams('currency=EUR&status=ACTIVE'), timeZone: 'Asia/Singapore' });
    expect(spy).toHaveBeenCalledTimes(1);
    const [options] = spy.mock.calls[0] as unknown as [
      { queryKey: unknown[]; queryFn: (c: { signal: AbortSignal }) => unknown },
    ];
    expect(options.queryKey).toEqual([
      'payin-services',
      'list',
      { status: ['ACTIVE'], currency: 'EUR', pageNum: 1, pageSize: 20, sort: 'country:asc' },
    ]);
    postMock.mockResolvedValue({ total: 0, records: [] } as never);
    void options.queryFn({ signal: new AbortController().signal });
    expect(postMock).toHaveBeenCalledWith(
      PAYIN_SERVICE_PATHS.list,
      expect.anything(),
      expect.objectContaining({ showErrorMessage: false }),
    );
  });

  it('reads in Simplified Chinese: the page, a same-day cycle and the method type', async () => {
    initTestI18n('zh-CN');
    answer({ total: 1, records: [WALLET] });
    renderAt('/services/payin');
    expect(await screen.findByText('当天')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '收款服务' })).toBeTruthy();
    expect(screen.getAllByText('电子钱包').length).toBeGreaterThan(0);
  });
});
