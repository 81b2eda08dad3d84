import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { SETTLEMENT_PATHS, type EstimationDay, type SettlementEstimation } from '@mbo/contracts/settlements';
import type { GlobalStateApi } from '@/lib/global-state';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import { testGlobalState } from '@/testing/render-with-state';
import EstimationPage, { prefetch } from './estimation-page';

const day = (d: string, currency: string, net: number, extra: Partial<EstimationDay> = {}): EstimationDay => ({
  day: d,
  currency,
  batchCount: 1,
  paymentCount: 4,
  gross: net + 300,
  refunds: 0,
  fees: 300,
  disputes: 0,
  net,
  includesOpen: false,
  ...extra,
});

// Monday 23 Nov 2026 to Sunday 6 Dec 2026.
const ESTIMATION: SettlementEstimation = {
  from: '2026-11-23',
  to: '2026-12-06',
  days: [
    day('2026-11-23', 'USD', 50_000, { batchCount: 2, paymentCount: 12, refunds: 1_000, gross: 51_300 }),
    day('2026-11-24', 'EUR', 7_000),
    day('2026-11-25', 'USD', 20_000, { includesOpen: true }),
  ],
  next: { day: '2026-11-23', amounts: [{ currency: 'USD', net: 50_000 }] },
};
const ONE_CURRENCY: SettlementEstimation = { ...ESTIMATION, days: ESTIMATION.days.filter((d) => d.currency === 'USD') };

function answer(estimation: SettlementEstimation | Error | Promise<SettlementEstimation> = ESTIMATION) {
  getMock.mockImplementation(async (url: string) => {
    if (url !== SETTLEMENT_PATHS.estimation) throw new Error(`unexpected GET ${url}`);
    if (estimation instanceof Error) throw estimation;
    return (await estimation) as never;
  });
}

const renderAt = (entry: string, state: Partial<GlobalStateApi> = {}) =>
  renderPageAt(
    '/settlements/estimation',
    <EstimationPage />,
    entry,
    testGlobalState({ authUrls: ['/settlements/estimation'], ...state }),
  );
const text = (el: Element) => el.textContent?.replace(/\u00a0/g, ' ') ?? '';

runInDesktopWindow();

