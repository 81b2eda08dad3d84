/**
 * A payout as typed: in the single-payout form, or as one row of a batch file. One validator for the
 * form, every row of an uploaded file, a cell the merchant fixes in the browser, and the server's
 * submit (which checks every row again): each cell's error named by its field.
 *
 * A payout needs an ACTIVE payout service for its country, method and currency (the service prices it
 * and bounds its amount); a bank account is checked by the bank accounts' validators
 * (bank-account-numbers.ts); a wallet id by its shape.
 */
import type { z } from 'zod';
import { ACCOUNT_ERROR_CODES, accountFieldError, checkAccountNumber, type ErrorValues } from './bank-account-numbers';
import { computeFee } from './fee-rule';
import { formatAmount, isSupportedCurrency, parseAmount } from './money';
import { PAYOUT_METHOD_TYPES, type PayoutMethodType, type PayoutServiceRecord } from './payout-services';
import type { payoutCellErrorSchema } from './payouts-schemas';

/** The columns of a batch file, in the template's order (CSV header names = these keys). */
export const PAYOUT_ROW_FIELDS = [
  'beneficiaryName',
  'country',
  'currency',
  'amount',
  'method',
  'accountNumber',
  'routingCode',
  'bic',
  'purpose',
  'reference',
] as const;
export type PayoutRowField = (typeof PAYOUT_ROW_FIELDS)[number];

export const PAYOUT_ROW_LABELS: Readonly<Record<PayoutRowField, string>> = {
  beneficiaryName: 'Beneficiary name',
  country: 'Country',
  currency: 'Currency',
  amount: 'Amount',
  method: 'Method',
  accountNumber: 'Account number or wallet ID',
  routingCode: 'Routing code',
  bic: 'BIC',
  purpose: 'Purpose',
  reference: 'Reference',
};

export const PAYOUT_PURPOSES = ['SUPPLIER', 'SALARY', 'COMMISSION', 'CUSTOMER_REFUND', 'EXPENSES', 'OTHER'] as const;
export type PayoutPurpose = (typeof PAYOUT_PURPOSES)[number];
export const PAYOUT_PURPOSE_LABELS: Readonly<Record<PayoutPurpose, string>> = {
  SUPPLIER: 'Supplier payment',
  SALARY: 'Salary',
  COMMISSION: 'Commission',
  CUSTOMER_REFUND: 'Customer refund',
  EXPENSES: 'Expenses',
  OTHER: 'Other',
};

export const PAYOUT_LIMITS = {
  nameMin: 2,
  nameMax: 70,
  /** The bank's end-to-end reference (SEPA allows 35 characters). */
  referenceMax: 35,
  maxRows: 10_000,
  maxFileBytes: 5 * 1024 * 1024,
} as const;

/** A payout's fields as text, as a file or a form gives them (every field a string; empty = not given). */
export type PayoutRowInput = Record<PayoutRowField, string>;

/**
 * What is wrong with a cell, as a stable code with its values: the web words it in the reader's
 * language; `message` keeps the English (the API's answer, the server's msg). Values: min and max
 * (characters), currency, country, method (a PAYOUT_METHOD_TYPES code), amount (minor units of
 * `currency`), decimals, row (1-based), purposes (the codes a file may use). A bank account's cells
 * carry the account rules' codes (ACCOUNT_ERROR_CODES, bank-account-numbers.ts).
 */
export const PAYOUT_ROW_ERROR_CODES = [
  'FORMULA',
  'NAME_LENGTH',
  'COUNTRY_FORMAT',
  'CURRENCY_UNSUPPORTED',
  'METHOD_UNKNOWN',
  'PURPOSE_UNKNOWN',
  'REFERENCE_LENGTH',
  'NO_SERVICE',
  'WALLET_ID',
  'AMOUNT_NO_DECIMALS',
  'AMOUNT_DECIMALS',
  'AMOUNT_REQUIRED',
  'AMOUNT_NOT_POSITIVE',
  'AMOUNT_FORMAT',
  'AMOUNT_MIN',
  'AMOUNT_MAX',
  'DUPLICATE_ROW',
] as const;
export type PayoutRowErrorCode = (typeof PAYOUT_ROW_ERROR_CODES)[number];
/** Every code a cell error can have: the row rules' and the account rules'. */
export const PAYOUT_CELL_ERROR_CODES = [...PAYOUT_ROW_ERROR_CODES, ...ACCOUNT_ERROR_CODES] as const;

