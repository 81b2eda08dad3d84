import { z } from 'zod';
import { currencyBalanceSchema } from './account-schemas';
import { BALANCE_TRANSACTION_SORTS, BALANCE_TRANSACTION_TYPES } from './balance-transactions';
import { isoDateTime } from './common-schemas';
import { pageSchema } from './envelope-schemas';
import { CURRENCIES } from './money';

export const listBalanceTransactionsRequest = z.object({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  currency: z.enum(CURRENCIES).optional(),
  type: z.array(z.enum(BALANCE_TRANSACTION_TYPES)).max(BALANCE_TRANSACTION_TYPES.length).optional(),
  /** A reference id (payment, refund, settlement…), exact. */
  keyword: z.string().trim().max(64).optional(),
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  sort: z.enum(BALANCE_TRANSACTION_SORTS).default('createdAt:desc'),
});

export const balanceTransactionRecordSchema = z.object({
  /** The ledger transaction's id, as a string. */
  transactionId: z.string(),
  type: z.enum(BALANCE_TRANSACTION_TYPES),
  /** The record behind it: PAYMENT, REFUND, SETTLEMENT… and its id (links to its detail where one exists). */
  referenceType: z.string(),
  referenceId: z.string(),
  currency: z.string(),
  /** Signed minor units: what the transaction changed in each of the merchant's balances. */
  availableChange: z.number(),
  pendingChange: z.number(),
  reservedChange: z.number(),
  /**
   * The sum of the three changes: what the merchant's money grew or shrank by (a capture's fee is already out of it).
   */
  net: z.number(),
  /** The merchant's balances in the currency right after this transaction. */
  availableAfter: z.number(),
  pendingAfter: z.number(),
  reservedAfter: z.number(),
  createdAt: z.string(),
});

/** total: exact up to the count limit; above it an estimate (totalExact false), as the payments list does. */
export const balanceTransactionPageSchema = pageSchema(balanceTransactionRecordSchema).extend({
  totalExact: z.boolean(),
});

/** One sub-merchant's balances (GET subMerchantBalances). */
export const subMerchantBalancesSchema = z.object({
  merchantId: z.string(),
  merchantName: z.string(),
  balances: z.array(currencyBalanceSchema),
});
