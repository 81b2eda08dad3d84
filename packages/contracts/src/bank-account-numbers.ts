/**
 * Bank account numbers: which scheme a country uses and whether a number is valid in it. One set of
 * validators for the bank accounts form, the server, and every row of a batch payout file.
 *
 * - IBAN countries (the IBAN registry, from the ibantools library): the IBAN is checked for its
 *   country's length and format and its mod-97 checksum (and the national checksums ibantools knows);
 *   the BIC, when given, for its format and its country.
 * - Countries without IBAN that the product pays to: a local account number with the routing code
 *   the country uses (ABA routing number with its checksum, BSB, sort of bank and branch codes, IFSC),
 *   each from a small table below.
 * - Any other country: not supported (a clear error, never a guess).
 */
import {
  ValidationErrorsIBAN,
  electronicFormatIBAN,
  friendlyFormatIBAN,
  getCountrySpecifications,
  validateBIC,
  validateIBAN,
} from 'ibantools';
import type { z } from 'zod';
import type { accountFieldErrorSchema } from './bank-accounts-schemas';

export type AccountScheme = 'IBAN' | 'LOCAL';

export interface LocalAccountRule {
  /** What the routing code is called in the country (label of the form field). */
  routingLabel: string;
  routingHint: string;
  routing: RegExp;
  /** Extra check of the routing code beyond its format (the ABA checksum). */
  routingCheck?: (code: string) => boolean;
  accountHint: string;
  account: RegExp;
}

/** ABA routing numbers carry a weighted checksum (3, 7, 1): the sum of weight × digit is a multiple of 10. */
export function isValidAbaRouting(code: string): boolean {
  if (!/^\d{9}$/.test(code)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...code].reduce((sum, digit, i) => sum + Number(digit) * weights[i], 0) % 10 === 0;
}

/** The countries without IBAN the product pays to, with their routing codes. */
export const LOCAL_ACCOUNT_RULES: Readonly<Record<string, LocalAccountRule>> = {
  US: {
    routingLabel: 'ABA routing number',
    routingHint: '9 digits',
    routing: /^\d{9}$/,
    routingCheck: isValidAbaRouting,
    accountHint: '4 to 17 digits',
    account: /^\d{4,17}$/,
  },
  CA: {
    routingLabel: 'Institution and transit number',
    routingHint: '8 digits (3 + 5)',
    routing: /^\d{8}$/,
    accountHint: '7 to 12 digits',
    account: /^\d{7,12}$/,
  },
  AU: {
    routingLabel: 'BSB',
    routingHint: '6 digits',
    routing: /^\d{6}$/,
    accountHint: '5 to 9 digits',
    account: /^\d{5,9}$/,
  },
  SG: {
    routingLabel: 'Bank and branch code',
    routingHint: '7 digits (4 + 3)',
    routing: /^\d{7}$/,
    accountHint: '9 to 12 digits',
    account: /^\d{9,12}$/,
  },
  HK: {
    routingLabel: 'Bank and branch code',
    routingHint: '6 digits (3 + 3)',
    routing: /^\d{6}$/,
    accountHint: '6 to 12 digits',
    account: /^\d{6,12}$/,
  },
  JP: {
    routingLabel: 'Bank and branch code',
    routingHint: '7 digits (4 + 3)',
    routing: /^\d{7}$/,
    accountHint: '7 digits',
    account: /^\d{7}$/,
  },
  IN: {
    routingLabel: 'IFSC',
    routingHint: '11 characters, like HDFC0001234',
    routing: /^[A-Z]{4}0[A-Z0-9]{6}$/,
    accountHint: '9 to 18 digits',
    account: /^\d{9,18}$/,
  },
  MY: {
    routingLabel: 'Bank code',
    routingHint: '8 characters (the bank’s SWIFT code prefix)',
    routing: /^[A-Z]{4}MY[A-Z0-9]{2}$/,
    accountHint: '10 to 16 digits',
    account: /^\d{10,16}$/,
  },
  TH: {
    routingLabel: 'Bank code',
    routingHint: '3 digits',
    routing: /^\d{3}$/,
    accountHint: '10 to 12 digits',
    account: /^\d{10,12}$/,
  },
  PH: {
    routingLabel: 'Bank code',
    routingHint: '9 digits (BRSTN)',
    routing: /^\d{9}$/,
    accountHint: '10 to 16 digits',
    account: /^\d{10,16}$/,
  },
  KR: {
    routingLabel: 'Bank code',
    routingHint: '3 digits',
    routing: /^\d{3}$/,
    accountHint: '10 to 14 digits',
    account: /^\d{10,14}$/,
  },
  ID: {
    routingLabel: 'Bank code',
    routingHint: '3 digits',
    routing: /^\d{3}$/,
    accountHint: '10 to 16 digits',
    account: /^\d{10,16}$/,
  },
  VN: {
    routingLabel: 'Bank code',
    routingHint: '8 digits',
    routing: /^\d{8}$/,
    accountHint: '8 to 19 digits',
    account: /^\d{8,19}$/,
  },
};

