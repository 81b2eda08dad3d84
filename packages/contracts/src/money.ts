/**
 * Money, in one place (ARCHITECTURE.md: nothing else parses or rounds amounts). Imports nothing, zod
 * least of all: the web app bundles this file.
 *
 * - An amount is an integer number of minor units of an ISO 4217 currency (1250 EUR = €12.50,
 *   1250 JPY = ¥1,250). Arithmetic happens on minor units only; major units exist as text (what a
 *   user types, what the API takes for a refund or a link, an export cell) and for display.
 * - The currency's exponent decides the minor unit. A currency missing from the table is an error
 *   (UnknownCurrencyError), never "2 decimals".
 * - Text → minor units is `parseAmount`: exact (no floating point), refuses more decimals than the
 *   currency has, refuses anything outside a range. Minor units → text is `formatAmount` (plain
 *   "1234.50", its exact inverse) or `formatMoney` (display, "€1,234.50").
 * - Rounding, where money must be rounded (a fee percentage), is `scaleHalfEven`: to a whole minor
 *   unit, ties to even.
 */

declare const minorBrand: unique symbol;
/** A whole number of minor units (a safe integer). Plain numbers are accepted wherever one is read. */
export type Minor = number & { readonly [minorBrand]: true };

/** The largest amount the system represents exactly (minor units), e.g. a JS number / bigint column. */
export const MAX_AMOUNT_MINOR = Number.MAX_SAFE_INTEGER as Minor;

/**
 * ISO 4217 (list one, active codes with a minor unit): the number of decimals of each currency.
 * One deliberate difference: IDR has no minor unit here (ISO: 2), as card processors settle it
 * (PRODUCT.md: JPY, KRW, IDR and VND take no decimals). Metals, XDR and test codes have no minor unit
 * and are not money here.
 */
export const CURRENCY_EXPONENTS: Readonly<Record<string, 0 | 2 | 3 | 4>> = Object.freeze({
  AED: 2,
  AFN: 2,
  ALL: 2,
  AMD: 2,
  ANG: 2,
  AOA: 2,
  ARS: 2,
  AUD: 2,
  AWG: 2,
  AZN: 2,
  BAM: 2,
  BBD: 2,
  BDT: 2,
  BGN: 2,
  BHD: 3,
  BIF: 0,
  BMD: 2,
  BND: 2,
  BOB: 2,
  BOV: 2,
  BRL: 2,
  BSD: 2,
  BTN: 2,
  BWP: 2,
  BYN: 2,
  BZD: 2,
  CAD: 2,
  CDF: 2,
  CHE: 2,
  CHF: 2,
  CHW: 2,
  CLF: 4,
  CLP: 0,
  CNY: 2,
  COP: 2,
  COU: 2,
  CRC: 2,
  CUP: 2,
  CVE: 2,
  CZK: 2,
  DJF: 0,
  DKK: 2,
  DOP: 2,
  DZD: 2,
  EGP: 2,
  ERN: 2,
  ETB: 2,
  EUR: 2,
  FJD: 2,
  FKP: 2,
  GBP: 2,
  GEL: 2,
  GHS: 2,
  GIP: 2,
  GMD: 2,
  GNF: 0,
  GTQ: 2,
  GYD: 2,
  HKD: 2,
  HNL: 2,
  HTG: 2,
  HUF: 2,
  IDR: 0,
  ILS: 2,
  INR: 2,
  IQD: 3,
  IRR: 2,
  ISK: 0,
  JMD: 2,
  JOD: 3,
  JPY: 0,
  KES: 2,
  KGS: 2,
  KHR: 2,
  KMF: 0,
  KPW: 2,
  KRW: 0,
  KWD: 3,
  KYD: 2,
  KZT: 2,
  LAK: 2,
  LBP: 2,
  LKR: 2,
  LRD: 2,
  LSL: 2,
  LYD: 3,
  MAD: 2,
  MDL: 2,
  MGA: 2,
  MKD: 2,
  MMK: 2,
  MNT: 2,
  MOP: 2,
  MRU: 2,
  MUR: 2,
  MVR: 2,
  MWK: 2,
  MXN: 2,
  MXV: 2,
  MYR: 2,
  MZN: 2,
  NAD: 2,
  NGN: 2,
  NIO: 2,
  NOK: 2,
  NPR: 2,
  NZD: 2,
  OMR: 3,
  PAB: 2,
  PEN: 2,
  PGK: 2,
  PHP: 2,
  PKR: 2,
  PLN: 2,
  PYG: 0,
  QAR: 2,
  RON: 2,
  RSD: 2,
  RUB: 2,
  RWF: 0,
  SAR: 2,
  SBD: 2,
  SCR: 2,
  SDG: 2,
  SEK: 2,
  SGD: 2,
  SHP: 2,
  SLE: 2,
  SOS: 2,
  SRD: 2,
  SSP: 2,
  STN: 2,
  SVC: 2,
  SYP: 2,
  SZL: 2,
  THB: 2,
  TJS: 2,
  TMT: 2,
  TND: 3,
  TOP: 2,
  TRY: 2,
  TTD: 2,
  TWD: 2,
  TZS: 2,
  UAH: 2,
  UGX: 0,
  USD: 2,
  USN: 2,
  UYI: 0,
  UYU: 2,
  UYW: 4,
  UZS: 2,
  VED: 2,
  VES: 2,
  VND: 0,
  VUV: 0,
  WST: 2,
  XAF: 0,
  XCD: 2,
  XCG: 2,
  XOF: 0,
  XPF: 0,
  YER: 2,
  ZAR: 2,
  ZMW: 2,
  ZWG: 2,
});

