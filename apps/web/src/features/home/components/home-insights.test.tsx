import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ACCOUNT_PATHS, type CurrencyBalance } from '@mbo/contracts/account';
import { PAYMENT_PATHS, type KpiWindow, type PaymentKpis } from '@mbo/contracts/payments';
import { SETTLEMENT_PATHS, type SettlementEstimation } from '@mbo/contracts/settlements';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import { HomeInsights } from './home-insights';

const win = (
  volume: number,
  count: number,
  successCount: number,
  rate: number | null,
  refundedAmount = 0,
  refundCount = 0,
): KpiWindow => ({
  volume,
  count,
  successCount,
  successRate: rate,
  refundedAmount,
  refundCount,
});

function kpis(currency: string): PaymentKpis {
  return {
    currency,
    currencies: ['USD', 'JPY'],
    today: win(currency === 'USD' ? 12_500 : 3000, 2, 1, 0.5),
    last7Days: win(currency === 'USD' ? 250_000 : 90_000, 20, 18, 0.9, 5_000, 1),
    last30Days: win(currency === 'USD' ? 1_234_567 : 400_000, 100, 97, 0.97, 20_000, 3),
    daily: Array.from({ length: 30 }, (_, i) => ({
      date: `2026-05-${String(i + 1).padStart(2, '0')}`,
      volume: i * 1000,
      count: i,
    })),
  };
}

const BALANCES: CurrencyBalance[] = [{ currency: 'USD', available: 500_000, pending: 120_000, reserved: 0 }];

const ESTIMATION: SettlementEstimation = {
  from: '2026-11-23',
  to: '2026-12-22',
  days: [],
  next: {
    day: '2026-11-25',
    amounts: [
      { currency: 'EUR', net: 45_000 },
      { currency: 'USD', net: 123_456 },
    ],
  },
};

function answer(estimation: SettlementEstimation | Error = ESTIMATION) {
  getMock.mockImplementation(async (url: string, data?: unknown) => {
    if (url === PAYMENT_PATHS.kpis)
      return kpis((data as { currency?: string } | undefined)?.currency ?? 'USD') as never;
    if (url === ACCOUNT_PATHS.balances) return BALANCES as never;
    if (url === SETTLEMENT_PATHS.estimation) {
      if (estimation instanceof Error) throw estimation;
      return estimation as never;
    }
    throw new Error(`unexpected ${url}`);
  });
}

afterEach(() => {
  cleanup();
  getMock.mockReset();
});

const WITH_BALANCE_PAGE = testGlobalState({ authUrls: ['/transactions/payments', '/account/balance'] });

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('HomeInsights', () => {
  it('shows the 30-day figures, the chart and the balances', async () => {
    answer();
    renderWithState(<HomeInsights />, WITH_BALANCE_PAGE);
    const cards = await screen.findByRole('list', { name: 'Key figures' });
    expect(await within(cards).findByText('12,345.67 USD')).toBeTruthy();
    expect(within(cards).getByText('100')).toBeTruthy();
    expect(within(cards).getByText('97.0%')).toBeTruthy();
    expect(within(cards).getByText('3 refunds')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Daily volume over the last 30 days/ })).toBeTruthy();
    const usd = await screen.findByRole('listitem', { name: 'USD balance' });
    expect(usd.textContent).toContain('5,000.00\u00a0USD');
    expect(usd.textContent).toContain('Pending 1,200.00\u00a0USD');
  });

  it('switches the period and the currency', async () => {
    answer();
    renderWithState(<HomeInsights />);
    await screen.findByText('12,345.67 USD');
    fireEvent.click(screen.getByText('Today'));
    expect(screen.getByText('125.00 USD')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Currency' }));
    fireEvent.click(await screen.findByTitle('JPY'));
    expect(await screen.findByText('3,000 JPY')).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(
      PAYMENT_PATHS.kpis,
      { currency: 'JPY' },
      expect.objectContaining({ showErrorMessage: false }),
    );
  });

  it('is not shown to a merchant without direct payments', () => {
    answer();
    const { container } = renderWithState(<HomeInsights />, testGlobalState({ isPG: false }));
    expect(container.textContent).toBe('');
    expect(getMock).not.toHaveBeenCalled();
  });

  it('says when the figures cannot be loaded', async () => {
    getMock.mockRejectedValue(new Error('down'));
    renderWithState(<HomeInsights />, WITH_BALANCE_PAGE);
    expect(await screen.findByText('Your payment figures could not be loaded.')).toBeTruthy();
    expect(await screen.findByText('Balances could not be loaded.')).toBeTruthy();
  });

  it('shows no balances, and does not ask for them, to a role without the balance page', async () => {
    answer();
    renderWithState(<HomeInsights />, testGlobalState({ authUrls: ['/transactions/payments'] }));
    await screen.findByText('12,345.67 USD');
    expect(screen.queryByText('Balances')).toBeNull();
    expect(getMock).not.toHaveBeenCalledWith(ACCOUNT_PATHS.balances, expect.anything(), expect.anything());
    expect(getMock.mock.calls.map((c) => c[0])).not.toContain(ACCOUNT_PATHS.balances);
  });

  it('shows the next settlement to a role with the estimation page, linking to it', async () => {
    answer();
    renderWithState(<HomeInsights />, testGlobalState({ authUrls: ['/account/balance', '/settlements/estimation'] }));
    const card = await screen.findByRole('region', { name: 'Next settlement' });
    expect(await within(card).findByText('Wed 2026-11-25 · in 2 days')).toBeTruthy();
    expect(within(card).getByText('450.00 EUR')).toBeTruthy();
    expect(within(card).getByText('1,234.56 USD')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'View estimation' }).getAttribute('href')).toBe(
      '/settlements/estimation',
    );
    expect(getMock).toHaveBeenCalledWith(
      SETTLEMENT_PATHS.estimation,
      { days: 30 },
      expect.objectContaining({ showErrorMessage: false }),
    );
    // The balances stay beside it.
    expect(await screen.findByRole('listitem', { name: 'USD balance' })).toBeTruthy();
  });

  it('says when nothing is expected, and when the estimation cannot be loaded (with a retry)', async () => {
    answer({ ...ESTIMATION, next: null });
    renderWithState(<HomeInsights />, testGlobalState({ authUrls: ['/settlements/estimation'] }));
    expect(await screen.findByText('Nothing is expected to settle in the next 30 days.')).toBeTruthy();
    cleanup();

    answer(new Error('down'));
    renderWithState(<HomeInsights />, testGlobalState({ authUrls: ['/settlements/estimation'] }));
    expect(await screen.findByText('The next settlement could not be loaded.')).toBeTruthy();
    answer();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,234.56 USD')).toBeTruthy();
  });

  it('shows no next settlement, and does not ask for it, without the estimation page (a payout merchant has none)', async () => {
    answer();
    renderWithState(<HomeInsights />, WITH_BALANCE_PAGE);
    await screen.findByRole('listitem', { name: 'USD balance' });
    expect(screen.queryByRole('region', { name: 'Next settlement' })).toBeNull();
    expect(getMock.mock.calls.map((c) => c[0])).not.toContain(SETTLEMENT_PATHS.estimation);
  });
});
