import type { SubMerchantBalances } from '@mbo/contracts/balance-transactions';

/** A row of the sub-merchant roll-up: one merchant's balances in one currency, or a currency's total. */
export interface SubMerchantBalanceRow {
  key: string;
  kind: 'merchant' | 'total';
  /** The merchant's (absent on a total row). */
  merchantId?: string;
  merchantName?: string;
  currency: string;
  /** Minor units of `currency`. */
  available: number;
  pending: number;
  reserved: number;
}

/**
 * The roll-up's rows: per currency (A to Z), each sub-merchant's balances in that currency, in the
 * server's order, then the currency's total. Money is only ever added up within one currency.
 */
export function subMerchantBalanceRows(merchants: readonly SubMerchantBalances[]): SubMerchantBalanceRow[] {
  const byCurrency = new Map<string, SubMerchantBalanceRow[]>();
  for (const m of merchants) {
    for (const b of m.balances) {
      const rows = byCurrency.get(b.currency) ?? [];
      rows.push({
        key: `${m.merchantId}:${b.currency}`,
        kind: 'merchant',
        merchantId: m.merchantId,
        merchantName: m.merchantName,
        currency: b.currency,
        available: b.available,
        pending: b.pending,
        reserved: b.reserved,
      });
      byCurrency.set(b.currency, rows);
    }
  }
  return [...byCurrency.keys()].sort().flatMap((currency) => {
    const rows = byCurrency.get(currency) ?? [];
    const total: SubMerchantBalanceRow = {
      key: `total:${currency}`,
      kind: 'total',
      currency,
      available: 0,
      pending: 0,
      reserved: 0,
    };
    for (const r of rows) {
      total.available += r.available;
      total.pending += r.pending;
      total.reserved += r.reserved;
    }
    return [...rows, total];
  });
}
