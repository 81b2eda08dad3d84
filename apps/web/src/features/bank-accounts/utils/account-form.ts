/**
 * The add-bank-account form's rules: which fields a country asks for, the currency it suggests, and
 * the field errors of the shared validator (packages/contracts/src/bank-account-numbers.ts), worded
 * from their codes (lib/validator-errors.ts), so the form says what is wrong before the server does
 * (and the server checks again).
 */
import { PAYABLE_COUNTRIES, accountSchemeOf, checkAccountNumber } from '@mbo/contracts/bank-account-numbers';
import { CURRENCIES, type Currency } from '@mbo/contracts/money';
import type { TFunction } from 'i18next';
import { countryName } from '@/lib/country-name';
import { accountFieldErrorText, localRuleWords } from '@/lib/validator-errors';

export interface AccountFormValues {
  country: string;
  currency: Currency;
  bankName: string;
  holderName: string;
  accountNumber: string;
  routingCode?: string;
  bic?: string;
}

export type AccountFormField = keyof AccountFormValues;

const COUNTRY_CURRENCY: Readonly<Record<string, Currency>> = {
  GB: 'GBP',
  US: 'USD',
  SG: 'SGD',
  JP: 'JPY',
  AU: 'AUD',
  CA: 'CAD',
  CH: 'CHF',
  LI: 'CHF',
  HK: 'HKD',
  MY: 'MYR',
  TH: 'THB',
  PH: 'PHP',
  KR: 'KRW',
  ID: 'IDR',
  VN: 'VND',
};

/** The currency a country's accounts usually hold (EUR for the other IBAN countries). */
export function suggestedCurrency(country: string): Currency {
  return COUNTRY_CURRENCY[country] ?? 'EUR';
}

/** The countries the form offers, by name. */
export function countryOptions(): { value: string; label: string }[] {
  return PAYABLE_COUNTRIES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );
}

export const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

/**
 * What the number fields are called in a country: "IBAN", or "Account number" with its routing code's name.
 * `t` is the bankAccounts namespace's.
 */
export function numberFieldsOf(
  country: string,
  t: TFunction,
): {
  scheme: 'IBAN' | 'LOCAL' | null;
  numberLabel: string;
  numberHint: string;
  routingLabel: string | null;
  routingHint: string | null;
} {
  const scheme = country ? accountSchemeOf(country) : null;
  const rule = scheme === 'LOCAL' ? localRuleWords(t, country) : null;
  if (rule) {
    return {
      scheme,
      numberLabel: t('form.accountNumber'),
      numberHint: rule.accountHint,
      routingLabel: rule.routingLabel,
      routingHint: rule.routingHint,
    };
  }
  return {
    scheme,
    numberLabel: t('form.iban'),
    numberHint: t('form.ibanHint', { country: country || t('form.theCountryCode') }),
    routingLabel: null,
    routingHint: null,
  };
}

/** The field errors of the values, by field (empty when the form may be sent), in the language of `t`. */
export function accountFormErrors(
  v: Partial<AccountFormValues>,
  t: TFunction,
): Partial<Record<AccountFormField, string>> {
  const errors: Partial<Record<AccountFormField, string>> = {};
  const name = (text: string | undefined, min: number, max: number) => {
    const trimmed = (text ?? '').trim();
    return trimmed.length < min || trimmed.length > max ? t('form.nameLength', { min, max }) : undefined;
  };
  if (!v.country) errors.country = t('form.chooseCountry');
  if (!v.currency) errors.currency = t('form.chooseCurrency');
  const bank = name(v.bankName, 2, 80);
  if (bank) errors.bankName = bank;
  const holder = name(v.holderName, 2, 70);
  if (holder) errors.holderName = holder;
  if (!(v.accountNumber ?? '').trim()) errors.accountNumber = t('form.enterNumber');
  if (v.country && !errors.accountNumber) {
    const country = v.country;
    const check = checkAccountNumber({
      country,
      accountNumber: v.accountNumber ?? '',
      routingCode: v.routingCode,
      bic: v.bic,
    });
    if (!check.ok) for (const e of check.errors) errors[e.field] ??= accountFieldErrorText(t, e);
  }
  return errors;
}
