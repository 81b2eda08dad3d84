import { z } from 'zod';
import { currencyBalanceSchema } from './account-schemas';
import { isoDateTime, majorAmountText, minorUnits } from './common-schemas';
import { pageSchema } from './envelope-schemas';
import { CURRENCIES } from './money';
import { feeRuleViewSchema } from './payin-services-schemas';
import { WITHDRAWAL_REMARK_MAX, WITHDRAWAL_STATUSES } from './withdrawals';

export const createWithdrawalRequest = z.object({
  currency: z.enum(CURRENCIES),
  /** In major units as a decimal string ("250.00"); decimals in JPY, KRW, IDR or VND answer 003001B039. */
  amount: majorAmountText('250.00'),
  bankAccountId: z.string().min(1, 'is required').max(64),
  remark: z
    .string()
    .trim()
    .max(WITHDRAWAL_REMARK_MAX, `must be at most ${WITHDRAWAL_REMARK_MAX} characters`)
    .optional(),
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

/** Opening hours of withdrawals, a merchant setting, in its time zone. */
export const withdrawalHoursSchema = z.object({
  /** ISO weekdays the desk is open: 1 = Monday … 7 = Sunday. */
  days: z.array(z.number()),
  /** "HH:MM", 24 h; `close` may be "24:00" (the end of the day). */
  open: z.string(),
  close: z.string(),
  timeZone: z.string(),
  /**
   * The settlement calendar whose public holidays close the desk (ISO 3166-1 alpha-2), or null: holidays do not close
   * it.
   */
  holidayCountry: z.string().nullable(),
});

/** The withdrawal agreement of one currency: the fee and the per-order limits. No agreement: 006001B005. */
export const withdrawalAgreementSchema = z.object({
  currency: z.string(),
  fee: feeRuleViewSchema,
  minAmount: z.number(),
  maxAmount: z.number().nullable(),
});

export const verifiedBankAccountSchema = z.object({
  bankAccountId: z.string(),
  bankName: z.string(),
  maskedNumber: z.string(),
  currency: z.string(),
  isDefault: z.boolean(),
});

/**
 * Why the desk is closed now, as a code with its values (the web words it in the reader's language):
 * not one of its days (the ISO weekday, 1 = Monday), a public holiday of its calendar (the holiday's
 * name, as the holiday library gives it), before it opens or after it closes today ("HH:MM").
 */
export const withdrawClosedReasonSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('DAY_OFF'), values: z.object({ weekday: z.number().int().min(1).max(7) }) }),
  z.object({ code: z.literal('HOLIDAY'), values: z.object({ name: z.string() }) }),
  z.object({ code: z.literal('BEFORE_OPENING'), values: z.object({ time: z.string() }) }),
  z.object({ code: z.literal('AFTER_CLOSING'), values: z.object({ time: z.string() }) }),
]);

export const withdrawConfigSchema = z.object({
  hours: withdrawalHoursSchema,
  /** Whether a withdrawal can be submitted now; when not, why and when it opens next. */
  openNow: z.boolean(),
  closedReason: withdrawClosedReasonSchema.nullable(),
  nextOpenAt: z.string().nullable(),
  agreements: z.array(withdrawalAgreementSchema),
  balances: z.array(currencyBalanceSchema),
  accounts: z.array(verifiedBankAccountSchema),
});

export const withdrawalRecordSchema = z.object({
  withdrawalId: z.string(),
  bankAccountId: z.string(),
  bankName: z.string(),
  maskedNumber: z.string(),
  currency: z.string(),
  /** Taken from the available balance. */
  amount: z.number(),
  fee: z.number(),
  /** What the bank account receives: amount − fee. */
  netAmount: z.number(),
  remark: z.string().nullable(),
  status: z.enum(WITHDRAWAL_STATUSES),
  failureReason: z.string().nullable(),
  /** The bank's reference once paid. */
  bankReference: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

/** The withdrawals list answer: a Page, plus whether its total is exact. */
export const withdrawalPageSchema = pageSchema(withdrawalRecordSchema).extend({ totalExact: z.boolean() });

export const withdrawalEventSchema = z.object({
  type: z.string(),
  status: z.string(),
  note: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});

export const withdrawalDetailSchema = withdrawalRecordSchema.extend({
  events: z.array(withdrawalEventSchema),
});
