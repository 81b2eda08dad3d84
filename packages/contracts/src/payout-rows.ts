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
import { checkAccountNumber } from './bank-account-numbers';
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

/** A cell the row rules refuse: its field and why. */
export type PayoutCellError = z.infer<typeof payoutCellErrorSchema>;

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

const WALLET_ID = /^[A-Za-z0-9+@._-]{4,64}$/;

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
  const add = (field: PayoutRowField, message: string) => errors.push({ field, message });
  const formula = (field: PayoutRowField) =>
    /^[=+\-@\t\r]/.test(v[field]) && v[field] !== ''
      ? (add(field, 'must not start with = + - or @ (a spreadsheet formula)'), true)
      : false;

  if (!formula('beneficiaryName')) {
    if (v.beneficiaryName.length < PAYOUT_LIMITS.nameMin || v.beneficiaryName.length > PAYOUT_LIMITS.nameMax)
      add('beneficiaryName', `must be ${PAYOUT_LIMITS.nameMin} to ${PAYOUT_LIMITS.nameMax} characters`);
  }
  const country = v.country.toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) add('country', 'must be a two-letter country code like GB');
  const currency = v.currency.toUpperCase();
  if (!isSupportedCurrency(currency)) add('currency', 'is not a currency we pay out in');
  const method = v.method.toUpperCase().replace(/[\s-]+/g, '_');
  if (!(PAYOUT_METHOD_TYPES as readonly string[]).includes(method)) add('method', 'must be BANK_TRANSFER or EWALLET');
  const purpose = v.purpose.toUpperCase().replace(/[\s-]+/g, '_');
  if (!(PAYOUT_PURPOSES as readonly string[]).includes(purpose))
    add('purpose', `must be one of ${PAYOUT_PURPOSES.join(', ')}`);
  if (!formula('reference') && v.reference.length > PAYOUT_LIMITS.referenceMax)
    add('reference', `must be at most ${PAYOUT_LIMITS.referenceMax} characters`);

  const service = errors.some((e) => ['country', 'currency', 'method'].includes(e.field))
    ? undefined
    : serviceFor(services, country, method, currency);
  if (!service && !errors.some((e) => ['country', 'currency', 'method'].includes(e.field))) {
    add(
      'currency',
      `no active payout service pays ${currency} by ${method === 'EWALLET' ? 'e-wallet' : 'bank transfer'} to ${country}`,
    );
  }

  let account: { accountNumber: string; routingCode: string | null; bic: string | null; last4: string } | null = null;
  if (method === 'EWALLET') {
    if (!WALLET_ID.test(v.accountNumber))
      add('accountNumber', 'must be a wallet ID of 4 to 64 letters, digits or + @ . _ -');
    else account = { accountNumber: v.accountNumber, routingCode: null, bic: null, last4: v.accountNumber.slice(-4) };
  } else if (method === 'BANK_TRANSFER' && /^[A-Z]{2}$/.test(country)) {
    const check = checkAccountNumber({
      country,
      accountNumber: v.accountNumber,
      routingCode: v.routingCode,
      bic: v.bic,
    });
    if (check.ok) account = check.account;
    else for (const e of check.errors) add(e.field === 'country' ? 'country' : e.field, e.message);
  }

  let amount: number | null = null;
  let fee = 0;
  if (isSupportedCurrency(currency)) {
    const parsed = parseAmount(v.amount, currency, { min: 1, grouped: true });
    if (!parsed.ok) {
      if (parsed.error === 'TOO_MANY_DECIMALS')
        add(
          'amount',
          parsed.exponent === 0
            ? `must be whole: ${currency} has no decimals`
            : `must have at most ${parsed.exponent} decimals in ${currency}`,
        );
      else if (parsed.error === 'EMPTY') add('amount', 'is required');
      else if (parsed.error === 'OUT_OF_RANGE' && parsed.bound === 'MIN') add('amount', 'must be more than 0');
      else add('amount', 'must be a positive amount like 125.00 or 1,250.00 (no sign)');
    } else {
      amount = parsed.minor;
      if (service) {
        const money = (minor: number) => `${formatAmount(minor, currency)} ${currency}`;
        if (service.minAmount !== null && amount < service.minAmount)
          add('amount', `must be at least ${money(service.minAmount)}`);
        else if (service.maxAmount !== null && amount > service.maxAmount)
          add('amount', `must be at most ${money(service.maxAmount)}`);
        fee = feeOf(amount, currency, service);
      }
    }
  }
  if (errors.length || !account || amount === null || !service) {
    if (!errors.length) add('accountNumber', 'is required');
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
      errors.push([
        {
          field: 'amount',
          message: `repeats row ${first + 1} (same account, amount and reference): change or drop one`,
        },
      ]);
      valid.push(null);
      return;
    }
    seen.set(key, i);
    errors.push([]);
    valid.push(check.payout);
  });
  return { errors, valid };
}
