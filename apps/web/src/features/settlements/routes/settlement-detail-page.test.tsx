import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { SETTLEMENT_PATHS, type SettlementDetail, type SettlementTransactionPage } from '@mbo/contracts/settlements';
import type { GlobalStateApi } from '@/lib/global-state';
import { ApiError } from '@/lib/http/request';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import { initTestI18n } from '@/i18n/testing';
import SettlementDetailPage, { prefetch } from './settlement-detail-page';
import { DETAIL, PENDING } from './settlement-test-fixtures';

const PAYMENTS: SettlementTransactionPage = {
  total: 1,
  records: [
    {
      paymentId: 'PAY1',
      merchantOrderNo: 'ORD-1',
      batchId: 'BAT1',
      currency: 'USD',
      payMethodName: 'VISA',
      capturedAt: '2026-11-19T03:00:00.000Z',
      gross: 10_000,
      fee: 320,
      refunded: 0,
      refundId: null,
      disputed: 0,
      disputeId: null,
      net: 9_680,
    },
  ],
};

function answer(detail: SettlementDetail | Error | Promise<SettlementDetail> = DETAIL) {
  getMock.mockImplementation(async (url: string) => {
    if (url !== SETTLEMENT_PATHS.detail) throw new Error(`unexpected GET ${url}`);
    if (detail instanceof Error) throw detail;
    return (await detail) as never;
  });
  postMock.mockImplementation(async (url: string) => {
    if (url === SETTLEMENT_PATHS.transactions) return PAYMENTS as never;
    throw new Error(`unexpected POST ${url}`);
  });
}

const OWNER: Partial<GlobalStateApi> = {
  authUrls: [
    '/settlements/history',
    '/settlements/detail',
    '/settlements/batch/history/detail',
    '/transactions/payments_detail',
  ],
};
const renderAt = (url: string, state: Partial<GlobalStateApi> = OWNER) =>
  renderWithState(<SettlementDetailPage />, testGlobalState(state), url);
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\u00a0/g, ' ') ?? '';
/** "1,250.00 USD" → 125000 (minor units of a two-decimal currency). */
const minor = (amount: string) => Math.round(Number(amount.replace(/[^\d.]/g, '')) * 100);

afterEach(() => {
  cleanup();
  getMock.mockReset();
  postMock.mockReset();
});

