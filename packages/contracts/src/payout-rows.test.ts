import { describe, expect, it } from 'vitest';
import {
  checkPayoutRow,
  checkPayoutRows,
  duplicateKey,
  emptyPayoutRow,
  feeOf,
  type PayoutRowInput,
} from './payout-rows';
import type { PayoutServiceRecord } from './payout-services';

const service = (over: Partial<PayoutServiceRecord>): PayoutServiceRecord => ({
  serviceId: 'POS1',
  country: 'GB',
  methodType: 'BANK_TRANSFER',
  methodName: 'Faster Payments',
  currency: 'GBP',
  fee: { percentBps: 0, fixedMinor: 20, minimumMinor: null, currency: 'GBP' },
  minAmount: 100,
  maxAmount: 25_000_000,
  cutoffTime: '17:30',
  timeZone: 'Europe/London',
  arrival: 'SAME_DAY',
  status: 'ACTIVE',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const SERVICES = [
  service({}),
  service({
    serviceId: 'POS2',
    country: 'JP',
    currency: 'JPY',
    fee: { percentBps: 0, fixedMinor: 250, minimumMinor: null, currency: 'JPY' },
    minAmount: 100,
    maxAmount: null,
  }),
  service({
    serviceId: 'POS3',
    country: 'PH',
    methodType: 'EWALLET',
    currency: 'PHP',
    fee: { percentBps: 150, fixedMinor: 0, minimumMinor: null, currency: 'PHP' },
  }),
  service({ serviceId: 'POS4', country: 'US', currency: 'USD', status: 'SUSPENDED' }),
];
const GB: PayoutRowInput = {
  ...emptyPayoutRow(),
  beneficiaryName: 'Jane Cooper',
  country: 'gb',
  currency: 'gbp',
  amount: '125.00',
  method: 'bank transfer',
  accountNumber: 'GB29 NWBK 6016 1331 9268 19',
  purpose: 'supplier',
  reference: 'INV-1',
};
const fields = (row: Partial<PayoutRowInput>) => {
  const check = checkPayoutRow({ ...GB, ...row }, SERVICES);
  return check.ok ? [] : check.errors.map((e) => `${e.field}: ${e.message}`);
};
/** Each error as field, code and values: what the web words in the reader's language. */
const codes = (row: Partial<PayoutRowInput>) => {
  const check = checkPayoutRow({ ...GB, ...row }, SERVICES);
  return check.ok ? [] : check.errors.map(({ field, code, values }) => ({ field, code, values }));
};

describe('payout rows', () => {
  it('normalises a valid row and prices it by its service: the fee on top of the amount', () => {
    const check = checkPayoutRow(GB, SERVICES);
    expect(check).toEqual({
      ok: true,
      payout: expect.objectContaining({
        country: 'GB',
        currency: 'GBP',
        method: 'BANK_TRANSFER',
        accountNumber: 'GB29NWBK60161331926819',
        last4: '6819',
        amount: 12_500,
        fee: 20,
        purpose: 'SUPPLIER',
        serviceId: 'POS1',
      }),
    });
    const wallet = checkPayoutRow(
      { ...GB, country: 'PH', currency: 'PHP', method: 'EWALLET', accountNumber: '09171234567', amount: '1000' },
      SERVICES,
    );
    expect(wallet.ok && wallet.payout.fee).toBe(feeOf(100_000, 'PHP', SERVICES[2]));
  });

  it('names each bad cell: decimals of a zero-decimal currency, negative, limits, currency, suspended service, formulas', () => {
    expect(
      fields({ country: 'JP', currency: 'JPY', accountNumber: '1234567', routingCode: '0001001', amount: '1500.5' }),
    ).toEqual(['amount: must be whole: JPY has no decimals']);
    expect(fields({ amount: '-1' })).toEqual(['amount: must be a positive amount like 125.00 or 1,250.00 (no sign)']);
    expect(fields({ amount: '0.50' })).toEqual(['amount: must be at least 1.00 GBP']);
    expect(fields({ currency: 'ABC' })).toEqual(['currency: is not a currency we pay out in']);
    expect(fields({ country: 'US', currency: 'USD', accountNumber: '000123456789', routingCode: '021000021' })).toEqual(
      ['currency: no active payout service pays USD by bank transfer to US'],
    );
    expect(fields({ beneficiaryName: '@SUM(A1)', reference: '+1' })).toEqual([
      'beneficiaryName: must not start with = + - or @ (a spreadsheet formula)',
      'reference: must not start with = + - or @ (a spreadsheet formula)',
    ]);
    expect(fields({ method: 'CHEQUE' })).toContain('method: must be BANK_TRANSFER or EWALLET');
    expect(fields({ accountNumber: 'GB29NWBK60161331926818' })[0]).toMatch(/^accountNumber: is not a valid IBAN/);
  });

  it('gives each error a stable code with the values its words need', () => {
    expect(
      codes({ country: 'JP', currency: 'JPY', accountNumber: '1234567', routingCode: '0001001', amount: '1500.5' }),
    ).toEqual([{ field: 'amount', code: 'AMOUNT_NO_DECIMALS', values: { currency: 'JPY' } }]);
    expect(codes({ amount: '1.005' })).toEqual([
      { field: 'amount', code: 'AMOUNT_DECIMALS', values: { decimals: 2, currency: 'GBP' } },
    ]);
    expect(codes({ amount: '0.50' })).toEqual([
      { field: 'amount', code: 'AMOUNT_MIN', values: { amount: 100, currency: 'GBP' } },
    ]);
    expect(codes({ amount: '300000.00' })).toEqual([
      { field: 'amount', code: 'AMOUNT_MAX', values: { amount: 25_000_000, currency: 'GBP' } },
    ]);
    expect(codes({ amount: '' })).toEqual([{ field: 'amount', code: 'AMOUNT_REQUIRED', values: {} }]);
    expect(codes({ amount: '0' })).toEqual([{ field: 'amount', code: 'AMOUNT_NOT_POSITIVE', values: {} }]);
    expect(codes({ amount: '-1' })).toEqual([{ field: 'amount', code: 'AMOUNT_FORMAT', values: {} }]);
    expect(codes({ country: 'US', currency: 'USD', accountNumber: '000123456789', routingCode: '021000021' })).toEqual([
      { field: 'currency', code: 'NO_SERVICE', values: { currency: 'USD', method: 'BANK_TRANSFER', country: 'US' } },
    ]);
    expect(codes({ beneficiaryName: 'J', reference: 'R'.repeat(36), purpose: 'GIFT' })).toEqual([
      { field: 'beneficiaryName', code: 'NAME_LENGTH', values: { min: 2, max: 70 } },
      {
        field: 'purpose',
        code: 'PURPOSE_UNKNOWN',
        values: { purposes: 'SUPPLIER, SALARY, COMMISSION, CUSTOMER_REFUND, EXPENSES, OTHER' },
      },
      { field: 'reference', code: 'REFERENCE_LENGTH', values: { max: 35 } },
    ]);
    expect(codes({ beneficiaryName: '=1' })).toEqual([{ field: 'beneficiaryName', code: 'FORMULA', values: {} }]);
    expect(codes({ country: 'GBR', currency: 'XXX', method: 'CHEQUE' }).map((e) => e.code)).toEqual([
      'COUNTRY_FORMAT',
      'CURRENCY_UNSUPPORTED',
      'METHOD_UNKNOWN',
    ]);
    expect(codes({ country: 'PH', currency: 'PHP', method: 'EWALLET', accountNumber: 'x' })).toEqual([
      { field: 'accountNumber', code: 'WALLET_ID', values: { min: 4, max: 64 } },
    ]);
    // A bank account's cells carry the account rules' codes.
    expect(codes({ accountNumber: 'GB29NWBK6016133192681', bic: 'INGBNL2A' })).toEqual([
      { field: 'bic', code: 'BIC_COUNTRY', values: { country: 'NL' } },
      { field: 'accountNumber', code: 'IBAN_LENGTH', values: {} },
    ]);
    const repeat = checkPayoutRows([GB, GB], SERVICES).errors[1];
    expect(repeat).toEqual([
      {
        field: 'amount',
        code: 'DUPLICATE_ROW',
        values: { row: 1 },
        message: 'repeats row 1 (same account, amount and reference): change or drop one',
      },
    ]);
  });

  it('flags a row repeating an earlier one, on its amount, and only the repeat', () => {
    const result = checkPayoutRows([GB, { ...GB, reference: 'INV-2' }, { ...GB }], SERVICES);
    expect(result.errors.map((e) => e.map((x) => x.field))).toEqual([[], [], ['amount']]);
    expect(result.errors[2][0].message).toMatch(/repeats row 1/);
    expect(result.valid.filter(Boolean)).toHaveLength(2);
  });

  it('gives a row the same key however a spreadsheet wrote it: trailing zeros, spaces, case, thousands separators', () => {
    const keyOf = (row: Partial<PayoutRowInput>) => {
      const check = checkPayoutRow({ ...GB, ...row }, SERVICES);
      if (!check.ok) throw new Error(JSON.stringify(check.errors));
      return duplicateKey(check.payout);
    };
    const first = keyOf({
      amount: '1007.00',
      accountNumber: 'GB29NWBK60161331926819',
      country: 'GB',
      currency: 'GBP',
      reference: 'INV-1',
    });
    for (const typed of [
      { amount: '1007' },
      { amount: '1,007.00' },
      { amount: ' 1007.0 ' },
      { accountNumber: 'gb29 nwbk 6016 1331 9268 19' },
      { accountNumber: 'GB29\u00a0NWBK\u00a060161331926819' },
      { country: 'Gb', currency: 'gBp' },
      { reference: 'inv-1' },
      { method: 'Bank-Transfer', purpose: 'Supplier' },
    ]) {
      expect(keyOf({ amount: '1007.00', ...typed }), JSON.stringify(typed)).toBe(first);
    }
    expect(
      checkPayoutRows(
        [
          { ...GB, amount: '1007' },
          { ...GB, amount: '1,007.00', accountNumber: 'GB29NWBK60161331926819' },
        ],
        SERVICES,
      ).errors[1][0].message,
    ).toMatch(/repeats row 1/);
    // A comma without a decimal point could be a decimal comma (1,007 = 1.007): refused, never guessed.
    expect(fields({ amount: '1,007' })).toEqual([
      'amount: must be a positive amount like 125.00 or 1,250.00 (no sign)',
    ]);
    expect(fields({ amount: '1.007,00' })).toEqual([
      'amount: must be a positive amount like 125.00 or 1,250.00 (no sign)',
    ]);
  });
});
