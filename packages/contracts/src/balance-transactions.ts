/**
 * Balance transactions (Account → Balance): every ledger movement of the merchant's balances, one row
 * per ledger transaction, with what it changed in each balance and the balances after it. Paths,
 * constants and types; schemas in balance-transactions-schemas.ts (request types inferred from them).
 */
import type { z } from 'zod';
import type {
  balanceTransactionPageSchema,
  balanceTransactionRecordSchema,
  listBalanceTransactionsRequest,
  subMerchantBalancesSchema,
} from './balance-transactions-schemas';

export const BALANCE_TRANSACTION_PATHS = {
  /** POST `{ pageNum, pageSize, ...filters }` → `{ total, totalExact, records: BalanceTransactionRecord[] }`. */
  list: '/account/web/v1/balance-transaction/list',
  /** GET: the balances of the active merchant's sub-merchants, per merchant and currency (a parent's roll-up). */
  subMerchantBalances: '/account/web/v1/balance/sub-merchants',
} as const;

/**
 * What moved the money (ledger_transactions.kind). Later domains add theirs (DISPUTE, WITHDRAWAL,
 * PAYOUT…) here, with a label in status-labels.ts.
 */
export const BALANCE_TRANSACTION_TYPES = [
  'CAPTURE',
  'REFUND',
  'REFUND_REVERSAL',
  'SETTLEMENT',
  'DISPUTE_HOLD',
  'DISPUTE_RELEASE',
  'DISPUTE_DEBIT',
  'WITHDRAWAL',
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_RETURN',
  'TOP_UP',
  'PAYOUT',
  'PAYOUT_PAID',
  'PAYOUT_RETURN',
] as const;
export type BalanceTransactionType = (typeof BALANCE_TRANSACTION_TYPES)[number];

export const BALANCE_TRANSACTION_SORTS = ['createdAt:desc', 'createdAt:asc'] as const;
export type BalanceTransactionSort = (typeof BALANCE_TRANSACTION_SORTS)[number];

export type BalanceTransactionRecord = z.infer<typeof balanceTransactionRecordSchema>;

export type ListBalanceTransactionsRequest = z.input<typeof listBalanceTransactionsRequest>;
export type ListBalanceTransactionsQuery = z.output<typeof listBalanceTransactionsRequest>;

export type BalanceTransactionPage = z.infer<typeof balanceTransactionPageSchema>;

/** One sub-merchant's balances (GET subMerchantBalances). */
export type SubMerchantBalances = z.infer<typeof subMerchantBalancesSchema>;
