import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_LINK_PATHS, type PaymentLinkDetail, type PaymentLinkPayment } from '@mbo/contracts/payment-links';
import { ApiError } from '@/lib/http/request';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import PaymentLinkDetailPage from './payment-link-detail-page';

const LINK: PaymentLinkDetail = {
  linkId: 'PL01ABCDEF',
  url: 'http://localhost:8080/pay/PL01ABCDEF',
  amount: 1500,
  currency: 'EUR',
  description: 'Yoga class drop-in',
  reusable: true,
  status: 'ACTIVE',
  expiresAt: '2099-05-20T10:00:00.000Z',
  paidCount: 11,
  createdAt: '2026-05-01T02:00:00.000Z',
  deactivatedAt: null,
  totals: { payments: 12, succeeded: 11, succeededAmount: 16500, pending: 0, failed: 1 },
  pendingPaymentId: null,
  subscription: null,
};

function payment(n: number, overrides: Partial<PaymentLinkPayment> = {}): PaymentLinkPayment {
  return {
    paymentId: `PAY${String(n).padStart(3, '0')}`,
    status: 'SUCCESS',
    amount: 1500,
    currency: 'EUR',
    customerEmail: `buyer${n}@example.com`,
    customerName: `Buyer ${n}`,
    payMethodName: 'VISA',
    cardLast4: '4242',
    failureReason: null,
    createdAt: '2026-05-02T03:04:05.000Z',
    paidAt: '2026-05-02T03:04:05.000Z',
    ...overrides,
  };
}

/** Twelve payments, served a page at a time as the server does. */
const PAYMENTS = Array.from({ length: 12 }, (_, i) =>
  payment(
    12 - i,
    i === 1 ? { status: 'FAILED', failureReason: 'Card declined (sandbox test card)', paidAt: null } : {},
  ),
);

function serve(link: PaymentLinkDetail = LINK) {
  getMock.mockResolvedValue(link);
  postMock.mockImplementation(async (_url, body) => {
    const { pageNum = 1, pageSize = 10 } = body as { pageNum?: number; pageSize?: number };
    return { total: PAYMENTS.length, records: PAYMENTS.slice((pageNum - 1) * pageSize, pageNum * pageSize) };
  });
}

const renderAt = (url: string) => renderWithState(<PaymentLinkDetailPage />, testGlobalState(), url);

afterEach(() => {
  cleanup();
  getMock.mockReset();
  postMock.mockReset();
});

// antd tables render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('PaymentLinkDetailPage', () => {
  it('shows the link: amount, description, type, status, expiry, URL with copy, QR code and totals', async () => {
    serve();
    renderAt('/transactions/payment_link/detail?linkId=PL01ABCDEF');
    expect(await screen.findByRole('heading', { level: 1, name: /^15\.00\sEUR$/ })).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(
      PAYMENT_LINK_PATHS.detail,
      { linkId: 'PL01ABCDEF' },
      expect.objectContaining({ showErrorMessage: false }),
    );
    expect(screen.getAllByText('Yoga class drop-in').length).toBeGreaterThan(0);
    expect(screen.getByText('Reusable')).toBeTruthy();
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);
    expect(screen.getByText('2099-05-20 18:00:00')).toBeTruthy(); // expiry, Asia/Singapore
    expect((screen.getByLabelText('Payment link URL') as HTMLInputElement).value).toBe(LINK.url);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK.url));
    expect(screen.getByRole('img', { name: 'QR code of the payment link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy payment link ID' })).toBeTruthy();
    expect(screen.getByText('165.00 EUR')).toBeTruthy(); // collected
    expect(screen.queryByText('A payment of this link is pending')).toBeNull();
  });

  it('lists the payments, each linked to its payment detail, and pages through them', async () => {
    serve();
    renderAt('/transactions/payment_link/detail?linkId=PL01ABCDEF');
    expect(await screen.findByText('12 payments')).toBeTruthy();
    expect(postMock).toHaveBeenCalledWith(
      PAYMENT_LINK_PATHS.payments,
      { linkId: 'PL01ABCDEF', pageNum: 1, pageSize: 10 },
      expect.anything(),
    );
    const first = await screen.findByRole('link', { name: 'PAY012' });
    expect(first.getAttribute('href')).toBe('/transactions/payments_detail?paymentId=PAY012');
    const failedRow = screen.getByRole('link', { name: 'PAY011' }).closest('tr')!;
    expect(within(failedRow).getByText('Failed')).toBeTruthy();
    expect(within(failedRow).getByText('Card declined (sandbox test card)')).toBeTruthy();
    expect(within(failedRow).getByText('Visa •••• 4242')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'PAY002' })).toBeNull();

    fireEvent.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByRole('link', { name: 'PAY002' })).toBeTruthy();
    expect(postMock).toHaveBeenLastCalledWith(
      PAYMENT_LINK_PATHS.payments,
      { linkId: 'PL01ABCDEF', pageNum: 2, pageSize: 10 },
      expect.anything(),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'PAY012' })).toBeNull());
  });

  it('explains the hold of a single-use link by a pending payment', async () => {
    serve({ ...LINK, reusable: false, pendingPaymentId: 'PAY900', totals: { ...LINK.totals, pending: 1 } });
    renderAt('/transactions/payment_link/detail?linkId=PL01ABCDEF');
    expect(await screen.findByText('A payment of this link is pending')).toBeTruthy();
    expect(screen.getByText('Single-use')).toBeTruthy();
    const held = screen.getByRole('link', { name: 'PAY900' });
    expect(held.getAttribute('href')).toBe('/transactions/payments_detail?paymentId=PAY900');
  });

  it("shows a subscription link's plan beside its status and in its details", async () => {
    serve({ ...LINK, subscription: { interval: 'MONTH', intervalCount: 3, cycles: 4 } });
    renderAt('/transactions/payment_link/detail?linkId=PL01ABCDEF');
    expect(await screen.findByText('Subscription · every 3 months')).toBeTruthy();
    expect(screen.getByText('Amount per cycle')).toBeTruthy();
    expect(screen.getByText('Charged every 3 months · 4 cycles; paying the link starts an agreement')).toBeTruthy();
  });

  it('says when a link no longer takes payments', async () => {
    serve({ ...LINK, status: 'DEACTIVATED', deactivatedAt: '2026-05-03T00:00:00.000Z' });
    renderAt('/transactions/payment_link/detail?linkId=PL01ABCDEF');
    expect(
      await screen.findByText('This link no longer takes payments: customers who open it are told so.'),
    ).toBeTruthy();
    expect(screen.getByText('2026-05-03 08:00:00')).toBeTruthy();
    expect(screen.getAllByText('Deactivated').length).toBeGreaterThan(0);
  });

  it('shows a clean not-found state for an unknown id, and calls nothing without one', async () => {
    getMock.mockRejectedValue(new ApiError('Order not found.', '003001B022', 200));
    renderAt('/transactions/payment_link/detail?linkId=NOPE');
    expect(await screen.findByText('Payment link not found', { selector: 'div' })).toBeTruthy();
    expect(screen.getByText(/There is no payment link NOPE in this merchant account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to payment links' }).getAttribute('href')).toBe(
      '/transactions/payment_link',
    );
    cleanup();
    getMock.mockReset();
    renderAt('/transactions/payment_link/detail');
    expect(screen.getByText(/No payment link was given/)).toBeTruthy();
    expect(getMock).not.toHaveBeenCalled();
    expect(postMock).not.toHaveBeenCalled();
  });
});
