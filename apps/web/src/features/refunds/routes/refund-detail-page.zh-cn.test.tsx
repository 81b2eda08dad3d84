import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMock } from '@/testing/mock-http';
import { cleanup, screen } from '@testing-library/react';
import type { RefundDetail } from '@mbo/contracts/refunds';
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
  note: null,
  status: 'FAILED',
  failureReason: null,
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
  events: [{ type: 'CREATED', status: 'PROCESSING', note: null, at: '2026-05-02T03:04:05.000Z' }],
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

describe('RefundDetailPage in Simplified Chinese', () => {
  it('speaks Chinese: the notice, the facts and the timeline', async () => {
    getMock.mockResolvedValue(DETAIL);
    renderWithState(<RefundDetailPage />, testGlobalState(), '/transactions/refunds_detail?refundId=RF100');
    expect(await screen.findByText('此退款失败')).toBeTruthy();
    expect(screen.getByText('退款详情')).toBeTruthy();
    expect(screen.getByText('已申请退款')).toBeTruthy();
    expect(screen.getByText('查看支付')).toBeTruthy();
  });
});
