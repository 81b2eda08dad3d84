import { z } from 'zod';
import { BALANCE_TRANSACTION_SORTS, BALANCE_TRANSACTION_TYPES } from './balance-transactions';
import { isoDateTime } from './common-schemas';
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
