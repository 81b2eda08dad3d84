import { afterEach, describe, expect, it } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_LINK_PATHS, type PaymentLinkRecord } from '@mbo/contracts/payment-links';
import { PAYIN_SERVICE_PATHS } from '@mbo/contracts/payin-services';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { ApiError } from '@/lib/http/request';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import PaymentLinksPage from './payment-links-page';

// The machine running the suite can be busy: give async UI a few seconds, not one.
configure({ asyncUtilTimeout: 5000 });

/** user-fee/config: the merchant's card services take these currencies (and a wallet takes PHP). */
function answerCardCurrencies(...currencies: string[]) {
  getMock.mockImplementation(async (url: string) => {
    if (url !== PAYIN_SERVICE_PATHS.userFeeConfig) throw new Error(`unexpected ${url}`);
    const fee = (payMethodType: string, currency: string) => ({
      serviceId: `PIS-${payMethodType}-${currency}`,
      country: 'DE',
      payMethodType,
      payMethodName: 'VISA',
      currency,
      status: 'ACTIVE',
      fee: { percentBps: 290, fixedMinor: 30, minimumMinor: null, currency },
    });
    return { merchantId: 'M1000001', fees: [...currencies.map((c) => fee('CARD', c)), fee('EWALLET', 'PHP')] } as never;
  });
}

const LINK: PaymentLinkRecord = {
  linkId: 'PL1M80ZPTHZ9T21SJNS',
  url: 'http://localhost:8080/pay/PL1M80ZPTHZ9T21SJNS',
  amount: 7550,
  currency: 'EUR',
  description: 'Order #1042 blue T-shirt',
  reusable: false,
  status: 'ACTIVE',
  expiresAt: '2026-11-29T06:00:00.000Z',
  paidCount: 0,
  createdAt: '2026-11-22T06:00:00.000Z',
  subscription: null,
};

afterEach(() => {
  cleanup();
  postMock.mockReset();
  getMock.mockReset();
});

function answerList(records: PaymentLinkRecord[] = [LINK]) {
  answerCardCurrencies('USD', 'EUR', 'GBP', 'JPY');
  postMock.mockImplementation(async (url: string) => {
    if (url === PAYMENT_LINK_PATHS.list) return { total: records.length, records } as never;
    if (url === SAVED_VIEW_PATHS.list) return [] as never;
    throw new Error(`unexpected ${url}`);
  });
}