/** A cell the row rules refuse: its field, the code with its values, and the English message. */
export type PayoutCellError = z.infer<typeof payoutCellErrorSchema>;

const money = (v: ErrorValues) => `${formatAmount(Number(v.amount), String(v.currency))} ${v.currency}`;

/** The English message of each row code (after the field's name: "Amount must be more than 0"). */
const PAYOUT_ROW_ERROR_MESSAGES: Readonly<Record<PayoutRowErrorCode, (values: ErrorValues) => string>> = {
  FORMULA: () => 'must not start with = + - or @ (a spreadsheet formula)',
  NAME_LENGTH: (v) => `must be ${v.min} to ${v.max} characters`,
  COUNTRY_FORMAT: () => 'must be a two-letter country code like GB',
  CURRENCY_UNSUPPORTED: () => 'is not a currency we pay out in',
  METHOD_UNKNOWN: () => 'must be BANK_TRANSFER or EWALLET',
  PURPOSE_UNKNOWN: (v) => `must be one of ${v.purposes}`,
  REFERENCE_LENGTH: (v) => `must be at most ${v.max} characters`,
  NO_SERVICE: (v) =>
    `no active payout service pays ${v.currency} by ${v.method === 'EWALLET' ? 'e-wallet' : 'bank transfer'} to ${v.country}`,
  WALLET_ID: (v) => `must be a wallet ID of ${v.min} to ${v.max} letters, digits or + @ . _ -`,
  AMOUNT_NO_DECIMALS: (v) => `must be whole: ${v.currency} has no decimals`,
  AMOUNT_DECIMALS: (v) => `must have at most ${v.decimals} decimals in ${v.currency}`,
  AMOUNT_REQUIRED: () => 'is required',
  AMOUNT_NOT_POSITIVE: () => 'must be more than 0',
  AMOUNT_FORMAT: () => 'must be a positive amount like 125.00 or 1,250.00 (no sign)',
  AMOUNT_MIN: (v) => `must be at least ${money(v)}`,
  AMOUNT_MAX: (v) => `must be at most ${money(v)}`,
  DUPLICATE_ROW: (v) => `repeats row ${v.row} (same account, amount and reference): change or drop one`,
};

/** A cell error of the row rules, with its English message. */
function cellError(field: PayoutRowField, code: PayoutRowErrorCode, values: ErrorValues = {}): PayoutCellError {
  return { field, code, values, message: PAYOUT_ROW_ERROR_MESSAGES[code](values) };
}

/** A valid row, normalised: what the server stores and pays. */
export interface ValidPayout {
  beneficiaryName: string;
  country: string;
  currency: string;
  method: PayoutMethodType;
  accountNumber: string;
  routingCode: string | null;
  bic: string | null;
  last4: string;
  amount: number;
  fee: number;
  purpose: PayoutPurpose;
  reference: string;
  serviceId: string;
}

export type PayoutRowCheck = { ok: true; payout: ValidPayout } | { ok: false; errors: PayoutCellError[] };

/** A wallet id: a phone number, an e-mail or the wallet's own id. */
const WALLET_ID_LENGTH = { min: 4, max: 64 } as const;
const WALLET_ID = new RegExp(`^[A-Za-z0-9+@._-]{${WALLET_ID_LENGTH.min},${WALLET_ID_LENGTH.max}}$`);

/** An empty row (every field ""), e.g. for the single-payout form. */
export function emptyPayoutRow(): PayoutRowInput {
  return Object.fromEntries(PAYOUT_ROW_FIELDS.map((f) => [f, ''])) as PayoutRowInput;
}