// antd tables render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('SettlementDetailPage', () => {
  it('heads the page with the net, status, settlement day and payee; the payout facts beside', async () => {
    answer();
    renderAt('/settlements/detail?settlementId=STL100');
    expect(await screen.findByRole('heading', { level: 1, name: '1,068.50\u00a0USD' })).toBeTruthy();
    expect(screen.getByText('Net of 1,250.00 USD gross')).toBeTruthy();
    expect(screen.getByText('Paid', { selector: '.ant-tag' }).closest('.ant-tag-success')).toBeTruthy();
    expect(screen.getByText('Settlement day 2026-11-23 · Paid to DBS ****1234')).toBeTruthy();
    expect(screen.getByText('STL100')).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(
      SETTLEMENT_PATHS.detail,
      { settlementId: 'STL100' },
      expect.objectContaining({ showErrorMessage: false }),
    );

    const facts = screen.getByText('Payout').closest('.ant-card') as HTMLElement;
    const rows = Object.fromEntries(
      within(facts)
        .getAllByRole('term')
        .map((t) => [t.textContent, text(t.nextElementSibling)]),
    );
    expect(rows).toMatchObject({
      'Settlement day': '2026-11-23',
      'Paid to': 'DBS ****1234',
      'Bank reference': 'BR-77120',
      'Paid at': '2026-11-23 10:30:00', // Asia/Singapore
      Batches: '2',
      Payments: '14',
    });
  });

  it('draws the waterfall from gross to net, and its table adds up to the net shown', async () => {
    answer();
    renderAt('/settlements/detail?settlementId=STL100');
    const heading = await screen.findByRole('heading', { level: 1, name: /USD$/ });
    const chart = screen.getByRole('img', { name: 'From 1,250.00\u00a0USD gross to 1,068.50\u00a0USD net' });
    // A bar per step that moves the money; the zero reserve has none, every bar has its amount.
    expect(
      [...chart.querySelectorAll('g[data-step]')].map((g) => [
        g.getAttribute('data-step'),
        text(g.querySelector('.mbo-waterfall__value')),
      ]),
    ).toEqual([
      ['gross', '1,250.00 USD'],
      ['refunds', '−120.00 USD'],
      ['fees', '−36.50 USD'],
      ['disputes', '−25.00 USD'],
      ['net', '1,068.50 USD'],
    ]);
    const table = screen.getByRole('table', { name: 'How the net is made' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [text(within(r).getByRole('rowheader')), text(within(r).getByRole('cell'))]);
    expect(rows).toEqual([
      ['Gross', '1,250.00 USD'],
      ['−minus Refunds', '120.00 USD'],
      ['−minus Fees', '36.50 USD'],
      ['−minus Dispute adjustments', '25.00 USD'],
      ['−minus Reserve', '0.00 USD'],
      ['=Net', '1,068.50 USD'],
    ]);
    const [gross, ...rest] = rows.map(([, amount]) => minor(amount));
    const net = rest.pop();
    expect(gross - rest.reduce((a, b) => a + b, 0)).toBe(net);
    expect(minor(text(heading))).toBe(net);
  });

  it('lists its batches, each to its detail, and its payments from the shared table', async () => {
    answer();
    renderAt('/settlements/detail?settlementId=STL100');
    const batches = (await screen.findByText('Batches', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    const [first, second] = within(batches).getAllByRole('row').slice(1);
    expect(within(first).getByRole('link', { name: 'BAT1' }).getAttribute('href')).toBe(
      '/settlements/batch/history/detail?batchId=BAT1',
    );
    expect(within(first).getAllByRole('cell').map(text)).toEqual(['BAT1', '2026-11-19 18:00:00', '9', '657.00 USD']);
    expect(within(second).getByRole('link', { name: 'BAT2' })).toBeTruthy();

    const payments = screen.getByRole('region', { name: 'Payments in this settlement' });
    expect(await within(payments).findByRole('link', { name: 'PAY1' })).toBeTruthy();
    expect(postMock).toHaveBeenCalledWith(
      SETTLEMENT_PATHS.transactions,
      { settlementId: 'STL100', pageNum: 1, pageSize: 20 },
      expect.anything(),
    );
  });

  it('shows batch ids as text to a role that cannot open a closed batch', async () => {
    answer();
    renderAt('/settlements/detail?settlementId=STL100', { authUrls: ['/settlements/detail'] });
    expect(await screen.findByText('BAT1')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'BAT1' })).toBeNull();
  });

  it('says when a pending settlement is paid, and that it goes to the available balance without a bank account', async () => {
    answer({ ...PENDING, batches: [], ledgerTransactionId: null });
    renderAt('/settlements/detail?settlementId=STL200');
    expect(await screen.findByRole('heading', { level: 1, name: '29,100\u00a0JPY' })).toBeTruthy();
    expect(screen.getByText('Settlement day 2026-11-24 · Paid to Available balance')).toBeTruthy();
    expect(screen.getByText('This settlement is pending: it is paid on 2026-11-24.')).toBeTruthy();
    expect(screen.getByText('No batches in this settlement.')).toBeTruthy();
  });

  it('warns when a settlement could not be paid', async () => {
    answer({ ...DETAIL, status: 'FAILED', paidAt: null });
    renderAt('/settlements/detail?settlementId=STL100');
    expect(await screen.findByText('This settlement could not be paid.')).toBeTruthy();
    expect(screen.getByText('Failed', { selector: '.ant-tag' }).closest('.ant-tag-error')).toBeTruthy();
  });

  it('shows "not found" on the page for another merchant\'s id (002001B023), and without a call for no id', async () => {
    answer(new ApiError('Page data not exists.', '002001B023', 200));
    renderAt('/settlements/detail?settlementId=STL999');
    expect(await screen.findByText('Settlement not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to settlement history' }).getAttribute('href')).toBe(
      '/settlements/history',
    );
    cleanup();
    getMock.mockClear();
    renderAt('/settlements/detail');
    expect(screen.getByText('Settlement not found')).toBeTruthy();
    expect(getMock).not.toHaveBeenCalled();
  });

  it('shows the loading state, then the settlement', async () => {
    let resolve: (d: SettlementDetail) => void = () => {};
    answer(
      new Promise<SettlementDetail>((r) => {
        resolve = r;
      }),
    );
    renderAt('/settlements/detail?settlementId=STL100');
    expect(screen.getByRole('status', { name: 'Loading the settlement' })).toBeTruthy();
    resolve(DETAIL);
    expect(await screen.findByRole('heading', { level: 1, name: '1,068.50\u00a0USD' })).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    answer(new Error('Network down'));
    renderAt('/settlements/detail?settlementId=STL100');
    expect(await screen.findByText('This settlement could not be loaded.')).toBeTruthy();
    answer();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: '1,068.50\u00a0USD' })).toBeTruthy();
  });

  it('prefetches the settlement and its first page of payments', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    prefetch({ queryClient, search: new URLSearchParams('settlementId=STL100'), timeZone: 'Asia/Singapore' });
    expect(spy.mock.calls.map(([o]) => (o as { queryKey: unknown[] }).queryKey)).toEqual([
      ['settlements', 'detail', 'STL100'],
      ['settlement-transactions', { settlementId: 'STL100', pageNum: 1, pageSize: 20 }],
    ]);
    spy.mockClear();
    prefetch({ queryClient, search: new URLSearchParams(''), timeZone: null });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('SettlementDetailPage in Chinese', () => {
  it('speaks Simplified Chinese: the head, the breakdown, the payout facts and the payments', async () => {
    initTestI18n('zh-CN');
    try {
      answer();
      renderAt('/settlements/detail?settlementId=STL100');
      expect(await screen.findByRole('heading', { level: 1, name: '1,068.50\u00a0USD' })).toBeTruthy();
      expect(screen.getByText('结算日 2026-11-23 · 付至 DBS ****1234')).toBeTruthy();
      expect(screen.getAllByText('争议调整').length).toBeGreaterThan(0);
      expect(screen.getByText('已结算', { selector: '.ant-tag' })).toBeTruthy();
      expect(screen.getByText('已扣除退款笔数')).toBeTruthy();
      expect(await screen.findByRole('region', { name: '该结算中的支付' })).toBeTruthy();
    } finally {
      initTestI18n('en');
    }
  });
});
