import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMock } from '@/testing/mock-http';
import { cleanup, screen } from '@testing-library/react';
import { REFUND_PATHS, type RefundDetail } from '@mbo/contracts/refunds';
import { ApiError } from '@/lib/http/request';
import { i18n } from '@/i18n/i18n';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import RefundDetailPage from './refund-detail-page';

const DETAIL: RefundDetail = {
  refundId: 'RF100',
  paymentId: 'PY200',
  merchantOrderNo: 'ORD-1',
  amount: 3000,
  currency: 'JPY',
  reason: 'OTHER',
  note: 'Goodwill gesture',
  status: 'FAILED',
  failureReason: 'Card account closed',
  createdAt: '2026-05-02T03:04:05.000Z',
  finishedAt: '2026-05-02T03:10:00.000Z',
  payment: {
    paymentId: 'PY200',
    amount: 5000,
    currency: 'JPY',
    status: 'SUCCESS',
    customerEmail: 'kim@example.com',
    createdAt: '2026-05-01T00:00:00.000Z',
  },
  events: [
    { type: 'REFUND_CREATED', status: 'PROCESSING', note: null, at: '2026-05-02T03:04:05.000Z' },
    { type: 'REFUND_FAILED', status: 'FAILED', note: 'Card account closed', at: '2026-05-02T03:10:00.000Z' },
  ],
};

const renderAt = (url: string) => renderWithState(<RefundDetailPage />, testGlobalState(), url);

afterEach(() => {
  cleanup();
  getMock.mockReset();
});

// antd tables render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('RefundDetailPage', () => {
  it('shows the amount, status, reason with note, failure, timeline and the linked payment', async () => {
    getMock.mockResolvedValue(DETAIL);
    renderAt('/transactions/refunds_detail?refundId=RF100');
    // One money rule: amount then ISO code, never a symbol, and no code repeated beside an amount.
    expect(await screen.findByRole('heading', { level: 1, name: '3,000\u00a0JPY' })).toBeTruthy();
    expect(screen.queryByText('JPY')).toBeNull();
    expect(screen.getByText('5,000\u00a0JPY', { normalizer: (t) => t })).toBeTruthy();
    // One word per status: the linked payment's SUCCESS reads "Succeeded", as in the lists.
    expect(screen.getByText('Succeeded')).toBeTruthy();
    expect(screen.queryByText('Success')).toBeNull();
    expect(getMock).toHaveBeenCalledWith(
      REFUND_PATHS.detail,
      { refundId: 'RF100' },
      expect.objectContaining({ showErrorMessage: false }),
    );
    expect(screen.getAllByText('Failed').length).toBeGreaterThan(0);
    expect(screen.getByText('Goodwill gesture')).toBeTruthy();
    expect(screen.getByText('This refund failed')).toBeTruthy();
    expect(screen.getByText('Refund created')).toBeTruthy();
    expect(screen.getByText('Refund failed')).toBeTruthy();
    expect(screen.getAllByText('2026-05-02 11:04:05').length).toBe(2); // Asia/Singapore
    expect(screen.getByRole('link', { name: 'Payment PY200' }).getAttribute('href')).toBe(
      '/transactions/payments_detail?paymentId=PY200',
    );
    expect(screen.getByText('kim@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy refund ID' })).toBeTruthy();
  });

  it('shows a clean not-found state for an unknown id', async () => {
    getMock.mockRejectedValue(new ApiError('Order not found.', '003001B022', 200));
    renderAt('/transactions/refunds_detail?refundId=NOPE');
    expect(await screen.findByText('Refund not found', { selector: 'div' })).toBeTruthy();
    expect(screen.getByText(/There is no refund NOPE in this merchant account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to refunds' }).getAttribute('href')).toBe('/transactions/refunds');
  });

  it('does not call the server without an id', () => {
    renderAt('/transactions/refunds_detail');
    expect(screen.getByText(/No refund was given/)).toBeTruthy();
    expect(getMock).not.toHaveBeenCalled();
  });
});

describe('RefundDetailPage in Simplified Chinese', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('speaks Chinese: the notice, the facts and the timeline', async () => {
    getMock.mockResolvedValue(DETAIL);
    renderWithState(<RefundDetailPage />, testGlobalState(), '/transactions/refunds_detail?refundId=RF100');
    expect(await screen.findByText('此退款失败')).toBeTruthy();
    expect(screen.getByText('退款详情')).toBeTruthy();
    expect(screen.getByText('退款已创建')).toBeTruthy();
    expect(screen.getByText('查看支付')).toBeTruthy();
  });
});
