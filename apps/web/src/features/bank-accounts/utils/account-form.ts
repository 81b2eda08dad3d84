/**
 * The add-bank-account form's rules: which fields a country asks for, the currency it suggests, and
 * the field errors of the shared validator (packages/contracts/src/bank-account-numbers.ts), so the
 * form says what is wrong before the server does (and the server checks again).
 */
import {
  LOCAL_ACCOUNT_RULES,
  PAYABLE_COUNTRIES,
  accountSchemeOf,
  checkAccountNumber,
} from '@mbo/contracts/bank-account-numbers';
import { CURRENCIES, type Currency } from '@mbo/contracts/money';
import { countryName } from '@/lib/country-name';

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

/** What the number fields are called in a country: "IBAN", or "Account number" with its routing code's name. */
export function numberFieldsOf(country: string): {
  scheme: 'IBAN' | 'LOCAL' | null;
  numberLabel: string;
  numberHint: string;
  routingLabel: string | null;
  routingHint: string | null;
} {
  const scheme = country ? accountSchemeOf(country) : null;
  if (scheme === 'LOCAL') {
    const rule = LOCAL_ACCOUNT_RULES[country];
    return {
      scheme,
      numberLabel: 'Account number',
      numberHint: rule.accountHint,
      routingLabel: rule.routingLabel,
      routingHint: rule.routingHint,
    };
  }
  return {
    scheme,
    numberLabel: 'IBAN',
    numberHint: `Starts with ${country || 'the country code'}, spaces are fine`,
    routingLabel: null,
    routingHint: null,
  };
}

/** The field errors of the values, by field (empty when the form may be sent). */
export function accountFormErrors(v: Partial<AccountFormValues>): Partial<Record<AccountFormField, string>> {
  const errors: Partial<Record<AccountFormField, string>> = {};
  const name = (text: string | undefined, min: number, max: number) => {
    const t = (text ?? '').trim();
    return t.length < min || t.length > max ? `Enter ${min} to ${max} characters.` : undefined;
  };
  if (!v.country) errors.country = 'Choose the bank’s country.';
  if (!v.currency) errors.currency = 'Choose the account’s currency.';
  const bank = name(v.bankName, 2, 80);
  if (bank) errors.bankName = bank;
  const holder = name(v.holderName, 2, 70);
  if (holder) errors.holderName = holder;
  if (!(v.accountNumber ?? '').trim()) errors.accountNumber = 'Enter the account number.';
  if (v.country && !errors.accountNumber) {
    const check = checkAccountNumber({
      country: v.country,
      accountNumber: v.accountNumber ?? '',
      routingCode: v.routingCode,
      bic: v.bic,
    });
    if (!check.ok) for (const e of check.errors) errors[e.field] ??= sentence(e.message);
  }
  return errors;
}

/** "is required" → "Is required." for a message under its field. */
export function sentence(message: string): string {
  const text = message.endsWith('.') ? message : `${message}.`;
  return `${text[0].toUpperCase()}${text.slice(1)}`;
}
