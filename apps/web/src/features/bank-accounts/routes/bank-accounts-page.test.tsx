import { afterEach, describe, expect, it } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { BANK_ACCOUNT_PATHS, type BankAccountRecord } from '@mbo/contracts/bank-accounts';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { testGlobalState } from '@/testing/render-with-state';
import { renderPageAt, runInDesktopWindow } from '@/testing/render-page-at';
import { initTestI18n } from '@/i18n/testing';
import BankAccountsPage from './bank-accounts-page';

const ACCOUNT: BankAccountRecord = {
  bankAccountId: 'BAC1',
  bankName: 'ABN AMRO',
  holderName: 'Demo Store B.V.',
  country: 'NL',
  currency: 'EUR',
  scheme: 'IBAN',
  maskedNumber: '•••• 4300',
  routingCode: null,
  bic: null,
  status: 'VERIFIED',
  rejectionReason: null,
  isDefault: true,
  inFlightWithdrawals: 0,
  createdBy: 'owner@demo.test',
  createdAt: '2026-03-01T01:02:03.000Z',
  verifiedAt: '2026-03-01T01:03:03.000Z',
};

function answer() {
  postMock.mockImplementation(async (url: string) => {
    if (url === SAVED_VIEW_PATHS.list) return [] as never;
    if (url === BANK_ACCOUNT_PATHS.list) return { total: 1, records: [ACCOUNT] } as never;
    if (url === BANK_ACCOUNT_PATHS.reveal)
      return { bankAccountId: 'BAC1', accountNumber: 'NL91ABNA0417164300', routingCode: null } as never;
    throw new Error(`unexpected POST ${url}`);
  });
}

const renderWith = (permissions: Record<string, boolean>) =>
  renderPageAt(
    '/settings/bank-accounts',
    <BankAccountsPage />,
    '/settings/bank-accounts',
    testGlobalState({ authUrls: ['/settings/bank-accounts'], permissions }),
  );

runInDesktopWindow();

afterEach(() => {
  cleanup();
  postMock.mockReset();
});

describe('bank accounts page: reveal', () => {
  it('shows the masked number, and the full one only on Reveal (asked for each time), with the audit notice', async () => {
    answer();
    renderWith({ API_BANK_ACCOUNT_REVEAL: true });
    expect((await screen.findAllByText('•••• 4300')).length).toBeGreaterThan(0);
    expect(screen.queryByText('NL91ABNA0417164300')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal ABN AMRO •••• 4300' }));
    expect(await screen.findByText('NL91ABNA0417164300')).toBeTruthy();
    expect(screen.getByText('This view is recorded in the audit log.')).toBeTruthy();
    expect(postMock).toHaveBeenCalledWith(BANK_ACCOUNT_PATHS.reveal, { bankAccountId: 'BAC1' });
  });

  it('has no Reveal action without API_BANK_ACCOUNT_REVEAL', async () => {
    answer();
    renderWith({ API_BANK_ACCOUNT_UPDATE: true });
    expect((await screen.findAllByText('•••• 4300')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull());
    expect(postMock.mock.calls.some(([url]) => url === BANK_ACCOUNT_PATHS.reveal)).toBe(false);
  });
});

describe('bank accounts page in Chinese', () => {
  it('speaks Simplified Chinese: title, status, default tag and the reveal action', async () => {
    initTestI18n('zh-CN');
    try {
      answer();
      renderWith({ API_BANK_ACCOUNT_REVEAL: true });
      expect((await screen.findAllByText('已验证')).length).toBeGreaterThan(0);
      expect(screen.getAllByText('银行账户').length).toBeGreaterThan(0);
      expect(screen.getByRole('button', { name: '显示 ABN AMRO •••• 4300' })).toBeTruthy();
    } finally {
      initTestI18n('en');
    }
  });
});
