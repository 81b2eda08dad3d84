import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { PAYMENT_PATHS, type PaymentDetail } from '@mbo/contracts/payments';
import { ApiError } from '@/lib/http/request';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import PaymentDetailPage, { NO_REFUND_PERMISSION } from './payment-detail-page';

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

function renderDetail(state = testGlobalState({ payMethodMap: { VISA: 'Visa' } }), url = '/transactions/payments_detail?paymentId=PAY100') {
  return renderWithState(<PaymentDetailPage />, state, url);
}

/** The amounts card's item of a label ("Fee"), as its text. */
const amountItem = (label: string) => screen.getByText(label, { selector: '.mbo-detail-figure > dt' }).parentElement?.textContent;

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

  it('heads the page with the status and the copyable payment ID, and lists the facts in label/value rows', async () => {
    getMock.mockResolvedValue({ ...PAYMENT, paymentLinkId: 'PL01ABC', description: '' });
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: '100.00\u00a0USD' });
    expect(screen.getByText('Succeeded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy payment ID' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy merchant order no.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PL01ABC' }).getAttribute('href')).toBe('/transactions/payment_link/detail?linkId=PL01ABC');
    expect(screen.getByText('Merchant order no.', { selector: 'dt' }).nextElementSibling?.textContent).toBe('ORD-1');
    expect(screen.getByText('Description', { selector: 'dt' }).nextElementSibling?.textContent).toBe('—');
    expect(screen.queryByText('Failure reason')).toBeNull();
    expect(screen.getByText('Not refunded.')).toBeTruthy();
  });

  it('offers the Refund button to a role that may refund, and disables it with the reason otherwise', async () => {
    getMock.mockResolvedValue(PAYMENT);
    renderDetail(testGlobalState({ permissions: { API_PAYMENT_REFUND: true } }));
    const refund = await screen.findByRole('button', { name: /Refund$/ });
    expect((refund as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(refund);
    expect(await screen.findByRole('dialog', { name: 'Refund payment' })).toBeTruthy();
    cleanup();

    renderDetail();
    const blocked = await screen.findByRole('button', { name: /Refund$/ });
    expect((blocked as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(blocked.getAttribute('aria-describedby') ?? '')?.textContent).toBe(NO_REFUND_PERMISSION);
  });

  it('shows "Order not found." on the page for an unknown id', async () => {
    getMock.mockRejectedValue(new ApiError('Order not found.', '003001B022', 200));
    renderDetail(undefined, '/transactions/payments_detail?paymentId=NOPE');
    expect(await screen.findByText('Payment not found', { selector: 'div' })).toBeTruthy();
    expect(screen.getByText(/^Order not found\. There is no payment NOPE in this merchant account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to payments' }).getAttribute('href')).toBe('/transactions/payments');
  });
});
