import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen } from '@testing-library/react';
import type { PayoutServiceRecord } from '@mbo/contracts/payout-services';
import { PAYOUT_PATHS } from '@mbo/contracts/payouts';
import { initTestI18n } from '@/i18n/testing';
import { ApiError } from '@/lib/http/request';
import { renderWithState } from '@/testing/render-with-state';
import { SinglePayoutForm } from './single-payout-form';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ACH: PayoutServiceRecord = {
  serviceId: 'POS1',
  country: 'US',
  methodType: 'BANK_TRANSFER',
  methodName: 'ACH',
  currency: 'USD',
  fee: { percentBps: 0, fixedMinor: 50, minimumMinor: null, currency: 'USD' },
  minAmount: 100,
  maxAmount: 10_000_000,
  cutoffTime: '16:00',
  timeZone: 'America/New_York',
  arrival: 'ONE_TO_TWO_WORKING_DAYS',
  status: 'ACTIVE',
  createdAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  cleanup();
  postMock.mockReset();
  initTestI18n('en');
});

/** Picks the United States, the one country of the services. */
async function chooseUs() {
  fireEvent.mouseDown(screen.getAllByRole('combobox')[0]);
  await screen.findByRole('listbox', { hidden: true });
  fireEvent.click(document.querySelector('.ant-select-item-option[title$="(US)"]')!);
}

const typeInto = (id: string, value: string) => {
  const input = document.getElementById(id)!;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('SinglePayoutForm in Chinese', () => {
  it("names a local country's routing code and says each field's error in Chinese, the server's too", async () => {
    initTestI18n('zh-CN');
    renderWithState(<SinglePayoutForm services={[ACH]} blockedReason={null} />);
    await chooseUs();
    expect(await screen.findByText('ABA 路由号')).toBeTruthy();
    typeInto('payout-accountNumber', '12');
    typeInto('payout-routingCode', '021000022');
    typeInto('payout-amount', '0.5');
    expect(await screen.findByText('须为 4 至 17 位数字。')).toBeTruthy();
    expect(screen.getByText('不是有效的ABA 路由号（校验位错误）。')).toBeTruthy();
    expect(screen.getByText('金额不能低于 1.00 USD。')).toBeTruthy();

    // The server checks again: its coded answer reads in Chinese as well.
    postMock.mockRejectedValue(
      new ApiError('Some rows of the payout have errors.', '006001B051', 200, {
        code: '006001B051',
        msg: 'Some rows of the payout have errors.',
        msg_params: null,
        data: {
          rows: [
            {
              row: 0,
              errors: [
                {
                  field: 'currency',
                  code: 'NO_SERVICE',
                  values: { currency: 'USD', method: 'BANK_TRANSFER', country: 'US' },
                  message: 'no active payout service pays USD by bank transfer to US',
                },
              ],
            },
          ],
        },
      }),
    );
    typeInto('payout-accountNumber', '000123456789');
    typeInto('payout-routingCode', '021000021');
    typeInto('payout-amount', '25.00');
    typeInto('payout-beneficiaryName', 'Jane Cooper');
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    fireEvent.click(await screen.findByRole('button', { name: /^支付/ }));
    expect(await screen.findByText(/^没有可用的付款服务可通过银行转账向.*\(US\)支付 USD。$/)).toBeTruthy();
    expect(postMock).toHaveBeenCalledWith(PAYOUT_PATHS.create, expect.anything(), expect.anything());
  });
});