afterEach(() => {
  cleanup();
  getMock.mockReset();
});

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('EstimationPage', () => {
  it('charts the chosen currency per day and lists every expected settlement', async () => {
    answer();
    renderAt('/settlements/estimation');
    expect(screen.getByRole('heading', { level: 1, name: 'Settlement estimation' })).toBeTruthy();
    expect(screen.getByText(/Amounts of batches still open can grow until their cut-off/)).toBeTruthy();
    // Two currencies: a switcher, EUR first.
    const switcher = await screen.findByRole('radiogroup', { name: 'Currency' });
    expect(
      within(switcher)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['EUR', 'USD']);
    const chart = screen.getByRole('img', {
      name: 'Expected net per day in EUR from 2026-11-23 to 2026-12-06, 70.00\u00a0EUR in total',
    });
    // A slot for each of the 14 days, a bar only where something is expected, the weekends shaded.
    expect(chart.querySelectorAll('g[data-day]')).toHaveLength(14);
    expect(chart.querySelectorAll('.mbo-estimation-chart__bar')).toHaveLength(1);
    expect(chart.querySelectorAll('.mbo-estimation-chart__weekend')).toHaveLength(4);
    expect(chart.querySelector('g[data-day="2026-11-24"] .mbo-estimation-chart__bar')).toBeTruthy();

    const table = screen.getByText('Expected settlements').closest('.ant-card') as HTMLElement;
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').map(text));
    expect(rows).toEqual([
      ['Mon 2026-11-23Today', 'USD', '2', '12', '513.00 USD', '−10.00 USD', '−3.00 USD', '500.00 USD', ''],
      ['Tue 2026-11-24', 'EUR', '1', '4', '73.00 EUR', '—', '−3.00 EUR', '70.00 EUR', ''],
      ['Wed 2026-11-25', 'USD', '1', '4', '203.00 USD', '—', '−3.00 USD', '200.00 USD', 'still open'],
    ]);
    expect(getMock).toHaveBeenCalledWith(
      SETTLEMENT_PATHS.estimation,
      { days: 30 },
      expect.objectContaining({ showErrorMessage: false }),
    );
  });

  it('switches the chart to another currency, kept in the URL', async () => {
    answer();
    renderAt('/settlements/estimation');
    const switcher = await screen.findByRole('radiogroup', { name: 'Currency' });
    fireEvent.click(within(switcher).getByText('USD'));
    await waitFor(() => expect(where()).toBe('/settlements/estimation?currency=USD'));
    const chart = screen.getByRole('img', {
      name: 'Expected net per day in USD from 2026-11-23 to 2026-12-06, 700.00\u00a0USD in total',
    });
    const bars = chart.querySelectorAll('.mbo-estimation-chart__bar');
    expect(bars).toHaveLength(2);
    // The open batch's day is drawn apart.
    expect(chart.querySelector('g[data-day="2026-11-25"] .mbo-estimation-chart__bar--open')).toBeTruthy();
    expect(chart.querySelector('g[data-day="2026-11-23"] .mbo-estimation-chart__bar--open')).toBeNull();
    const overview = screen.getByText('Expected net per day, USD').closest('.ant-card') as HTMLElement;
    expect(within(overview).getByText('Next 30 days')).toBeTruthy();
    expect(within(overview).getByText('700.00 USD')).toBeTruthy();
    expect(within(overview).getByText('500.00 USD')).toBeTruthy();
    expect(within(overview).getByText('Mon 2026-11-23')).toBeTruthy();
  });

  it('opens on the currency of the URL, and needs no switcher for one currency', async () => {
    answer();
    renderAt('/settlements/estimation?currency=USD');
    expect(await screen.findByRole('img', { name: /in USD/ })).toBeTruthy();
    cleanup();
    answer(ONE_CURRENCY);
    renderAt('/settlements/estimation?currency=GBP');
    expect(await screen.findByRole('img', { name: /in USD/ })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Currency' })).toBeNull();
  });

  it('says so when nothing is expected', async () => {
    answer({ ...ESTIMATION, days: [], next: null });
    renderAt('/settlements/estimation');
    expect(await screen.findByText(/Nothing is expected to settle in the next 30 days/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the loading state, then the estimation', async () => {
    let resolve: (e: SettlementEstimation) => void = () => {};
    answer(
      new Promise<SettlementEstimation>((r) => {
        resolve = r;
      }),
    );
    renderAt('/settlements/estimation');
    expect(screen.getByRole('status', { name: 'Loading the estimation' })).toBeTruthy();
    resolve(ESTIMATION);
    expect(await screen.findByRole('img', { name: /in EUR/ })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading the estimation' })).toBeNull();
  });

  it('shows the error with a retry', async () => {
    answer(new Error('down'));
    renderAt('/settlements/estimation');
    expect(await screen.findByText('The estimation could not be loaded.')).toBeTruthy();
    answer();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: /in EUR/ })).toBeTruthy();
  });

  it('shows each day in two columns on a phone', async () => {
    answer(ONE_CURRENCY);
    renderAt('/settlements/estimation', { isMobile: true });
    const table = (await screen.findByText('Expected settlements')).closest('.ant-card') as HTMLElement;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Expected net']);
    expect(within(table).getByText('2 batches · 12 payments')).toBeTruthy();
    expect(within(table).getByText('still open')).toBeTruthy();
  });

  it('prefetches the estimation under the key the home card shares', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    prefetch({ queryClient, search: new URLSearchParams(), timeZone: 'Asia/Singapore' });
    expect(spy.mock.calls.map(([o]) => (o as { queryKey: unknown[] }).queryKey)).toEqual([
      ['settlements', 'estimation', 30],
    ]);
  });
});
