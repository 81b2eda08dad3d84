import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AGREEMENT_PATHS, type AgreementDetail } from '@mbo/contracts/subscriptions';
import { ApiError } from '@/lib/http/request';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import { ACTIVE_AGREEMENT, PAST_DUE_AGREEMENT } from '../utils/agreement-fixtures';
import { CancelAgreementAction } from './cancel-agreement';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  postMock.mockReset();
});

function renderAction(agreement: AgreementDetail) {
  renderWithState(
    <CancelAgreementAction agreement={agreement} />,
    testGlobalState({ permissions: { API_SUBSCRIPTION_AGREEMENTS_CANCEL: true } }),
  );
}

async function openDialog(button: string) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: 'Cancel subscription' });
}

describe('cancelling an agreement', () => {
  it('cancels an active agreement at the end of its period by default, or now when chosen', async () => {
    postMock.mockResolvedValue({ ...ACTIVE_AGREEMENT, cancelAtPeriodEnd: true, nextChargeAt: null } as never);
    renderAction(ACTIVE_AGREEMENT);
    const dialog = await openDialog('Cancel subscription');
    const periodEnd = within(dialog).getByRole('radio', {
      name: /At the end of the current period \(on 2026-05-01 10:00:00 GMT\+08:00\)/,
    }) as HTMLInputElement;
    expect(periodEnd.checked).toBe(true);
    expect(within(dialog).getByRole('radio', { name: /Now — no further charges/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(AGREEMENT_PATHS.cancel, { agreementId: 'AGR1001', when: 'PERIOD_END' }),
    );
    expect(await screen.findByText('The subscription will end on 2026-05-01 10:00:00 GMT+08:00.')).toBeTruthy();

    cleanup();
    postMock.mockReset();
    postMock.mockResolvedValue({ ...ACTIVE_AGREEMENT, status: 'CANCELLED', nextChargeAt: null } as never);
    renderAction(ACTIVE_AGREEMENT);
    const again = await openDialog('Cancel subscription');
    fireEvent.click(within(again).getByRole('radio', { name: /Now — no further charges/ }));
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel now' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(AGREEMENT_PATHS.cancel, { agreementId: 'AGR1001', when: 'NOW' }),
    );
    expect(await screen.findByText('Subscription cancelled. No further charges will be made.')).toBeTruthy();
  });

  it('offers only "now" for a past-due agreement, and says why', async () => {
    postMock.mockResolvedValue({ ...PAST_DUE_AGREEMENT, status: 'CANCELLED', nextChargeAt: null } as never);
    renderAction(PAST_DUE_AGREEMENT);
    const dialog = await openDialog('Cancel subscription');
    const radios = within(dialog).getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(1);
    expect(radios[0].checked).toBe(true);
    expect(within(dialog).queryByText(/At the end of the current period/)).toBeNull();
    expect(within(dialog).getByText(/can only be cancelled now: its current cycle is unpaid/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel now' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(AGREEMENT_PATHS.cancel, { agreementId: 'AGR1001', when: 'NOW' }),
    );
  });

  it('offers "Cancel now" alone once the agreement is set to end with its period', async () => {
    renderAction({ ...ACTIVE_AGREEMENT, cancelAtPeriodEnd: true, nextChargeAt: null });
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    const dialog = await openDialog('Cancel now');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    expect(within(dialog).getByText(/already set to end on 2026-05-01 10:00:00 GMT\+08:00/)).toBeTruthy();
  });

  it('closes the dialog when the server says the agreement can no longer be cancelled', async () => {
    postMock.mockRejectedValue(
      new ApiError('This agreement is already cancelled.', ERROR_CODES.AGREEMENT_NOT_CANCELLABLE, 200),
    );
    renderAction(ACTIVE_AGREEMENT);
    const dialog = await openDialog('Cancel subscription');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
    // Closed: antd's motion is off in the tests (@/testing/test-antd), so the dialog goes at once.
    await waitFor(() => expect(screen.queryAllByRole('dialog')).not.toContain(dialog));
  });
});
