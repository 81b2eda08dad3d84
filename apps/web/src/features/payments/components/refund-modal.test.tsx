import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PaymentDetail } from '@mbo/contracts/payments';
import { REFUND_PATHS } from '@mbo/contracts/refunds';
import { ApiError } from '@/lib/http/request';
import { globalStateKeys, sharedKeys } from '@/lib/query-keys';
import { invalidatedOf, seedCache } from '@/testing/cache-probe';
import { newTestQueryClient, renderWithState } from '@/testing/render-with-state';
import { paymentKeys } from '../api/payment-keys';
import RefundModal from './refund-modal';

// The machine running the suite can be busy: give async UI a few seconds, not one.
configure({ asyncUtilTimeout: 5000 });

const PAYMENT: PaymentDetail = {
  paymentId: 'pay_0001',
  merchantOrderNo: 'ORD-1',
  amount: 4000,
  fee: 146,
  net: 3854,
  currency: 'EUR',
  status: 'SUCCESS',
  refundStatus: 'NONE',
  refundedAmount: 0,
  disputeStatus: null,
  payMethodType: 'CARD',
  payMethodName: 'VISA',
  country: 'DE',
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
  refundableAmount: 4000,
  refundBlocked: null,
  feeRule: { percentBps: 290, fixedMinor: 30, minimumMinor: null, currency: 'EUR' },
  settlement: null,
};

afterEach(() => {
  cleanup();
  postMock.mockReset();
});

async function choose(label: string, option: string) {
  const select = screen.getByLabelText(label);
  fireEvent.mouseDown(select);
  const item = await screen.findByTitle(option);
  await act(async () => fireEvent.click(item));
}

async function fillPartial(amount: string, reason = 'Requested by customer') {
  fireEvent.click(screen.getByLabelText('Partial refund'));
  fireEvent.change(screen.getByLabelText(/Refund amount/), { target: { value: amount } });
  await choose('Reason', reason);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
}

describe('RefundModal', { timeout: 20_000 }, () => {
  it('refunds part of a payment in major units, with a confirmation and an idempotency key', async () => {
    postMock.mockResolvedValue({ refundId: 'ref_1' });
    const onClose = vi.fn();
    renderWithState(<RefundModal payment={PAYMENT} open onClose={onClose} />);
    await fillPartial('12.5');
    expect(screen.getByText(/Refund/, { selector: 'div.ant-typography' }).textContent).toBe(
      'Refund 12.50\u00a0EUR of 40.00\u00a0EUR to jane@example.com on card 411111••••••1111.',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund 12.50\u00a0EUR' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, body, opts] = postMock.mock.calls[0];
    expect(url).toBe(REFUND_PATHS.create);
    expect(body).toEqual({ paymentId: 'pay_0001', amount: '12.50', reason: 'REQUESTED_BY_CUSTOMER' });
    expect(opts?.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a full refund sends the refundable amount', async () => {
    postMock.mockResolvedValue({ refundId: 'ref_1' });
    renderWithState(<RefundModal payment={{ ...PAYMENT, refundableAmount: 2750 }} open onClose={() => {}} />);
    await choose('Reason', 'Duplicate payment');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund 27.50\u00a0EUR' })));
    expect(postMock.mock.calls[0][1]).toEqual({ paymentId: 'pay_0001', amount: '27.50', reason: 'DUPLICATE' });
  });

  it('checks the amount and asks for a note when the reason is Other', async () => {
    renderWithState(<RefundModal payment={PAYMENT} open onClose={() => {}} />);
    await fillPartial('40.01', 'Other');
    expect(await screen.findByText('At most 40.00 EUR can be refunded.')).toBeTruthy();
    expect(screen.getByText('Say why the payment is refunded.')).toBeTruthy();
    expect(postMock).not.toHaveBeenCalled();
  });

  it('sends decimals of a zero-decimal currency as typed (the server answers "No decimals.") and retries with the same key', async () => {
    postMock.mockRejectedValue(new ApiError('No decimals.', '003001B039'));
    renderWithState(
      <RefundModal
        payment={{ ...PAYMENT, currency: 'JPY', amount: 5000, refundableAmount: 5000 }}
        open
        onClose={() => {}}
      />,
    );
    await fillPartial('10.5');
    expect(screen.getByText(/of 5,000 JPY/)).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Refund 10.5\u00a0JPY' });
    await act(async () => fireEvent.click(submit));
    await act(async () => fireEvent.click(submit));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(2));
    expect(postMock.mock.calls[0][1]).toMatchObject({ amount: '10.5' });
    expect(postMock.mock.calls[0][2]?.headers).toEqual(postMock.mock.calls[1][2]?.headers);
    // A changed request is a new operation: a new key.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })));
    fireEvent.change(screen.getByLabelText(/Refund amount/), { target: { value: '10' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund 10\u00a0JPY' })));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(3));
    expect(postMock.mock.calls[2][1]).toMatchObject({ amount: '10' });
    expect(postMock.mock.calls[2][2]?.headers).not.toEqual(postMock.mock.calls[0][2]?.headers);
  });

  it('refreshes what a refund changes (the payment, the refunds, the balances) and leaves the rest of the cache alone', async () => {
    postMock.mockResolvedValue({ refundId: 'ref_1' });
    const queryClient = newTestQueryClient();
    const changed = [
      paymentKeys.detail('pay_0001'),
      paymentKeys.list({ pageNum: 1, pageSize: 20 }),
      [...sharedKeys.payments, 'kpis', { currency: null }],
      [...sharedKeys.refunds, 'list', { pageNum: 1, pageSize: 20 }],
      sharedKeys.balances,
      [...sharedKeys.balanceTransactions, 'list', { pageNum: 1, pageSize: 20 }],
      sharedKeys.withdrawConfig,
      [...sharedKeys.settlementBatches, 'detail', 'BAT1'],
      [...sharedKeys.auditLog, 'list', { pageNum: 1, pageSize: 20 }],
    ];
    const untouched = [
      globalStateKeys.currentUser(),
      globalStateKeys.menus(),
      ['payment-links', 'list', { pageNum: 1, pageSize: 20 }],
      ['team-members', 'list', { pageNum: 1, pageSize: 20 }],
      [...sharedKeys.payouts, 'list', { pageNum: 1, pageSize: 20 }],
      sharedKeys.subMerchantBalances,
    ];
    seedCache(queryClient, [...changed, ...untouched]);
    const onClose = vi.fn();
    renderWithState(<RefundModal payment={PAYMENT} open onClose={onClose} />, undefined, undefined, queryClient);
    await choose('Reason', 'Duplicate payment');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund 40.00\u00a0EUR' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(invalidatedOf(queryClient, changed)).toEqual(changed);
    expect(invalidatedOf(queryClient, untouched)).toEqual([]);
  });
});
