import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { PaymentLinkDetail } from '@mbo/contracts/payment-links';
import { initTestI18n } from '@/i18n/testing';
import { renderWithState } from '@/testing/render-with-state';
import { LinkFactsCard, LinkTags } from './link-detail-cards';

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
  subscription: { interval: 'MONTH', intervalCount: 3, cycles: 12 },
};

afterEach(() => {
  cleanup();
  initTestI18n('en');
});

describe('a payment link in Simplified Chinese', () => {
  it('shows its facts, status and plan in Chinese', () => {
    initTestI18n('zh-CN');
    renderWithState(
      <>
        <LinkTags link={LINK} />
        <LinkFactsCard link={LINK} />
      </>,
    );
    expect(screen.getByText('链接详情')).toBeTruthy();
    expect(screen.getByText('每期金额')).toBeTruthy();
    expect(screen.getByText('可重复使用：任意数量的客户均可支付')).toBeTruthy();
    expect(screen.getAllByText('有效').length).toBeGreaterThan(0);
    expect(screen.getByText('订阅 · 每 3 个月')).toBeTruthy();
  });
});
