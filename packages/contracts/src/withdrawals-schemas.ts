import { z } from 'zod';
import { isoDateTime, majorAmountText, minorUnits } from './common-schemas';
import { CURRENCIES } from './money';
import { WITHDRAWAL_REMARK_MAX, WITHDRAWAL_STATUSES } from './withdrawals';

export const createWithdrawalRequest = z.object({
  currency: z.enum(CURRENCIES),
  /** In major units as a decimal string ("250.00"); decimals in JPY, KRW, IDR or VND answer 003001B039. */
  amount: majorAmountText('250.00'),
  bankAccountId: z.string().min(1, 'is required').max(64),
  remark: z.string().trim().max(WITHDRAWAL_REMARK_MAX, `must be at most ${WITHDRAWAL_REMARK_MAX} characters`).optional(),
});

export const cancelWithdrawalRequest = z.object({ withdrawalId: z.string().min(1, 'is required').max(64) });
export const withdrawalDetailRequest = cancelWithdrawalRequest;

export const withdrawalFiltersSchema = z.object({
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  status: z.array(z.enum(WITHDRAWAL_STATUSES)).max(WITHDRAWAL_STATUSES.length).optional(),
  currency: z.enum(CURRENCIES).optional(),
  amountMin: minorUnits.optional(),
  amountMax: minorUnits.optional(),
  /** Withdrawal id or bank reference. */
  keyword: z.string().trim().max(200).optional(),
});

export const listWithdrawalsRequest = withdrawalFiltersSchema.extend({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
});
