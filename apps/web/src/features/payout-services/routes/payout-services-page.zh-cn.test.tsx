import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, screen } from '@testing-library/react';
import type { PayoutServiceRecord } from '@mbo/contracts/payout-services';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { initTestI18n } from '@/i18n/testing';
import { testGlobalState } from '@/testing/render-with-state';
import { renderPageAt, runInDesktopWindow } from '@/testing/render-page-at';
import PayoutServicesPage from './payout-services-page';

const SEPA: PayoutServiceRecord = {
  serviceId: 'POS100',
  country: 'DE',
  methodType: 'BANK_TRANSFER',
  methodName: 'SEPA Credit Transfer',
  currency: 'EUR',
  fee: { percentBps: 0, fixedMinor: 50, minimumMinor: null, currency: 'EUR' },
  minAmount: 100,
  maxAmount: 10_000_000,
  cutoffTime: '15:00',
  timeZone: 'Europe/Berlin',
  arrival: 'NEXT_WORKING_DAY',
  status: 'SUSPENDED',
  createdAt: '2026-01-05T02:00:00.000Z',
};

runInDesktopWindow();

afterEach(() => {
  cleanup();
  postMock.mockReset();
  initTestI18n('en');
});

// antd tables render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('PayoutServicesPage in Simplified Chinese', () => {
  it('names the page, the method type, the arrival and the status in Chinese', async () => {
    initTestI18n('zh-CN');
    postMock.mockImplementation(
      async (url: string) => (url === SAVED_VIEW_PATHS.list ? [] : { total: 1, records: [SEPA] }) as never,
    );
    renderPageAt('/services/payout', <PayoutServicesPage />, '/services/payout', testGlobalState());
    expect(await screen.findByText('SEPA Credit Transfer')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '付款服务' })).toBeTruthy();
    expect(screen.getAllByText('银行转账').length).toBeGreaterThan(0);
    expect(screen.getAllByText('已暂停').length).toBeGreaterThan(0);
    expect(screen.getAllByText('下一工作日到账').length).toBeGreaterThan(0);
  });
});