/** The ACTIVE service that would take a payout to this country, by this method, in this currency. */
export function serviceFor(
  services: readonly PayoutServiceRecord[],
  country: string,
  method: string,
  currency: string,
): PayoutServiceRecord | undefined {
  return services.find(
    (s) => s.status === 'ACTIVE' && s.country === country && s.methodType === method && s.currency === currency,
  );
}

/**
 * Checks one payout against the merchant's payout services: each cell's error, or the payout
 * normalised, with its fee. A text cell starting with = + - @ is refused (a batch file's formula is
 * never evaluated, and never written back into a file); names and references are plain text.
 */
export function checkPayoutRow(raw: Partial<PayoutRowInput>, services: readonly PayoutServiceRecord[]): PayoutRowCheck {
  const v = Object.fromEntries(PAYOUT_ROW_FIELDS.map((f) => [f, String(raw[f] ?? '').trim()])) as PayoutRowInput;
  const errors: PayoutCellError[] = [];
  const add = (field: PayoutRowField, code: PayoutRowErrorCode, values?: ErrorValues) =>
    errors.push(cellError(field, code, values));
  const formula = (field: PayoutRowField) =>
    /^[=+\-@\t\r]/.test(v[field]) && v[field] !== '' ? (add(field, 'FORMULA'), true) : false;

  if (!formula('beneficiaryName')) {
    if (v.beneficiaryName.length < PAYOUT_LIMITS.nameMin || v.beneficiaryName.length > PAYOUT_LIMITS.nameMax)
      add('beneficiaryName', 'NAME_LENGTH', { min: PAYOUT_LIMITS.nameMin, max: PAYOUT_LIMITS.nameMax });
  }
  const country = v.country.toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) add('country', 'COUNTRY_FORMAT');
  const currency = v.currency.toUpperCase();
  if (!isSupportedCurrency(currency)) add('currency', 'CURRENCY_UNSUPPORTED');
  const method = v.method.toUpperCase().replace(/[\s-]+/g, '_');
  if (!(PAYOUT_METHOD_TYPES as readonly string[]).includes(method)) add('method', 'METHOD_UNKNOWN');
  const purpose = v.purpose.toUpperCase().replace(/[\s-]+/g, '_');
  if (!(PAYOUT_PURPOSES as readonly string[]).includes(purpose))
    add('purpose', 'PURPOSE_UNKNOWN', { purposes: PAYOUT_PURPOSES.join(', ') });
  if (!formula('reference') && v.reference.length > PAYOUT_LIMITS.referenceMax)
    add('reference', 'REFERENCE_LENGTH', { max: PAYOUT_LIMITS.referenceMax });

  const service = errors.some((e) => ['country', 'currency', 'method'].includes(e.field))
    ? undefined
    : serviceFor(services, country, method, currency);
  if (!service && !errors.some((e) => ['country', 'currency', 'method'].includes(e.field))) {
    add('currency', 'NO_SERVICE', { currency, method, country });
  }

  let account: { accountNumber: string; routingCode: string | null; bic: string | null; last4: string } | null = null;
  if (method === 'EWALLET') {
    if (!WALLET_ID.test(v.accountNumber)) add('accountNumber', 'WALLET_ID', WALLET_ID_LENGTH);
    else account = { accountNumber: v.accountNumber, routingCode: null, bic: null, last4: v.accountNumber.slice(-4) };
  } else if (method === 'BANK_TRANSFER' && /^[A-Z]{2}$/.test(country)) {
    const check = checkAccountNumber({
      country,
      accountNumber: v.accountNumber,
      routingCode: v.routingCode,
      bic: v.bic,
    });
    if (check.ok) account = check.account;
    else errors.push(...check.errors);
  }

  let amount: number | null = null;
  let fee = 0;
  if (isSupportedCurrency(currency)) {
    const parsed = parseAmount(v.amount, currency, { min: 1, grouped: true });
    if (!parsed.ok) {
      if (parsed.error === 'TOO_MANY_DECIMALS')
        add(
          'amount',
          parsed.exponent === 0 ? 'AMOUNT_NO_DECIMALS' : 'AMOUNT_DECIMALS',
          parsed.exponent === 0 ? { currency } : { decimals: parsed.exponent, currency },
        );
      else if (parsed.error === 'EMPTY') add('amount', 'AMOUNT_REQUIRED');
      else if (parsed.error === 'OUT_OF_RANGE' && parsed.bound === 'MIN') add('amount', 'AMOUNT_NOT_POSITIVE');
      else add('amount', 'AMOUNT_FORMAT');
    } else {
      amount = parsed.minor;
      if (service) {
        if (service.minAmount !== null && amount < service.minAmount)
          add('amount', 'AMOUNT_MIN', { amount: service.minAmount, currency });
        else if (service.maxAmount !== null && amount > service.maxAmount)
          add('amount', 'AMOUNT_MAX', { amount: service.maxAmount, currency });
        fee = feeOf(amount, currency, service);
      }
    }
  }
  if (errors.length || !account || amount === null || !service) {
    if (!errors.length) errors.push(accountFieldError('accountNumber', 'ACCOUNT_REQUIRED'));
    return { ok: false, errors };
  }
  return {
    ok: true,
    payout: {
      beneficiaryName: v.beneficiaryName,
      country,
      currency,
      method: method as PayoutMethodType,
      ...account,
      amount,
      fee,
      purpose: purpose as PayoutPurpose,
      reference: v.reference,
      serviceId: service.serviceId,
    },
  };
}

