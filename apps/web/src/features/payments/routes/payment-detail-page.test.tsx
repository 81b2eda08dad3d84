import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { PAYMENT_PATHS, type PaymentDetail } from '@mbo/contracts/payments';
import { GlobalStateContext } from '@/lib/global-state';
import { testGlobalState } from '@/testing/render-with-state';
import PaymentDetailPage from './payment-detail-page';

vi.mock('@/lib/http/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http/request')>()),
  get: vi.fn(),
}));
const { get } = await import('@/lib/http/request');
const getMock = vi.mocked(get);

const PAYMENT: PaymentDetail = {
  paymentId: 'PAY100',
  merchantOrderNo: 'ORD-1',
  amount: 10000,
  fee: 380,
  net: 9620,
  currency: 'USD',
  status: 'SUCCESS',
  refundStatus: 'NONE',
  refundedAmount: 0,
  disputeStatus: null,
  payMethodType: 'CARD',
  payMethodName: 'VISA',
  country: 'US',
  customerEmail: 'jane@example.com',
  customerName: 'Jane Doe',
  cardMasked: '411111••••••1111',
  createdAt: '2026-03-02T02:00:00.000Z',
  paidAt: '2026-03-02T02:00:05.000Z',
  description: 'Order 1',
  failureReason: null,
  paymentLinkId: null,
  events: [],
  refund: null,
  dispute: null,
  refundableAmount: 10000,
  refundBlockedReason: null,
  feeRule: { percentBps: 350, fixedMinor: 30, minimumMinor: null, currency: 'USD' },
};

function renderDetail() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={['/transactions/payments_detail?paymentId=PAY100']}>
          <GlobalStateContext.Provider value={testGlobalState({ payMethodMap: { VISA: 'Visa' } })}>
            <PaymentDetailPage />
          </GlobalStateContext.Provider>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/** The amounts card's item of a label ("Fee"), as its text. */
const amountItem = (label: string) => screen.getByText(label, { selector: '.mbo-amounts__label' }).parentElement?.textContent;

afterEach(() => {
  cleanup();
  getMock.mockReset();
});

vi.setConfig({ testTimeout: 30_000 });

describe('PaymentDetailPage', () => {
  it('shows gross, fee and net, and under the fee the rule that priced it', async () => {
    getMock.mockResolvedValue(PAYMENT);
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: '100.00\u00a0USD' })).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(PAYMENT_PATHS.detail, { paymentId: 'PAY100' }, expect.anything());
    expect(amountItem('Gross amount')).toBe('Gross amount100.00\u00a0USD');
    expect(amountItem('Fee')).toBe('Fee−3.80\u00a0USDFee rule: 3.50\u00a0% + 0.30\u00a0USD');
    expect(amountItem('Net amount')).toBe('Net amount96.20\u00a0USD');
    expect(screen.getByText('3.50 % + 0.30 USD').getAttribute('title')).toMatch(/fee rule/i);
  });

  it('writes the minimum of a rule that has one', async () => {
    getMock.mockResolvedValue({ ...PAYMENT, fee: 50, net: 950, amount: 1000, feeRule: { percentBps: 290, fixedMinor: 0, minimumMinor: 50, currency: 'USD' } });
    renderDetail();
    expect(await screen.findByText('2.90 %, min 0.50 USD')).toBeTruthy();
  });

  it('shows the fee alone for a payment without a fee rule', async () => {
    getMock.mockResolvedValue({ ...PAYMENT, feeRule: null });
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: '100.00\u00a0USD' });
    expect(amountItem('Fee')).toBe('Fee−3.80\u00a0USD');
    expect(screen.queryByText(/Fee rule/)).toBeNull();
    expect(screen.queryByText(/%/)).toBeNull();
  });
});
