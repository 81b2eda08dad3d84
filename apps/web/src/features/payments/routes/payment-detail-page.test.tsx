import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { PAYMENT_PATHS, type PaymentDetail } from '@mbo/contracts/payments';
import { ApiError } from '@/lib/http/request';
import { i18n } from '@/i18n/i18n';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import PaymentDetailPage from './payment-detail-page';

const NO_REFUND_PERMISSION = 'Your role cannot refund payments.';

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
  agreement: null,
  events: [],
  refund: null,
  dispute: null,
  refundableAmount: 10000,
  refundBlocked: null,
  feeRule: { percentBps: 350, fixedMinor: 30, minimumMinor: null, currency: 'USD' },
  settlement: {
    batchId: 'BAT100',
    batchStatus: 'SETTLED',
    dueDay: '2026-03-04',
    settlementId: 'STL100',
    refundDeducted: 0,
    net: 9620,
  },
};

function renderDetail(
  state = testGlobalState({ payMethodMap: { VISA: 'Visa' } }),
  url = '/transactions/payments_detail?paymentId=PAY100',
) {
  return renderWithState(<PaymentDetailPage />, state, url);
}

/** The amounts card's item of a label ("Fee"), as its text. */
const amountItem = (label: string) =>
  screen.getByText(label, { selector: '.mbo-detail-figure > dt' }).parentElement?.textContent;

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
    getMock.mockResolvedValue({
      ...PAYMENT,
      fee: 50,
      net: 950,
      amount: 1000,
      feeRule: { percentBps: 290, fixedMinor: 0, minimumMinor: 50, currency: 'USD' },
    });
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
    expect(screen.getByRole('link', { name: 'PL01ABC' }).getAttribute('href')).toBe(
      '/transactions/payment_link/detail?linkId=PL01ABC',
    );
    expect(screen.getByText('Merchant order no.', { selector: 'dt' }).nextElementSibling?.textContent).toBe('ORD-1');
    expect(screen.getByText('Description', { selector: 'dt' }).nextElementSibling?.textContent).toBe('—');
    expect(screen.queryByText('Failure reason')).toBeNull();
    expect(screen.getByText('Not refunded.')).toBeTruthy();
    expect(screen.queryByText('Subscription')).toBeNull();
  });

  it('links a subscription charge to its agreement, with its cycle and retry', async () => {
    getMock.mockResolvedValue({ ...PAYMENT, agreement: { agreementId: 'AGR01XYZ', cycle: 3, attempt: 1 } });
    renderDetail();
    const link = await screen.findByRole('link', { name: 'AGR01XYZ' });
    expect(link.getAttribute('href')).toBe('/subscription/agreements/detail?agreementId=AGR01XYZ');
    expect(screen.getByText('Subscription', { selector: 'dt' }).nextElementSibling?.textContent).toContain(
      'cycle 3, retry 1',
    );
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
    expect(document.getElementById(blocked.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      NO_REFUND_PERMISSION,
    );
  });

  it('says where the money went: the batch, the day it settled and the settlement, linked for a role that may open them', async () => {
    getMock.mockResolvedValue(PAYMENT);
    renderDetail(testGlobalState({ authUrls: ['/settlements/detail', '/settlements/batch/history/detail'] }));
    const card = (await screen.findByText('Settlement', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(card.textContent).toContain('Settled');
    expect(card.textContent).toContain('Settled on2026-03-04');
    expect(card.textContent).toContain('Adds to settlement96.20\u00a0USD');
    expect(screen.getByRole('link', { name: 'STL100' }).getAttribute('href')).toBe(
      '/settlements/detail?settlementId=STL100',
    );
    expect(screen.getByRole('link', { name: 'BAT100' }).getAttribute('href')).toBe(
      '/settlements/batch/history/detail?batchId=BAT100',
    );
  });

  it('shows an open batch with its refund deducted and no links for a role without the settlement pages', async () => {
    getMock.mockResolvedValue({
      ...PAYMENT,
      settlement: {
        batchId: 'BAT200',
        batchStatus: 'OPEN',
        dueDay: '2026-03-05',
        settlementId: null,
        refundDeducted: 1000,
        net: 8620,
      },
    });
    renderDetail(testGlobalState({ authUrls: [] }));
    const card = (await screen.findByText('Settlement', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(card.textContent).toContain('In open batch');
    expect(card.textContent).toContain('Settles on2026-03-05');
    expect(card.textContent).toContain('Refund deducted−10.00\u00a0USD');
    expect(screen.queryByRole('link', { name: 'BAT200' })).toBeNull();
  });

  it('shows "Order not found." on the page for an unknown id', async () => {
    getMock.mockRejectedValue(new ApiError('Order not found.', '003001B022', 200));
    renderDetail(undefined, '/transactions/payments_detail?paymentId=NOPE');
    expect(await screen.findByText('Payment not found', { selector: 'div' })).toBeTruthy();
    expect(screen.getByText(/^Order not found\. There is no payment NOPE in this merchant account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to payments' }).getAttribute('href')).toBe('/transactions/payments');
  });
});

describe('PaymentDetailPage in Simplified Chinese', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('speaks Chinese: cards, status and the refund action', async () => {
    getMock.mockResolvedValue(PAYMENT);
    renderWithState(<PaymentDetailPage />, testGlobalState(), '/transactions/payments_detail?paymentId=PAY100');
    expect(await screen.findByText('退款与争议')).toBeTruthy();
    expect(screen.getByText('总金额')).toBeTruthy();
    expect(screen.getByText('未退款。')).toBeTruthy();
    expect(screen.getByRole('button', { name: /退款/ })).toBeTruthy();
  });
});
