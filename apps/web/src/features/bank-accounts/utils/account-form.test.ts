import { describe, expect, it } from 'vitest';
import { accountFormErrors, numberFieldsOf, suggestedCurrency } from './account-form';

describe('add bank account form', () => {
  it('asks for an IBAN in IBAN countries and a local number with its routing code elsewhere', () => {
    expect(numberFieldsOf('NL')).toMatchObject({ scheme: 'IBAN', numberLabel: 'IBAN', routingLabel: null });
    expect(numberFieldsOf('US')).toMatchObject({
      scheme: 'LOCAL',
      numberLabel: 'Account number',
      routingLabel: 'ABA routing number',
      routingHint: '9 digits',
    });
    expect(numberFieldsOf('AU').routingLabel).toBe('BSB');
    expect(suggestedCurrency('GB')).toBe('GBP');
    expect(suggestedCurrency('DE')).toBe('EUR');
  });

  it('says what is wrong on each field, as the server would', () => {
    expect(accountFormErrors({})).toEqual({
      country: 'Choose the bank’s country.',
      currency: 'Choose the account’s currency.',
      bankName: 'Enter 2 to 80 characters.',
      holderName: 'Enter 2 to 70 characters.',
      accountNumber: 'Enter the account number.',
    });
    const base = { country: 'NL', currency: 'EUR' as const, bankName: 'ING', holderName: 'Demo Store' };
    expect(accountFormErrors({ ...base, accountNumber: 'NL91ABNA0417164301' }).accountNumber).toMatch(
      /^Is not a valid IBAN \(wrong check digits\)/,
    );
    expect(accountFormErrors({ ...base, accountNumber: 'NL91 ABNA 0417 1643 00' })).toEqual({});
    expect(
      accountFormErrors({
        ...base,
        country: 'US',
        currency: 'USD',
        accountNumber: '123456789',
        routingCode: '021000022',
      }).routingCode,
    ).toMatch(/check digit/);
  });
});