describe('payment links page', { timeout: 60_000 }, () => {
  it('lists links with amount, status and type, and lets an owner open the create form', async () => {
    answerList();
    renderWithState(<PaymentLinksPage />, testGlobalState({ permissions: { API_PAYMENT_LINK_ADD: true } }));
    const row = (await screen.findByText('Order #1042 blue T-shirt')).closest('tr')!;
    expect(within(row).getByText('75.50 EUR')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('Single-use')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Order #1042 blue T-shirt' }).getAttribute('href')).toBe(
      `/transactions/payment_link/detail?linkId=${LINK.linkId}`,
    );
    expect(postMock).toHaveBeenCalledWith(
      PAYMENT_LINK_PATHS.list,
      { pageNum: 1, pageSize: 20, sort: 'createdAt:desc' },
      expect.anything(),
    );
    const create = screen.getByRole('button', { name: /Create payment link/ });
    expect((create as HTMLButtonElement).disabled).toBe(false);
    expect((within(row).getByRole('button', { name: `Deactivate ${LINK.linkId}` }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows a viewer disabled create and deactivate buttons', async () => {
    answerList();
    renderWithState(<PaymentLinksPage />, testGlobalState({ permissions: {} }));
    const row = (await screen.findByText('Order #1042 blue T-shirt')).closest('tr')!;
    expect((screen.getByRole('button', { name: /Create payment link/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(row).getByRole('button', { name: `Deactivate ${LINK.linkId}` }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('marks a subscription link with its plan, its amount per cycle', async () => {
    answerList([
      {
        ...LINK,
        linkId: 'PL2SUBS',
        description: 'Gym membership',
        subscription: { interval: 'MONTH', intervalCount: 1 },
      },
    ]);
    renderWithState(<PaymentLinksPage />, testGlobalState({ permissions: { API_PAYMENT_LINK_ADD: true } }));
    const row = (await screen.findByText('Gym membership')).closest('tr')!;
    expect(within(row).getByText('Subscription · every month')).toBeTruthy();
    expect(within(row).getByText('per cycle')).toBeTruthy();
  });

  it('says so when there are no links yet', async () => {
    answerList([]);
    renderWithState(<PaymentLinksPage />, testGlobalState({ permissions: { API_PAYMENT_LINK_ADD: true } }));
    expect(await screen.findByText('No payment links yet.')).toBeTruthy();
  });

  it('validates the amount per currency, then creates the link and shows it to share', async () => {
    answerList([]);
    renderWithState(<PaymentLinksPage />, testGlobalState({ permissions: { API_PAYMENT_LINK_ADD: true } }));
    fireEvent.click(screen.getByRole('button', { name: /Create payment link/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText('Use at most 2 decimals for EUR.')).toBeTruthy();
    expect(await within(dialog).findByText('Describe what the customer pays for.')).toBeTruthy();

    postMock.mockImplementation(async (url: string) => {
      if (url === PAYMENT_LINK_PATHS.create) return { ...LINK, amount: 1250, description: 'Poster' } as never;
      return (url === SAVED_VIEW_PATHS.list ? [] : { total: 0, records: [] }) as never;
    });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '12.50' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: ' Poster ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText('Payment link created')).toBeTruthy();
    expect(postMock).toHaveBeenCalledWith(
      PAYMENT_LINK_PATHS.create,
      { amount: '12.50', currency: 'EUR', description: 'Poster', reusable: false, expiresInDays: 7 },
      { showErrorMessage: false },
    );
    expect((within(dialog).getByLabelText('Payment link URL') as HTMLInputElement).value).toBe(LINK.url);
    expect(within(dialog).getByRole('img', { name: 'QR code of the payment link' })).toBeTruthy();
  });

  it("puts the server's field error on the field", async () => {
    answerList([]);
    renderWithState(<PaymentLinksPage />, testGlobalState({ permissions: { API_PAYMENT_LINK_ADD: true } }));
    fireEvent.click(screen.getByRole('button', { name: /Create payment link/ }));
    const dialog = await screen.findByRole('dialog');
    postMock.mockImplementation(async (url: string) => {
      if (url === PAYMENT_LINK_PATHS.create) {
        throw new ApiError('Invalid request: description must be at most 200 characters.', '001000B001', 200, {
          code: '001000B001',
          msg: '',
          msg_params: null,
          data: { fields: [{ field: 'description', message: 'must be at most 200 characters' }] },
        });
      }
      return (url === SAVED_VIEW_PATHS.list ? [] : { total: 0, records: [] }) as never;
    });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(within(dialog).getByText('Description must be at most 200 characters.')).toBeTruthy());
  });

  it('offers only the currencies a card pay-in service takes, and starts on one of them', async () => {
    answerList([]);
    answerCardCurrencies('USD', 'SGD');
    renderWithState(<PaymentLinksPage />, testGlobalState({ permissions: { API_PAYMENT_LINK_ADD: true } }));
    fireEvent.click(screen.getByRole('button', { name: /Create payment link/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(getMock).toHaveBeenCalledWith(PAYIN_SERVICE_PATHS.userFeeConfig, undefined, expect.anything()),
    );
    // EUR (the usual default) has no card service here: the form switches to the first that has one.
    await waitFor(() => expect(within(dialog).getByTitle('USD')).toBeTruthy());
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Currency' }));
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox.parentElement as HTMLElement)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['USD', 'SGD']);
  });
});
