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
import type { TFunction } from 'i18next';
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

/** The words of a country's local rule (its routing code's name, its hints) in the language of `t`. */
function ruleWords(t: TFunction, country: string) {
  return {
    routingLabel: t(`rules.${country}.routingLabel`),
    routingHint: t(`rules.${country}.routingHint`),
    accountHint: t(`rules.${country}.accountHint`),
  };
}

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
  if (scheme === 'LOCAL') {
    const rule = ruleWords(t, country);
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

/** The validator's English message (bank-account-numbers.ts) → its key under form.errors, with its values. */
const FIELD_MESSAGES: readonly [RegExp, string][] = [
  [/^is not a country we can pay to yet$/, 'notPayable'],
  [/^must be 8 or 11 characters: /, 'bicFormat'],
  [/^belongs to a bank in another country \((?<country>\w+)\)$/, 'bicCountry'],
  [/^is required$/, 'required'],
  [/^does not start with a known IBAN country code$/, 'ibanCountryUnknown'],
  [/^has the wrong length for its country$/, 'ibanLength'],
  [/^has the wrong format for its country$/, 'ibanFormat'],
  [/^has check digits that are not numbers$/, 'ibanChecksumNotNumber'],
  [/^is not a valid IBAN \(wrong check digits\)/, 'ibanChecksum'],
  [/^is not a valid IBAN \(wrong national check digit\)/, 'ibanNationalChecksum'],
  [/^is not a valid IBAN$/, 'ibanInvalid'],
  [/^is an IBAN of another country \((?<country>\w+)\)$/, 'ibanOtherCountry'],
  [/^is required \(.+\)$/, 'requiredRouting'],
  [/^is not a valid .+ \(wrong check digit\)$/, 'routingCheckDigit'],
  [/^must be .+$/, 'mustBe'],
];

/**
 * A field error of the shared validator (or the server's, which runs it) in the language of `t`: the
 * validator speaks English, so its known messages are matched and said again; any other reads as sent.
 */
export function fieldMessage(t: TFunction, country: string, field: string, message: string): string {
  const found = FIELD_MESSAGES.map(([re, key]) => [re.exec(message), key] as const).find(([m]) => m);
  if (!found) return sentence(message);
  const [match, key] = found;
  const local = LOCAL_ACCOUNT_RULES[country] ? ruleWords(t, country) : null;
  if ((key === 'mustBe' || key === 'requiredRouting' || key === 'routingCheckDigit') && !local)
    return sentence(message);
  const hint = field === 'routingCode' ? local?.routingHint : local?.accountHint;
  return t(`form.errors.${key}`, { ...match?.groups, hint, label: local?.routingLabel });
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
    if (!check.ok) for (const e of check.errors) errors[e.field] ??= fieldMessage(t, country, e.field, e.message);
  }
  return errors;
}

/** "is required" → "Is required." for a message under its field. */
export function sentence(message: string): string {
  const text = message.endsWith('.') ? message : `${message}.`;
  return `${text[0].toUpperCase()}${text.slice(1)}`;
}
