/**
 * Payouts (Payouts → Create payout, Payout history): money the merchant sends to beneficiaries, one
 * at a time or as a batch file. Paths, constants and types; schemas in payouts-schemas.ts, the row
 * rules in payout-rows.ts.
 *
 * Money: a payout holds its amount + fee from available in reserved when it is accepted (a batch holds
 * all its rows' totals in one ledger transaction per currency, or nothing); paid, the amount leaves to
 * the beneficiary and the fee to the provider; failed, the amount + fee return to available.
 */
import { recordText } from './record-texts';
import type { z } from 'zod';
import type {
  batchValidationSchema,
  createPayoutRequest,
  currencyTotalsSchema,
  listPayoutBatchesRequest,
  listPayoutsRequest,
  payoutBatchDetailRequest,
  payoutBatchRecordSchema,
  payoutDetailRequest,
  payoutDetailSchema,
  payoutEventSchema,
  payoutFiltersSchema,
  payoutRecordSchema,
  payoutTemplateRequest,
  submitPayoutBatchRequest,
} from './payouts-schemas';

export const PAYOUT_PATHS = {
  /** POST `CreatePayoutRequest` + Idempotency-Key (API_PAYOUT_CREATE) → `PayoutRecord`. */
  create: '/payout/web/v1/payout/create',
  /** POST `{ pageNum, pageSize, ...filters }` → `Page<PayoutRecord>` (a batch's rows with `batchId`). */
  list: '/payout/web/v1/payout/list',
  /** GET `?payoutId=` (PAGE_PAYOUT_DETAIL) → `PayoutDetail`. */
  detail: '/payout/web/v1/payout/detail',
  /** GET `?format=CSV|XLSX` (API_PAYOUT_CREATE): the batch file template, as an attachment. */
  template: '/payout/web/v1/payout-batch/template',
  /**
   * POST multipart/form-data, one `file` (API_PAYOUT_CREATE) → `BatchValidation`: every row and its cell errors;
   * nothing stored.
   */
  validate: '/payout/web/v1/payout-batch/validate',
  /** POST `{ fileName, rows }` + Idempotency-Key (API_PAYOUT_CREATE) → `PayoutBatchRecord`. */
  submit: '/payout/web/v1/payout-batch/submit',
  /** POST `{ pageNum, pageSize, ...filters }` → `Page<PayoutBatchRecord>`. */
  batchList: '/payout/web/v1/payout-batch/list',
  /** GET `?batchId=` (PAGE_PAYOUT_BATCH_DETAIL) → `PayoutBatchDetail`. */
  batchDetail: '/payout/web/v1/payout-batch/detail',
} as const;

/**
 * PENDING_APPROVAL: above the approval threshold, money reserved, waiting for a second user (approvals.ts).
 * PENDING: accepted, money reserved, waiting for the bank's next run. PROCESSING: at the bank.
 * SUCCESS: paid. FAILED: refused by the beneficiary's bank, money back. CANCELLED: not paid, money back.
 */
export const PAYOUT_STATUSES = ['PENDING_APPROVAL', 'PENDING', 'PROCESSING', 'SUCCESS', 'FAILED', 'CANCELLED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * A batch: PENDING_APPROVAL while it waits for a second user; PROCESSING while any row is open, then
 * COMPLETED (every row paid) or PARTIALLY_FAILED (some rows failed); REJECTED by the checker (nothing paid, money
 * back).
 */
export const PAYOUT_BATCH_STATUSES = [
  'PENDING_APPROVAL',
  'PROCESSING',
  'COMPLETED',
  'PARTIALLY_FAILED',
  'REJECTED',
] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

/**
 * Sandbox beneficiary banks (README "Money out"): an account number or wallet ID ending in 0003 is
 * refused as closed, one ending in 0004 as a name mismatch; every other payout is paid.
 */
export const SANDBOX_PAYOUT_FAILURES: Readonly<Record<string, string>> = {
  '0003': recordText('payoutAccountClosed'),
  '0004': recordText('payoutNameMismatch'),
};

/**
 * A batch with the same rows as one submitted in the last 24 hours answers with that batch: the same file pays nobody
 * twice.
 */
export const BATCH_DUPLICATE_WINDOW_HOURS = 24;

export type PayoutRecord = z.infer<typeof payoutRecordSchema>;

export type PayoutEvent = z.infer<typeof payoutEventSchema>;

export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

export type CurrencyTotals = z.infer<typeof currencyTotalsSchema>;

export type PayoutBatchRecord = z.infer<typeof payoutBatchRecordSchema>;

export type PayoutBatchDetail = PayoutBatchRecord;

/** The answer of validate: the file's rows as text and each row's cell errors (row numbers 1-based). */
export type BatchValidation = z.infer<typeof batchValidationSchema>;

export type CreatePayoutRequest = z.input<typeof createPayoutRequest>;
export type SubmitPayoutBatchRequest = z.input<typeof submitPayoutBatchRequest>;
export type PayoutFilters = z.output<typeof payoutFiltersSchema>;
export type ListPayoutsRequest = z.input<typeof listPayoutsRequest>;
export type ListPayoutsQuery = z.output<typeof listPayoutsRequest>;
export type ListPayoutBatchesRequest = z.input<typeof listPayoutBatchesRequest>;
export type ListPayoutBatchesQuery = z.output<typeof listPayoutBatchesRequest>;
export type PayoutDetailRequest = z.input<typeof payoutDetailRequest>;
export type PayoutBatchDetailRequest = z.input<typeof payoutBatchDetailRequest>;
export type PayoutTemplateRequest = z.input<typeof payoutTemplateRequest>;
