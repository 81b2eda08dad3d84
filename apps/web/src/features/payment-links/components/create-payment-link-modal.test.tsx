import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_LINK_PATHS, type PaymentLinkRecord } from '@mbo/contracts/payment-links';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import { CreatePaymentLinkModal } from './create-payment-link-modal';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const CREATED: PaymentLinkRecord = {
  linkId: 'PL01SUBS',
  url: 'http://localhost:8080/pay/PL01SUBS',
  amount: 2900,
  currency: 'EUR',
  description: 'Gym membership',
  reusable: true,
  status: 'ACTIVE',
  expiresAt: '2026-11-29T06:00:00.000Z',
  paidCount: 0,
  createdAt: '2026-11-22T06:00:00.000Z',
  subscription: { interval: 'MONTH', intervalCount: 1, cycles: 12 },
};

beforeEach(() => {
  // No card currencies known: the form offers every currency (EUR first chosen).
  getMock.mockRejectedValue(new Error('offline'));
  postMock.mockResolvedValue(CREATED as never);
});
afterEach(() => {
  cleanup();
  postMock.mockReset();
  getMock.mockReset();
});

async function openSubscriptionForm() {
  renderWithState(
    <CreatePaymentLinkModal open onClose={() => {}} />,
    testGlobalState({ permissions: { API_PAYMENT_LINK_ADD: true } }),
  );
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Subscription' }));
  await within(dialog).findByLabelText('Interval count');
  fireEvent.change(within(dialog).getByLabelText('Amount per cycle'), { target: { value: '29' } });
  fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Gym membership' } });
  return dialog;
}

describe('creating a subscription payment link', () => {
  it('sends the plan with the amount per cycle, and shows it on the created link', async () => {
    const dialog = await openSubscriptionForm();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'After a number of cycles' }));
    fireEvent.change(await within(dialog).findByLabelText('Number of cycles'), { target: { value: '12' } });
    expect(
      await within(dialog).findByText('Charged every month, 12 times in all (the first at checkout).'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        PAYMENT_LINK_PATHS.create,
        {
          amount: '29.00',
          currency: 'EUR',
          description: 'Gym membership',
          reusable: false,
          expiresInDays: 7,
          subscription: { interval: 'MONTH', intervalCount: 1, cycles: 12 },
        },
        { showErrorMessage: false },
      ),
    );
    expect(await within(dialog).findByText('Payment link created')).toBeTruthy();
    expect(within(dialog).getByText(/29\.00.EUR every month · 12 cycles/)).toBeTruthy();
  });

  it('sends a plan that runs until cancelled without cycles, every N of the chosen interval', async () => {
    const dialog = await openSubscriptionForm();
    fireEvent.change(within(dialog).getByLabelText('Interval count'), { target: { value: '2' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Interval' }));
    fireEvent.click(await screen.findByTitle('weeks'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
    expect((postMock.mock.calls[0][1] as { subscription: unknown }).subscription).toEqual({
      interval: 'WEEK',
      intervalCount: 2,
    });
  });

  it("refuses fewer than 2 cycles and an interval count above the interval's bound, saying what is wrong", async () => {
    const dialog = await openSubscriptionForm();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'After a number of cycles' }));
    fireEvent.change(await within(dialog).findByLabelText('Number of cycles'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('Interval count'), { target: { value: '13' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(
      await within(dialog).findByText('A plan that ends has at least 2 cycles. For a single charge, choose One-off.'),
    ).toBeTruthy();
    expect(await within(dialog).findByText('Enter a whole number from 1 to 12 (months).')).toBeTruthy();
    expect(postMock).not.toHaveBeenCalled();
  });

  it('sends no plan for a one-off link', async () => {
    renderWithState(
      <CreatePaymentLinkModal open onClose={() => {}} />,
      testGlobalState({ permissions: { API_PAYMENT_LINK_ADD: true } }),
    );
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('radio', { name: 'One-off' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByLabelText('Interval count')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Poster' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
    expect(postMock.mock.calls[0][1]).toEqual({
      amount: '5.00',
      currency: 'EUR',
      description: 'Poster',
      reusable: false,
      expiresInDays: 7,
    });
  });
});
