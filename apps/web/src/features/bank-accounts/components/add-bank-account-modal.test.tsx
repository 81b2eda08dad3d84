import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { BANK_ACCOUNT_PATHS } from '@mbo/contracts/bank-accounts';
import { initTestI18n } from '@/i18n/testing';
import { ApiError } from '@/lib/http/request';
import { renderWithState } from '@/testing/render-with-state';
import { AddBankAccountModal } from './add-bank-account-modal';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  postMock.mockReset();
  initTestI18n('en');
});

const typeInto = (id: string, value: string) => {
  const input = document.getElementById(id)!;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('AddBankAccountModal in Chinese', () => {
  it("says the account rules' errors in Chinese: as typed, and the server's coded answer", async () => {
    initTestI18n('zh-CN');
    renderWithState(<AddBankAccountModal open onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '添加银行账户' });
    // The country list is long (a virtual list): search it first.
    fireEvent.mouseDown(document.getElementById('bank-country')!);
    fireEvent.change(document.getElementById('bank-country')!, { target: { value: '(NL)' } });
    await screen.findByRole('listbox', { hidden: true });
    fireEvent.click(document.querySelector('.ant-select-item-option[title$="(NL)"]')!);
    typeInto('bank-bankName', 'ING');
    typeInto('bank-holderName', 'Demo Store B.V.');
    typeInto('bank-accountNumber', 'DE89370400440532013000');
    expect(await within(dialog).findByText('这是其他国家/地区（DE）的 IBAN。')).toBeTruthy();

    // A number the form accepts, refused by the server's check: its code is worded here.
    postMock.mockRejectedValue(
      new ApiError('Invalid request: bic belongs to a bank in another country (DE).', '001000B001', 200, {
        code: '001000B001',
        msg: 'Invalid request: bic belongs to a bank in another country (DE).',
        msg_params: null,
        data: {
          fields: [
            {
              field: 'bic',
              code: 'BIC_COUNTRY',
              values: { country: 'DE' },
              message: 'belongs to a bank in another country (DE)',
            },
          ],
        },
      }),
    );
    typeInto('bank-accountNumber', 'NL91 ABNA 0417 1643 00');
    fireEvent.click(within(dialog).getByRole('button', { name: '添加账户' }));
    expect(await within(dialog).findByText('该 BIC 属于其他国家/地区（DE）的银行。')).toBeTruthy();
    expect(postMock).toHaveBeenCalledWith(
      BANK_ACCOUNT_PATHS.add,
      expect.objectContaining({ country: 'NL' }),
      expect.anything(),
    );
  });
});
