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

  it('names the field and what is wrong', () => {
    const errorOf = (input: Parameters<typeof checkAccountNumber>[0]) => {
      const check = checkAccountNumber(input);
      return check.ok ? null : check.errors;
    };
    expect(errorOf({ country: 'DE', accountNumber: 'DE89370400440532013001' })).toEqual([
      { field: 'accountNumber', message: expect.stringMatching(/check digits/) },
    ]);
    expect(errorOf({ country: 'GB', accountNumber: 'GB29NWBK6016133192681' })).toEqual([
      { field: 'accountNumber', message: expect.stringMatching(/length/) },
    ]);
    expect(errorOf({ country: 'FR', accountNumber: 'DE89370400440532013000' })).toEqual([
      { field: 'accountNumber', message: 'is an IBAN of another country (DE)' },
    ]);
    expect(errorOf({ country: 'US', accountNumber: 'abc', routingCode: '12' })?.map((e) => e.field)).toEqual([
      'accountNumber',
      'routingCode',
    ]);
    expect(errorOf({ country: 'IN', accountNumber: '123456789', routingCode: 'HDFC1001234' })).toEqual([
      { field: 'routingCode', message: expect.stringMatching(/11 characters/) },
    ]);
    expect(errorOf({ country: 'IN', accountNumber: '123456789', routingCode: 'hdfc0001234' })).toBeNull();
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
