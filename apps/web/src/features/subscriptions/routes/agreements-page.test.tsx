import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { AGREEMENT_PATHS, type AgreementRecord, type ListAgreementsRequest } from '@mbo/contracts/subscriptions';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import { testGlobalState } from '@/testing/render-with-state';
import { ACTIVE_AGREEMENT, PAST_DUE_AGREEMENT } from '../utils/agreement-fixtures';
import AgreementsPage from './agreements-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
runInDesktopWindow();

const record = ({ charges: _c, events: _e, ...r }: typeof ACTIVE_AGREEMENT): AgreementRecord => r;
const ACTIVE = record(ACTIVE_AGREEMENT);
const ENDING: AgreementRecord = {
  ...record(ACTIVE_AGREEMENT),
  agreementId: 'AGR1002',
  customerName: 'Ana Diaz',
  customerEmail: 'ana@example.com',
  cycles: null,
  cancelAtPeriodEnd: true,
  nextChargeAt: null,
  payMethodName: 'PAYPAL',
  payMethodType: 'EWALLET',
  cardBin: null,
  cardLast4: null,
};
const PAST_DUE = {
  ...record(PAST_DUE_AGREEMENT),
  agreementId: 'AGR1003',
  customerName: 'Bo Chen',
  customerEmail: 'bo@example.com',
};
const COUNTS: Record<string, number> = { ACTIVE: 2, PAST_DUE: 1, CANCELLED: 5, EXPIRED: 0 };

/** The list call answers the rows; its one-row pages per status answer the tiles' totals. */
function answer(records: AgreementRecord[]) {
  postMock.mockImplementation(async (url: string, body?: unknown) => {
    if (url === SAVED_VIEW_PATHS.list) return [] as never;
    if (url !== AGREEMENT_PATHS.list) throw new Error(`unexpected ${url}`);
    const req = body as ListAgreementsRequest;
    if (req.pageSize === 1 && req.status?.length === 1) return { total: COUNTS[req.status[0]], records: [] } as never;
    return { total: records.length, records } as never;
  });
}

const state = () =>
  testGlobalState({
    authUrls: ['/subscription/agreements', '/transactions/reports'],
    payMethodMap: { VISA: 'Visa', PAYPAL: 'PayPal' },
    countryList: [{ value: 'SG', label: 'Singapore' }],
    payMethodTypeList: [{ value: 'CARD', label: 'Card' }],
    payMethodNameList: [{ value: 'VISA', label: 'Visa' }],
  });
const renderAt = (url: string) => renderPageAt('/subscription/agreements', <AgreementsPage />, url, state());
const listCalls = () =>
  postMock.mock.calls
    .filter(([url, body]) => url === AGREEMENT_PATHS.list && (body as ListAgreementsRequest).pageSize !== 1)
    .map(([, body]) => body);

afterEach(() => {
  cleanup();
  postMock.mockReset();
  window.localStorage.clear();
});

describe('AgreementsPage', () => {
  it('lists agreements: customer, plan per cycle, status, next charge and method, each row leading to its detail', async () => {
    answer([ACTIVE, ENDING, PAST_DUE]);
    renderAt('/subscription/agreements');
    const row = (await screen.findByRole('link', { name: 'AGR1001' })).closest('tr')!;
    expect(within(row).getByText('Kim Lee')).toBeTruthy();
    expect(within(row).getByText('kim@example.com')).toBeTruthy();
    expect(within(row).getByText('29.00 EUR')).toBeTruthy();
    expect(within(row).getByText('every month')).toBeTruthy();
    expect(within(row).getByText('3 of 12 cycles')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('2026-05-01 10:00:00')).toBeTruthy();
    expect(within(row).getByText('Visa •••• 4242')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'AGR1001' }).getAttribute('href')).toBe(
      '/subscription/agreements/detail?agreementId=AGR1001',
    );

    const ending = screen.getByRole('link', { name: 'AGR1002' }).closest('tr')!;
    expect(within(ending).getByText('every month')).toBeTruthy();
    expect(within(ending).getByText('Cancels at period end')).toBeTruthy();
    expect(within(ending).getByText('PayPal')).toBeTruthy();
    expect(within(ending).getByText('—')).toBeTruthy();

    const pastDue = screen.getByRole('link', { name: 'AGR1003' }).closest('tr')!;
    expect(within(pastDue).getByText('Past due')).toBeTruthy();
    expect(within(pastDue).getByText('Retry 2')).toBeTruthy();

    expect(listCalls()).toEqual([{ pageNum: 1, pageSize: 20, sort: 'createdAt:desc' }]);
    const tiles = screen.getByRole('group', { name: 'Agreements by status' });
    await waitFor(() =>
      expect(
        within(tiles)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['All8', 'Active2', 'Past due1', 'Cancelled5', 'Expired0']),
    );

    fireEvent.click(pastDue);
    expect(where()).toBe('/subscription/agreements/detail?agreementId=AGR1003');
  });

  it('sends the filters of the URL: status, country, method type and name, search; the tiles count without the status', async () => {
    answer([ACTIVE]);
    renderAt(
      '/subscription/agreements?status=ACTIVE&country=sg&methodType=CARD&method=VISA&q=kim@example.com&sort=nextChargeAt:asc',
    );
    await screen.findByRole('link', { name: 'AGR1001' });
    expect(listCalls()).toEqual([
      {
        status: ['ACTIVE'],
        country: 'SG',
        payMethodType: 'CARD',
        payMethodName: 'VISA',
        keyword: 'kim@example.com',
        pageNum: 1,
        pageSize: 20,
        sort: 'nextChargeAt:asc',
      },
    ]);
    const tileCall = postMock.mock.calls.find(([, body]) => (body as ListAgreementsRequest).pageSize === 1)?.[1];
    expect(tileCall).toEqual({
      country: 'SG',
      payMethodType: 'CARD',
      payMethodName: 'VISA',
      keyword: 'kim@example.com',
      status: ['ACTIVE'],
      pageNum: 1,
      pageSize: 1,
    });
    expect(screen.getByRole('button', { name: 'Clear filters (5)' })).toBeTruthy();
    // The export opens the report centre with these filters (the method type under its API name there).
    expect(screen.getByRole('link', { name: /Export/ }).getAttribute('href')).toBe(
      '/transactions/reports?type=AGREEMENTS&q=kim%40example.com&status=ACTIVE&country=sg&methodType=CARD&method=VISA',
    );
  });

  it('says so when there are no agreements yet', async () => {
    answer([]);
    renderAt('/subscription/agreements');
    expect(await screen.findByText('No agreements yet.')).toBeTruthy();
  });
});
