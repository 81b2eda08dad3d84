/**
 * Withdrawals (Account → Withdraw): the merchant moves available balance to one of its verified bank
 * accounts. Paths, constants and types; schemas in withdrawals-schemas.ts (request types inferred).
 *
 * Money: submit moves the amount from available to reserved (in flight) in one ledger transaction;
 * SUCCESS pays it out (the fee to the provider, the rest to the bank account); FAILED or CANCELLED
 * gives it back to available.
 */
import type { z } from 'zod';
import type {
  cancelWithdrawalRequest,
  createWithdrawalRequest,
  listWithdrawalsRequest,
  verifiedBankAccountSchema,
  withdrawalAgreementSchema,
  withdrawalDetailRequest,
  withdrawalDetailSchema,
  withdrawalEventSchema,
  withdrawalFiltersSchema,
  withdrawalHoursSchema,
  withdrawalRecordSchema,
  withdrawClosedReasonSchema,
  withdrawConfigSchema,
} from './withdrawals-schemas';

export const WITHDRAWAL_PATHS = {
  /**
   * GET → `WithdrawConfig`: working hours (and whether open now), agreements per currency, balances, verified accounts.
   */
  config: '/account/web/v1/withdraw/config',
  /** POST `CreateWithdrawalRequest` + Idempotency-Key (API_WITHDRAW_CREATE) → `WithdrawalRecord`. */
  create: '/account/web/v1/withdraw/create',
  /**
   * POST `{ withdrawalId }` (API_WITHDRAW_CREATE): a PENDING order → CANCELLED, its money back → `WithdrawalRecord`.
   */
  cancel: '/account/web/v1/withdraw/cancel',
  /** POST `{ pageNum, pageSize, ...filters }` → `Page<WithdrawalRecord>`. */
  list: '/account/web/v1/withdraw/list',
  /** GET `?withdrawalId=` → `WithdrawalDetail`. */
  detail: '/account/web/v1/withdraw/detail',
} as const;

/**
 * PENDING: accepted, money reserved, waiting for the bank's next run (cancellable).
 * PROCESSING: sent to the bank (no longer cancellable). SUCCESS: paid. FAILED: the bank refused it,
 * money back. CANCELLED: cancelled while pending, money back.
 */
export const WITHDRAWAL_STATUSES = [
  'PENDING_APPROVAL',
  'PENDING',
  'PROCESSING',
  'SUCCESS',
  'FAILED',
  'CANCELLED',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** Money still reserved: the order has not ended. */
export const IN_FLIGHT_WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ['PENDING_APPROVAL', 'PENDING', 'PROCESSING'];

/** Sandbox rules (PRODUCT.md "The sandbox processor"), documented in the README. */
export const WITHDRAWAL_SANDBOX = {
  /**
   * In the remark: the bank does not answer in time; the order stays PENDING, the caller gets 006001B016, and it
   * resolves later.
   */
  timeoutMarker: 'sandbox:timeout',
  /** In the remark: the bank refuses the order; the money returns. */
  failMarker: 'sandbox:fail',
} as const;

export const WITHDRAWAL_REMARK_MAX = 140;

/** Opening hours of withdrawals, a merchant setting, in its time zone. */
export type WithdrawalHours = z.infer<typeof withdrawalHoursSchema>;

/** The withdrawal agreement of one currency: the fee and the per-order limits. No agreement: 006001B005. */
export type WithdrawalAgreement = z.infer<typeof withdrawalAgreementSchema>;

export type VerifiedBankAccount = z.infer<typeof verifiedBankAccountSchema>;

export type WithdrawConfig = z.infer<typeof withdrawConfigSchema>;

/** Why the desk is closed now (a code with its values), in WithdrawConfig. */
export type WithdrawClosedReason = z.infer<typeof withdrawClosedReasonSchema>;

export type WithdrawalRecord = z.infer<typeof withdrawalRecordSchema>;

export type WithdrawalEvent = z.infer<typeof withdrawalEventSchema>;

export type WithdrawalDetail = z.infer<typeof withdrawalDetailSchema>;

const WEEKDAY_SHORT = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "Mon–Fri 08:00–20:00 Europe/Amsterdam, closed on NL public holidays". */
export function describeWithdrawalHours(hours: WithdrawalHours): string {
  const short = (d: number) => WEEKDAY_SHORT[d];
  const sorted = [...hours.days].sort();
  const consecutive = sorted.every((d, i) => i === 0 || d === sorted[i - 1] + 1);
  const days =
    sorted.length === 7
      ? 'Every day'
      : consecutive && sorted.length > 2
        ? `${short(sorted[0])}–${short(sorted[sorted.length - 1])}`
        : sorted.map(short).join(', ');
  const holidays = hours.holidayCountry ? `, closed on ${hours.holidayCountry} public holidays` : '';
  return `${days} ${hours.open}–${hours.close} ${hours.timeZone}${holidays}`;
}

export type CreateWithdrawalRequest = z.input<typeof createWithdrawalRequest>;
export type CancelWithdrawalRequest = z.input<typeof cancelWithdrawalRequest>;
export type WithdrawalDetailRequest = z.input<typeof withdrawalDetailRequest>;
export type WithdrawalFilters = z.output<typeof withdrawalFiltersSchema>;
export type ListWithdrawalsRequest = z.input<typeof listWithdrawalsRequest>;
export type ListWithdrawalsQuery = z.output<typeof listWithdrawalsRequest>;
