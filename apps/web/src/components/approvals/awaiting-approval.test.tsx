import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { recordText } from '@mbo/contracts/record-texts';
import type { ApprovalItem } from '@mbo/contracts/approvals';
import { i18n } from '@/i18n/i18n';
import { getMock } from '@/testing/mock-http';
import { newTestQueryClient, renderWithState } from '@/testing/render-with-state';
import { AwaitingApproval } from './awaiting-approval';
import { approvalKeys } from './approvals-api';

afterEach(async () => {
  cleanup();
  getMock.mockReset();
  await i18n.changeLanguage('en');
});

const ITEMS: ApprovalItem[] = [
  {
    kind: 'WITHDRAWAL',
    id: 'WDR1',
    description: recordText('approvalWithdrawal', { bank: 'ING Bank', account: '•••• 4567' }),
    amounts: [{ currency: 'EUR', amount: 1_200_000 }],
    createdBy: 'finance@demo.test',
    createdAt: '2026-11-28T09:10:34.000Z',
  },
  {
    kind: 'PAYOUT_BATCH',
    id: 'PBT1',
    description: recordText('approvalBatch', { file: 'payroll.csv', count: 3 }),
    amounts: [{ currency: 'EUR', amount: 90_000 }],
    createdBy: 'payouts@demo.test',
    createdAt: '2026-11-28T09:11:00.000Z',
  },
];

function renderQueue() {
  const queryClient = newTestQueryClient();
  queryClient.setQueryData(approvalKeys.pending(), ITEMS);
  getMock.mockResolvedValue(ITEMS);
  renderWithState(<AwaitingApproval kinds={['WITHDRAWAL', 'PAYOUT_BATCH']} />, undefined, '/home', queryClient);
}

describe('AwaitingApproval', () => {
  it('names what waits, linked to where it is decided', async () => {
    renderQueue();
    const link = await screen.findByRole('link', { name: 'Withdrawal to ING Bank •••• 4567' });
    expect(link.getAttribute('href')).toBe('/account/withdraw?withdrawalId=WDR1');
    expect(screen.getByRole('link', { name: 'Batch payroll.csv (3 payouts)' })).toBeTruthy();
  });

  it('says it in Chinese for a Chinese reader', async () => {
    await i18n.changeLanguage('zh-CN');
    renderQueue();
    expect(await screen.findByRole('link', { name: '提现至 ING Bank •••• 4567' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '批量付款 payroll.csv（3 笔付款）' })).toBeTruthy();
  });
});
