import { describe, expect, it } from 'vitest';
import { subMerchantBalanceRows } from './sub-merchant-balance-rows';

describe('subMerchantBalanceRows', () => {
  it('groups the sub-merchants by currency, A to Z, each currency closed by its own total', () => {
    const rows = subMerchantBalanceRows([
      {
        merchantId: 'M2',
        merchantName: 'Europe',
        balances: [
          { currency: 'EUR', available: 1050, pending: 200, reserved: 0 },
          { currency: 'USD', available: 5, pending: 0, reserved: 1 },
        ],
      },
      {
        merchantId: 'M3',
        merchantName: 'Asia',
        balances: [
          { currency: 'JPY', available: 1500, pending: 30, reserved: 0 },
          { currency: 'EUR', available: 25, pending: 0, reserved: 300 },
        ],
      },
    ]);
    expect(rows.map((r) => [r.kind, r.merchantName ?? '', r.currency, r.available, r.pending, r.reserved])).toEqual([
      ['merchant', 'Europe', 'EUR', 1050, 200, 0],
      ['merchant', 'Asia', 'EUR', 25, 0, 300],
      ['total', '', 'EUR', 1075, 200, 300],
      ['merchant', 'Asia', 'JPY', 1500, 30, 0],
      ['total', '', 'JPY', 1500, 30, 0],
      ['merchant', 'Europe', 'USD', 5, 0, 1],
      ['total', '', 'USD', 5, 0, 1],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });

  it('has no rows when no sub-merchant holds a balance', () => {
    expect(subMerchantBalanceRows([{ merchantId: 'M2', merchantName: 'Europe', balances: [] }])).toEqual([]);
    expect(subMerchantBalanceRows([])).toEqual([]);
  });
});