const IBAN_COUNTRIES = new Set(
  Object.entries(getCountrySpecifications())
    .filter(([, spec]) => spec.chars !== null && spec.IBANRegistry)
    .map(([code]) => code),
);

/** The scheme of a country's accounts, or null when the product does not pay to it. */
export function accountSchemeOf(country: string): AccountScheme | null {
  const code = country.toUpperCase();
  if (IBAN_COUNTRIES.has(code)) return 'IBAN';
  if (LOCAL_ACCOUNT_RULES[code]) return 'LOCAL';
  return null;
}

/** The countries the product pays to, by code. */
export const PAYABLE_COUNTRIES: readonly string[] = [...IBAN_COUNTRIES, ...Object.keys(LOCAL_ACCOUNT_RULES)].sort();

/** A bank account as typed: number (IBAN or local number), the routing code where one is used, the BIC. */
export interface AccountNumberInput {
  country: string;
  accountNumber: string;
  routingCode?: string | null;
  bic?: string | null;
}

/** The fields of an account an error can be on. */
export const ACCOUNT_FIELDS = ['country', 'accountNumber', 'routingCode', 'bic'] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

/**
 * What is wrong with an account, as a stable code: the web words it in the reader's language from the
 * code and its values (country: a country code); `message` keeps the English for the API and files.
 * The local-number codes carry the country whose rule (LOCAL_ACCOUNT_RULES) the value breaks.
 */
