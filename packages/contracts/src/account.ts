/** Balances per currency, derived from the ledger. */
import type { z } from 'zod';
import type { currencyBalanceSchema } from './account-schemas';

export const ACCOUNT_PATHS = {
  balances: '/account/web/v1/balance/list',
} as const;

export type CurrencyBalance = z.infer<typeof currencyBalanceSchema>;
