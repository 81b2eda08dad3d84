import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMock } from '@/testing/mock-http';
import { cleanup, screen } from '@testing-library/react';
import type { DisputeDetail } from '@mbo/contracts/disputes';
import { i18n } from '@/i18n/i18n';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import DisputeDetailPage from './dispute-detail-page';

const DUE = new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString();
const DETAIL: DisputeDetail = {
  disputeId: 'DSP100',
  type: 'CHARGEBACK',
  status: 'EVIDENCE_REQUIRED',
  reason: 'PRODUCT_NOT_RECEIVED',
  paymentId: 'PAY200',
  merchantOrderNo: 'ORD-1',
  customerEmail: 'kim@example.com',
  amount: 12_999,
  fee: 1_500,
  currency: 'EUR',
  dueAt: DUE,
  createdAt: '2026-11-20T10:00:00.000Z',
  submittedAt: null,
  decidedAt: null,
  evidence: { shippingTracking: 'DHL 123' },
  files: [
    {
      fileId: 'DEF1',
      category: 'RECEIPT',
      fileName: 'receipt.pdf',
      contentType: 'application/pdf',
      size: 120_000,
      uploadedAt: '2026-11-21T10:00:00.000Z',
      uploadedBy: 'owner@demo.test',
    },
  ],
  events: [
    {
      type: 'OPENED',
      status: 'EVIDENCE_REQUIRED',
      note: 'Chargeback opened',
      actor: 'Card network',
      at: '2026-11-20T10:00:00.000Z',
    },
  ],
  payment: {
    paymentId: 'PAY200',
    amount: 12_999,
    currency: 'EUR',
    status: 'SUCCESS',
    customerEmail: 'kim@example.com',
    cardBin: '424242',
    cardLast4: '4242',
    payMethodName: 'VISA',
    createdAt: '2026-11-18T10:00:00.000Z',
  },
  fundingSource: 'AVAILABLE',
  settlementId: null,
  editable: true,
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

describe('DisputeDetailPage in Simplified Chinese', () => {
  it('speaks Chinese: the reason, its checklist, the countdown and the actions', async () => {
    getMock.mockResolvedValue(DETAIL);
    const permissions = { API_DISPUTES_UPDATE: true, API_DISPUTES_UPLOAD: true, API_DISPUTES_DOWNLOAD: true };
    renderWithState(
      <DisputeDetailPage />,
      testGlobalState({ permissions, hasPermission: (c) => !!permissions[c as keyof typeof permissions] }),
      '/transactions/disputes/detail?disputeId=DSP100',
    );
    expect(await screen.findByText('证据清单', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('物流承运商及运单号')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^剩余 2 天/);
    expect(screen.getByRole('button', { name: '提交证据' })).toBeTruthy();
    expect(screen.getByText('操作者：Card network', { exact: false })).toBeTruthy();
  });
});
