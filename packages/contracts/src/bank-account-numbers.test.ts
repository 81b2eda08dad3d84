import { describe, expect, it } from 'vitest';
import {
  accountSchemeOf,
  checkAccountNumber,
  isValidAbaRouting,
  maskAccountNumber,
  PAYABLE_COUNTRIES,
} from './bank-account-numbers';

describe('bank account numbers', () => {
  it('knows which scheme a country uses, and refuses countries it cannot pay to', () => {
    expect(accountSchemeOf('nl')).toBe('IBAN');
    expect(accountSchemeOf('GB')).toBe('IBAN');
    expect(accountSchemeOf('US')).toBe('LOCAL');
    expect(accountSchemeOf('SG')).toBe('LOCAL');
    expect(accountSchemeOf('ZZ')).toBeNull();
    expect(PAYABLE_COUNTRIES).toEqual(expect.arrayContaining(['DE', 'FR', 'US', 'JP', 'AU']));
  });

  it('normalises a valid IBAN (spaces, lower case) and keeps its last four', () => {
    const check = checkAccountNumber({
      country: 'DE',
      accountNumber: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
    });
    expect(check).toEqual({
      ok: true,
      account: {
        scheme: 'IBAN',
        accountNumber: 'DE89370400440532013000',
        routingCode: null,
        bic: 'COBADEFFXXX',
        last4: '3000',
      },
    });
  });

  it('names the field and what is wrong: a code with its values, and the English message', () => {
    const errorOf = (input: Parameters<typeof checkAccountNumber>[0]) => {
      const check = checkAccountNumber(input);
      return check.ok ? null : check.errors;
    };
    expect(errorOf({ country: 'DE', accountNumber: 'DE89370400440532013001' })).toEqual([
      { field: 'accountNumber', code: 'IBAN_CHECKSUM', values: {}, message: expect.stringMatching(/check digits/) },
    ]);
    expect(errorOf({ country: 'GB', accountNumber: 'GB29NWBK6016133192681' })).toEqual([
      { field: 'accountNumber', code: 'IBAN_LENGTH', values: {}, message: 'has the wrong length for its country' },
    ]);
    expect(errorOf({ country: 'FR', accountNumber: 'DE89370400440532013000' })).toEqual([
      {
        field: 'accountNumber',
        code: 'IBAN_COUNTRY',
        values: { country: 'DE' },
        message: 'is an IBAN of another country (DE)',
      },
    ]);
    expect(errorOf({ country: 'US', accountNumber: 'abc', routingCode: '12' })).toEqual([
      { field: 'accountNumber', code: 'ACCOUNT_FORMAT', values: { country: 'US' }, message: 'must be 4 to 17 digits' },
      { field: 'routingCode', code: 'ROUTING_FORMAT', values: { country: 'US' }, message: 'must be 9 digits' },
    ]);
    expect(errorOf({ country: 'US', accountNumber: '000123456789', routingCode: '021000022' })).toEqual([
      {
        field: 'routingCode',
        code: 'ROUTING_CHECK_DIGIT',
        values: { country: 'US' },
        message: 'is not a valid ABA routing number (wrong check digit)',
      },
    ]);
    expect(errorOf({ country: 'SG', accountNumber: '', routingCode: '' })?.map((e) => e.code)).toEqual([
      'ACCOUNT_REQUIRED',
      'ROUTING_REQUIRED',
    ]);
    expect(errorOf({ country: 'IN', accountNumber: '123456789', routingCode: 'HDFC1001234' })).toEqual([
      {
        field: 'routingCode',
        code: 'ROUTING_FORMAT',
        values: { country: 'IN' },
        message: expect.stringMatching(/11 characters/),
      },
    ]);
    expect(errorOf({ country: 'IN', accountNumber: '123456789', routingCode: 'hdfc0001234' })).toBeNull();
    expect(errorOf({ country: 'ZZ', accountNumber: '1' })).toEqual([
      {
        field: 'country',
        code: 'COUNTRY_NOT_PAYABLE',
        values: { country: 'ZZ' },
        message: 'is not a country we can pay to yet',
      },
    ]);
    expect(
      errorOf({ country: 'DE', accountNumber: 'DE89370400440532013000', bic: 'INGBNL2A' })?.map((e) => [
        e.code,
        e.values,
      ]),
    ).toEqual([['BIC_COUNTRY', { country: 'NL' }]]);
    expect(errorOf({ country: 'DE', accountNumber: 'DE89370400440532013000', bic: 'ING' })?.[0].code).toBe(
      'BIC_FORMAT',
    );
  });

  it('checks ABA routing numbers with their checksum', () => {
    expect(isValidAbaRouting('021000021')).toBe(true);
    expect(isValidAbaRouting('011000015')).toBe(true);
    expect(isValidAbaRouting('021000022')).toBe(false);
    expect(isValidAbaRouting('02100002')).toBe(false);
  });

  it('masks to the last four', () => {
    expect(maskAccountNumber('4300')).toBe('•••• 4300');
  });
});
