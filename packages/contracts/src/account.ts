/** Balances per currency, derived from the ledger. */
export const ACCOUNT_PATHS = {
  balances: '/account/web/v1/balance/list',
} as const;

export interface CurrencyBalance {
  currency: string;
  available: number;
  pending: number;
  reserved: number;
}