export const ACCOUNT_ERROR_CODES = [
  'COUNTRY_NOT_PAYABLE',
  'BIC_FORMAT',
  'BIC_COUNTRY',
  'ACCOUNT_REQUIRED',
  'IBAN_COUNTRY_UNKNOWN',
  'IBAN_LENGTH',
  'IBAN_FORMAT',
  'IBAN_CHECK_DIGITS_NOT_NUMBERS',
  'IBAN_CHECKSUM',
  'IBAN_NATIONAL_CHECKSUM',
  'IBAN_INVALID',
  'IBAN_COUNTRY',
  'ACCOUNT_FORMAT',
  'ROUTING_REQUIRED',
  'ROUTING_FORMAT',
  'ROUTING_CHECK_DIGIT',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

/** An error's values: what its words need (a country code, a number of characters…). */
export type ErrorValues = Readonly<Record<string, string | number>>;

/** A field the account rules refuse: the field, the code with its values, and the English message. */
export type AccountFieldError = z.infer<typeof accountFieldErrorSchema>;

export interface NormalisedAccount {
  scheme: AccountScheme;
  /** IBAN in electronic form (no spaces, upper case) or the local number's digits. */
  accountNumber: string;
  routingCode: string | null;
  bic: string | null;
  last4: string;
}

export type AccountCheck = { ok: true; account: NormalisedAccount } | { ok: false; errors: AccountFieldError[] };

const ruleOf = (values: ErrorValues) => LOCAL_ACCOUNT_RULES[String(values.country)];

/** The English message of each code (after the field's name: "IBAN is not a valid IBAN"). */
const ACCOUNT_ERROR_MESSAGES: Readonly<Record<AccountErrorCode, (values: ErrorValues) => string>> = {
  COUNTRY_NOT_PAYABLE: () => 'is not a country we can pay to yet',
  BIC_FORMAT: () => 'must be 8 or 11 characters: bank (4 letters), country (2), location (2), branch (3, optional)',
  BIC_COUNTRY: (v) => `belongs to a bank in another country (${v.country})`,
  ACCOUNT_REQUIRED: () => 'is required',
  IBAN_COUNTRY_UNKNOWN: () => 'does not start with a known IBAN country code',
  IBAN_LENGTH: () => 'has the wrong length for its country',
  IBAN_FORMAT: () => 'has the wrong format for its country',
  IBAN_CHECK_DIGITS_NOT_NUMBERS: () => 'has check digits that are not numbers',
  IBAN_CHECKSUM: () => 'is not a valid IBAN (wrong check digits): check it for typing errors',
  IBAN_NATIONAL_CHECKSUM: () => 'is not a valid IBAN (wrong national check digit): check it for typing errors',
  IBAN_INVALID: () => 'is not a valid IBAN',
  IBAN_COUNTRY: (v) => `is an IBAN of another country (${v.country})`,
  ACCOUNT_FORMAT: (v) => `must be ${ruleOf(v).accountHint}`,
  ROUTING_REQUIRED: (v) => `is required (${ruleOf(v).routingLabel})`,
  ROUTING_FORMAT: (v) => `must be ${ruleOf(v).routingHint}`,
  ROUTING_CHECK_DIGIT: (v) => `is not a valid ${ruleOf(v).routingLabel} (wrong check digit)`,
};

/** An account error with its English message. */
export function accountFieldError(
  field: AccountField,
  code: AccountErrorCode,
  values: ErrorValues = {},
): AccountFieldError {
  return { field, code, values, message: ACCOUNT_ERROR_MESSAGES[code](values) };
}

const IBAN_ERRORS: Partial<Record<ValidationErrorsIBAN, AccountErrorCode>> = {
  [ValidationErrorsIBAN.NoIBANProvided]: 'ACCOUNT_REQUIRED',
  [ValidationErrorsIBAN.NoIBANCountry]: 'IBAN_COUNTRY_UNKNOWN',
  [ValidationErrorsIBAN.WrongBBANLength]: 'IBAN_LENGTH',
  [ValidationErrorsIBAN.WrongBBANFormat]: 'IBAN_FORMAT',
  [ValidationErrorsIBAN.ChecksumNotNumber]: 'IBAN_CHECK_DIGITS_NOT_NUMBERS',
  [ValidationErrorsIBAN.WrongIBANChecksum]: 'IBAN_CHECKSUM',
  [ValidationErrorsIBAN.WrongAccountBankBranchChecksum]: 'IBAN_NATIONAL_CHECKSUM',
};

/** Strips spaces and dashes people type inside numbers. */
const compact = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/**
 * Validates an account for its country and normalises it. Each error names the field, says what is
 * wrong as a code with its values (the web words it in the reader's language) and in English words a
 * merchant understands (`message`).
 */
export function checkAccountNumber(input: AccountNumberInput): AccountCheck {
  const country = input.country.toUpperCase();
  const scheme = accountSchemeOf(country);
  if (!scheme) return { ok: false, errors: [accountFieldError('country', 'COUNTRY_NOT_PAYABLE', { country })] };
  const errors: AccountFieldError[] = [];
  const number = compact(input.accountNumber ?? '');
  const bicText = compact(input.bic ?? '');
  let bic: string | null = null;
  if (bicText) {
    const check = validateBIC(bicText);
    if (!check.valid) errors.push(accountFieldError('bic', 'BIC_FORMAT'));
    else if (bicText.slice(4, 6) !== country)
      errors.push(accountFieldError('bic', 'BIC_COUNTRY', { country: bicText.slice(4, 6) }));
    else bic = bicText;
  }
  if (scheme === 'IBAN') {
    const iban = electronicFormatIBAN(number) ?? '';
    const check = validateIBAN(iban);
    if (!check.valid) {
      errors.push(accountFieldError('accountNumber', IBAN_ERRORS[check.errorCodes[0]] ?? 'IBAN_INVALID'));
    } else if (iban.slice(0, 2) !== country) {
      errors.push(accountFieldError('accountNumber', 'IBAN_COUNTRY', { country: iban.slice(0, 2) }));
    }
    if (errors.length) return { ok: false, errors };
    return { ok: true, account: { scheme, accountNumber: iban, routingCode: null, bic, last4: iban.slice(-4) } };
  }
  const rule = LOCAL_ACCOUNT_RULES[country];
  const routing = compact(input.routingCode ?? '');
  if (!number) errors.push(accountFieldError('accountNumber', 'ACCOUNT_REQUIRED'));
  else if (!rule.account.test(number)) errors.push(accountFieldError('accountNumber', 'ACCOUNT_FORMAT', { country }));
  if (!routing) errors.push(accountFieldError('routingCode', 'ROUTING_REQUIRED', { country }));
  else if (!rule.routing.test(routing)) errors.push(accountFieldError('routingCode', 'ROUTING_FORMAT', { country }));
  else if (rule.routingCheck && !rule.routingCheck(routing))
    errors.push(accountFieldError('routingCode', 'ROUTING_CHECK_DIGIT', { country }));
  if (errors.length) return { ok: false, errors };
  return { ok: true, account: { scheme, accountNumber: number, routingCode: routing, bic, last4: number.slice(-4) } };
}

/** The masked form shown everywhere after entry: the last four characters only. */
export function maskAccountNumber(last4: string): string {
  return `•••• ${last4}`;
}

/** An IBAN in groups of four, for the one moment it is shown in full (while typing). */
export function groupIban(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}
