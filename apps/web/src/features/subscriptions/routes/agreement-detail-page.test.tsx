import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AGREEMENT_PATHS, type AgreementDetail } from '@mbo/contracts/subscriptions';
import { ApiError } from '@/lib/http/request';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import { ACTIVE_AGREEMENT, PAST_DUE_AGREEMENT } from '../utils/agreement-fixtures';
import AgreementDetailPage from './agreement-detail-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const CAN_CANCEL = { API_SUBSCRIPTION_AGREEMENTS_CANCEL: true };
const renderAs = (detail: AgreementDetail | Error, permissions: Record<string, boolean> = CAN_CANCEL) => {
  if (detail instanceof Error) getMock.mockRejectedValue(detail);
  else getMock.mockResolvedValue(detail);
  return renderWithState(
    <AgreementDetailPage />,
    testGlobalState({ permissions, payMethodMap: { VISA: 'Visa' } }),
    `/subscription/agreements/detail?agreementId=${ACTIVE_AGREEMENT.agreementId}`,
  );
};

afterEach(() => {
  cleanup();
  getMock.mockReset();
  postMock.mockReset();
});

describe('AgreementDetailPage', () => {
  it('shows the plan, the customer, the card as BIN and last 4, the charges and the timeline', async () => {
    renderAs(ACTIVE_AGREEMENT);
    expect(await screen.findByRole('heading', { level: 1, name: '29.00\u00a0EUR' })).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(
      AGREEMENT_PATHS.detail,
      { agreementId: 'AGR1001' },
      expect.objectContaining({ showErrorMessage: false }),
    );
    expect(screen.getByText('Every month · 3 of 12 cycles')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    const plan = screen.getByText('Plan').closest('.ant-card') as HTMLElement;
    expect(within(plan).getByText('3 of 12')).toBeTruthy();
    expect(within(plan).getByText('Every month')).toBeTruthy();
    expect(within(plan).getByText('2026-05-01 10:00:00', { selector: '.mbo-detail-time' })).toBeTruthy();
    expect(screen.getByText('Singapore (SG)')).toBeTruthy();
    expect(screen.getByText('424242••••••4242')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PL01SUBS' }).getAttribute('href')).toBe(
      '/transactions/payment_link/detail?linkId=PL01SUBS',
    );

    // Charges: newest first, each linking to its payment, with its cycle, attempt and failure reason.
    const charges = screen.getByRole('link', { name: 'PAY004' }).closest('table')!;
    const rows = within(charges).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([
      'PAY004',
      'PAY003',
      'PAY002',
      'PAY001',
    ]);
    expect(within(rows[0]).getByText('Retry 1')).toBeTruthy();
    expect(within(rows[0]).getByText('3 of 12')).toBeTruthy();
    expect(within(rows[1]).getByText('Insufficient funds')).toBeTruthy();
    expect(within(rows[1]).getByText('Failed')).toBeTruthy();
    expect(within(rows[0]).getByRole('link', { name: 'PAY004' }).getAttribute('href')).toBe(
      '/transactions/payments_detail?paymentId=PAY004',
    );

    // Timeline: the events oldest first, in words.
    const timeline = screen.getByText('Timeline').closest('.ant-card')!;
    expect(within(timeline as HTMLElement).getByText('Subscription started')).toBeTruthy();
    expect(within(timeline as HTMLElement).getByText('Charge declined')).toBeTruthy();
    expect(within(timeline as HTMLElement).getByText('Declined charge recovered')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancel subscription' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows a past-due agreement's declined attempts and the retry schedule", async () => {
    renderAs(PAST_DUE_AGREEMENT);
    expect(await screen.findByText('The charge of cycle 4 was declined 2 times')).toBeTruthy();
    expect(screen.getByText('2 of 4')).toBeTruthy();
    const schedule = screen.getByRole('list', { name: 'Retry schedule' });
    expect(
      within(schedule)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Due date2026-05-01 10:00:05 GMT+08:00Declined',
      'Retry 1 (+1 day)2026-05-02 10:00:05 GMT+08:00Declined',
      'Retry 2 (+3 days)2026-05-04 10:00:00 GMT+08:00Next attempt',
      'Retry 3 (+7 days)2026-05-08Planned',
    ]);
  });

  it('shows an ended agreement without a cancel button and with no further charges', async () => {
    renderAs({
      ...ACTIVE_AGREEMENT,
      status: 'CANCELLED',
      nextChargeAt: null,
      cancelledAt: '2026-04-10T02:00:00.000Z',
      endReason: 'Cancelled by owner@demo.test',
    });
    expect(await screen.findByText('Cancelled on 2026-04-10 10:00:00 GMT+08:00')).toBeTruthy();
    expect(screen.getAllByText('Cancelled by owner@demo.test').length).toBeGreaterThan(0);
    expect(screen.getByText('No further charges')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('cancels at the end of the period from the page, then shows the agreement as the server answers it', async () => {
    const ending: AgreementDetail = { ...ACTIVE_AGREEMENT, cancelAtPeriodEnd: true, nextChargeAt: null };
    postMock.mockResolvedValue(ending as never);
    renderAs(ACTIVE_AGREEMENT);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    getMock.mockResolvedValue(ending);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(AGREEMENT_PATHS.cancel, { agreementId: 'AGR1001', when: 'PERIOD_END' }),
    );
    expect(
      await screen.findByText('Cancels at the end of the current period, on 2026-05-01 10:00:00 GMT+08:00'),
    ).toBeTruthy();
    expect(screen.getAllByText('Cancels at period end').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Cancel now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('keeps the cancel button visible but disabled, with the reason, for a role without the permission', async () => {
    renderAs(ACTIVE_AGREEMENT, {});
    const button = (await screen.findByRole('button', { name: 'Cancel subscription' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your role cannot cancel subscriptions.',
    );
  });

  it('says "not found" for an unknown agreement or another merchant\'s', async () => {
    renderAs(new ApiError('Aquiring agreement not found.', ERROR_CODES.AGREEMENT_NOT_FOUND, 200));
    expect(await screen.findByText('Agreement not found')).toBeTruthy();
    expect(screen.getByText(/Aquiring agreement not found\. There is no agreement AGR1001/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to agreements' }).getAttribute('href')).toBe(
      '/subscription/agreements',
    );
  });

  it('offers a retry when the agreement could not be loaded', async () => {
    renderAs(new ApiError('Network Error', 'NETWORK_ERROR'));
    expect(await screen.findByText('This agreement could not be loaded.', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
