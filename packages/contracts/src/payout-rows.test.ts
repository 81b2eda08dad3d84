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
  arrival: 'Same day',
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