/**
 * The currencies the product takes (payment links, filters, exports). Adding one here is a product
 * decision; its exponent comes from CURRENCY_EXPONENTS.
 */
export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'SGD',
  'PHP',
  'AUD',
  'CAD',
  'CHF',
  'HKD',
  'MYR',
  'THB',
  'JPY',
  'KRW',
  'IDR',
  'VND',
] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isSupportedCurrency(value: string | null | undefined): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value ?? '');
}

/** A currency code that is not in the ISO 4217 table (a programming or data error, not a user's). */
export class UnknownCurrencyError extends Error {
  constructor(readonly currency: string) {
    super(`Unknown currency: ${JSON.stringify(currency)}`);
    this.name = 'UnknownCurrencyError';
  }
}

/** The currency's number of decimals (EUR 2, JPY 0, KWD 3); throws UnknownCurrencyError for an unknown code. */
export function currencyExponent(currency: string): number {
  const exponent = Object.hasOwn(CURRENCY_EXPONENTS, currency) ? CURRENCY_EXPONENTS[currency] : undefined;
  if (exponent === undefined) throw new UnknownCurrencyError(currency);
  return exponent;
}

/** Minor units in one major unit: 100 for EUR, 1 for JPY, 1000 for KWD. */
export function minorPerMajor(currency: string): number {
  return 10 ** currencyExponent(currency);
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole number of minor units: ${minor}`);
}

/** Checks that a number is a whole number of minor units and brands it. */
export function asMinor(value: number): Minor {
  assertMinor(value);
  return value as Minor;
}

// ---- parse ----

export type ParseAmountError =
  /** Nothing typed. */
  | 'EMPTY'
  /** Not a plain decimal ("1e3", "1,5", "12.", ".5", "abc"), or a sign where none is allowed. */
  | 'NOT_A_NUMBER'
  /** More (non-zero) decimals than the currency has: "1.005" EUR, "1.5" JPY. "12.00" JPY is 12. */
  | 'TOO_MANY_DECIMALS'
  /** Below `min` or above `max` (see `bound`). */
  | 'OUT_OF_RANGE';

export type ParseAmountResult =
  | { ok: true; minor: Minor }
  | { ok: false; error: Exclude<ParseAmountError, 'OUT_OF_RANGE'>; exponent: number }
  | { ok: false; error: 'OUT_OF_RANGE'; exponent: number; bound: 'MIN' | 'MAX' };

export interface ParseAmountOptions {
  /** Smallest accepted amount in minor units (default 0). */
  min?: number;
  /** Largest accepted amount in minor units (default MAX_AMOUNT_MINOR). */
  max?: number;
  /** Accept a leading "-" (default false: a sign is NOT_A_NUMBER). */
  signed?: boolean;
  /**
   * Accept thousands separators where they cannot mean anything else: commas between groups of three
   * digits, with a decimal point after them ("1,234.50", as a spreadsheet formats a number). Without
   * a decimal point ("1,234") it stays NOT_A_NUMBER: with a decimal comma that is 1.234. Default false.
   */
  grouped?: boolean;
}

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;
const GROUPED_RE = /^-?\d{1,3}(?:,\d{3})+\.\d+$/;

/**
 * Major-unit decimal text ("12.50", " 1250 ") → integer minor units of the currency, exactly (digits,
 * no floating point). Checks, in order: EMPTY, NOT_A_NUMBER, TOO_MANY_DECIMALS, OUT_OF_RANGE.
 * Throws UnknownCurrencyError for an unknown currency.
 */
export function parseAmount(text: string, currency: string, options: ParseAmountOptions = {}): ParseAmountResult {
  const exponent = currencyExponent(currency);
  const { min = 0, max = MAX_AMOUNT_MINOR, signed = false, grouped = false } = options;
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: 'EMPTY', exponent };
  const value = grouped && GROUPED_RE.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed;
  const match = DECIMAL_RE.exec(value);
  if (!match || (match[1] && !signed)) return { ok: false, error: 'NOT_A_NUMBER', exponent };
  const [, sign, whole, fractionText = ''] = match;
  const fraction = fractionText.replace(/0+$/, '');
  if (fraction.length > exponent) return { ok: false, error: 'TOO_MANY_DECIMALS', exponent };
  // Whole digits then exactly `exponent` fraction digits: the minor units as a decimal integer.
  const digits = `${whole}${fraction.padEnd(exponent, '0')}`.replace(/^0+(?=\d)/, '');
  // 16 digits are always exact in a double; anything longer is beyond MAX_SAFE_INTEGER anyway.
  const magnitude = digits.length > 16 ? Infinity : Number(digits);
  const minor = sign && magnitude !== 0 ? -magnitude : magnitude;
  if (minor < min) return { ok: false, error: 'OUT_OF_RANGE', exponent, bound: 'MIN' };
  if (minor > max || !Number.isSafeInteger(minor)) return { ok: false, error: 'OUT_OF_RANGE', exponent, bound: 'MAX' };
  return { ok: true, minor: minor as Minor };
}

// ---- format ----

/**
 * Minor units → plain major-unit decimal text, exactly, the inverse of parseAmount: 1050 USD → "10.50",
 * 5 EUR → "0.05", -1234 GBP → "-12.34", 1050 JPY → "1050", 1 KWD → "0.001". No grouping, no symbol:
 * for the API (refund and link amounts), export cells and anything a program reads back.
 */
export function formatAmount(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  assertMinor(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor));
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

const displayFormats = new Map<string, Intl.NumberFormat>();

function displayFormat(currency: string, locale: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let format = displayFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    if (displayFormats.size > 500) displayFormats.clear();
    displayFormats.set(key, format);
  }
  return format;
}

/**
 * Minor units → text for people, in the locale, with every decimal of the currency: "€1,234.50",
 * "¥1,500", "KWD 1.250". Formats the exact decimal (Intl reads the string), so large amounts keep
 * their last digits. For the customer's hosted checkout; back-office screens write the ISO code after
 * the figure instead (apps/web lib/display-money.ts).
 */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const exact = formatAmount(minor, currency) as Intl.StringNumericLiteral;
  return displayFormat(currency, locale, currencyExponent(currency)).format(exact);
}

/** Minor units → "1234.50 EUR": the exact figure and the ISO code, as the server writes amounts into notes and mail. */
export function amountWithCode(minor: number, currency: string): string {
  return `${formatAmount(minor, currency)} ${currency}`;
}

/** Minor units → a number in major units, for charts and scales only (a float: never for money arithmetic). */
export function toMajor(minor: number, currency: string): number {
  return minor / minorPerMajor(currency);
}

// ---- rounding ----

/**
 * THE rounding rule for money: `minor × numerator ÷ denominator` rounded to a whole minor unit, ties
 * to even ("banker's rounding": 14.5 → 14, 43.5 → 44, -2.5 → -2), exactly (BigInt inside, so no
 * floating-point error and no overflow for any safe inputs). A percentage of an amount is
 * `scaleHalfEven(amount, bps, 10_000)`; a major-unit constant in minor units is
 * `scaleHalfEven(cents, minorPerMajor(currency), 100)`.
 */
export function scaleHalfEven(minor: number, numerator: number, denominator: number): Minor {
  assertMinor(minor);
  assertMinor(numerator);
  assertMinor(denominator);
  if (denominator === 0) throw new RangeError('Division by zero');
  let n = BigInt(minor) * BigInt(numerator);
  let d = BigInt(denominator);
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const negative = n < 0n;
  const abs = negative ? -n : n;
  let quotient = abs / d;
  const twice = (abs % d) * 2n;
  if (twice > d || (twice === d && quotient % 2n === 1n)) quotient += 1n;
  const result = Number(negative ? -quotient : quotient);
  assertMinor(result);
  return result as Minor;
}

// ---- cards ----

/** A card shown as BIN + last 4 at most (PCI DSS 3.4.1): "411111••••••1111". */
export function maskCard(bin: string | null, last4: string | null): string | null {
  if (!bin && !last4) return null;
  return `${bin ?? ''}••••••${last4 ?? ''}`;
}
