import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { accountFormErrors, numberFieldsOf, suggestedCurrency } from './account-form';

const t = i18n.getFixedT('en', 'bankAccounts');
const zh = i18n.getFixedT('zh-CN', 'bankAccounts');

describe('add bank account form', () => {
  it('asks for an IBAN in IBAN countries and a local number with its routing code elsewhere', () => {
    expect(numberFieldsOf('NL', t)).toMatchObject({ scheme: 'IBAN', numberLabel: 'IBAN', routingLabel: null });
    expect(numberFieldsOf('US', t)).toMatchObject({
      scheme: 'LOCAL',
      numberLabel: 'Account number',
      routingLabel: 'ABA routing number',
      routingHint: '9 digits',
    });
    expect(numberFieldsOf('AU', t).routingLabel).toBe('BSB');
    expect(suggestedCurrency('GB')).toBe('GBP');
    expect(suggestedCurrency('DE')).toBe('EUR');
  });

  it('says what is wrong on each field, as the server would', () => {
    expect(accountFormErrors({}, t)).toEqual({
      country: 'Choose the bank’s country.',
      currency: 'Choose the account’s currency.',
      bankName: 'Enter 2 to 80 characters.',
      holderName: 'Enter 2 to 70 characters.',
      accountNumber: 'Enter the account number.',
    });
    const base = { country: 'NL', currency: 'EUR' as const, bankName: 'ING', holderName: 'Demo Store' };
    expect(accountFormErrors({ ...base, accountNumber: 'NL91ABNA0417164301' }, t).accountNumber).toMatch(
      /^Not a valid IBAN \(wrong check digits\)/,
    );
    expect(accountFormErrors({ ...base, accountNumber: 'NL91 ABNA 0417 1643 00' }, t)).toEqual({});
    expect(
      accountFormErrors(
        {
          ...base,
          country: 'US',
          currency: 'USD',
          accountNumber: '123456789',
          routingCode: '021000022',
        },
        t,
      ).routingCode,
    ).toMatch(/check digit/);
  });

  it("words the validator's codes in Chinese, with the local rule's words of the country", () => {
    const base = { country: 'US', currency: 'USD' as const, bankName: 'Chase', holderName: 'Demo Store' };
    expect(numberFieldsOf('US', zh).routingLabel).toBe('ABA 路由号');
    expect(accountFormErrors({ ...base, accountNumber: '12', routingCode: '021000021' }, zh).accountNumber).toBe(
      '须为 4 至 17 位数字。',
    );
    expect(accountFormErrors({ ...base, accountNumber: '123456789', routingCode: '' }, zh).routingCode).toBe(
      '请输入ABA 路由号。',
    );
    expect(accountFormErrors({ ...base, accountNumber: '123456789', routingCode: '021000022' }, zh).routingCode).toBe(
      '不是有效的ABA 路由号（校验位错误）。',
    );
    expect(accountFormErrors({ ...base, accountNumber: '123456789', routingCode: '021000022' }, t).routingCode).toBe(
      'Not a valid ABA routing number (wrong check digit).',
    );
    const nl = { ...base, country: 'NL', currency: 'EUR' as const };
    expect(accountFormErrors({ ...nl, accountNumber: 'DE89370400440532013000', bic: 'COBADEFF' }, zh)).toEqual({
      accountNumber: '这是其他国家/地区（DE）的 IBAN。',
      bic: '该 BIC 属于其他国家/地区（DE）的银行。',
    });
  });
});