/** A payout's fee by its service: on top of the amount (the beneficiary receives the amount). */
export function feeOf(amount: number, currency: string, service: Pick<PayoutServiceRecord, 'fee'>): number {
  // The one fee rule (it never prices a fee above the amount); a payout's fee is paid on top of it.
  return computeFee({
    amount,
    currency,
    rule: {
      percentBps: service.fee.percentBps,
      fixedMinor: service.fee.fixedMinor,
      minimumMinor: service.fee.minimumMinor ?? 0,
    },
  });
}

/**
 * What makes two rows the same payment: beneficiary account, amount, currency and reference, as
 * checkPayoutRow normalised them (IBAN without spaces, upper case; amount in minor units; reference in
 * any case). The one normalisation for a row repeated within a file and for a batch submitted again
 * (the server's batch content hash is taken of these keys).
 */
export function duplicateKey(
  p: Pick<ValidPayout, 'accountNumber' | 'routingCode' | 'currency' | 'amount' | 'reference'>,
): string {
  return [p.accountNumber, p.routingCode ?? '', p.currency, p.amount, p.reference.toLowerCase()].join('|');
}

export interface CheckedRows {
  /** Per row (0-based), its errors; [] for a valid row. */
  errors: PayoutCellError[][];
  valid: (ValidPayout | null)[];
}

/**
 * Checks every row, and flags a row that repeats an earlier valid one (same account, amount, currency
 * and reference) on its amount: a file pays nobody twice unless the merchant changes a cell.
 */
export function checkPayoutRows(
  rows: readonly Partial<PayoutRowInput>[],
  services: readonly PayoutServiceRecord[],
): CheckedRows {
  const seen = new Map<string, number>();
  const errors: PayoutCellError[][] = [];
  const valid: (ValidPayout | null)[] = [];
  rows.forEach((row, i) => {
    const check = checkPayoutRow(row, services);
    if (!check.ok) {
      errors.push(check.errors);
      valid.push(null);
      return;
    }
    const key = duplicateKey(check.payout);
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push([cellError('amount', 'DUPLICATE_ROW', { row: first + 1 })]);
      valid.push(null);
      return;
    }
    seen.set(key, i);
    errors.push([]);
    valid.push(check.payout);
  });
  return { errors, valid };
}
