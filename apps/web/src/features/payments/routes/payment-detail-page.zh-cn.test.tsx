import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMock } from '@/testing/mock-http';
import { cleanup, screen } from '@testing-library/react';
import type { PaymentDetail } from '@mbo/contracts/payments';
import { i18n } from '@/i18n/i18n';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import PaymentDetailPage from './payment-detail-page';

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
  refundBlockedReason: null,
  feeRule: null,
  settlement: null,
};

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(async () => {
  cleanup();
  getMock.mockReset();
  await i18n.changeLanguage('en');
});
vi.setConfig({ testTimeout: 30_000 });

describe('PaymentDetailPage in Simplified Chinese', () => {
  it('speaks Chinese: cards, status and the refund action', async () => {
    getMock.mockResolvedValue(PAYMENT);
    renderWithState(<PaymentDetailPage />, testGlobalState(), '/transactions/payments_detail?paymentId=PAY100');
    expect(await screen.findByText('退款与争议')).toBeTruthy();
    expect(screen.getByText('总金额')).toBeTruthy();
    expect(screen.getByText('未退款。')).toBeTruthy();
    expect(screen.getByRole('button', { name: /退款/ })).toBeTruthy();
  });
});
