import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { ApiError } from '@/lib/http/request';

/**
 * The answers that mean "no such record for this merchant": an unknown id, or another merchant's
 * (tenant scope answers "not found", never "forbidden"). The detail page shows them itself, no toast.
 */
const NOT_FOUND_CODES: ReadonlySet<string> = new Set([
  ERROR_CODES.PAGE_DATA_NOT_EXISTS,
  ERROR_CODES.ORDER_NOT_FOUND,
  ERROR_CODES.DISPUTE_NOT_FOUND,
  ERROR_CODES.PAYOUT_NOT_FOUND,
  ERROR_CODES.PAYOUT_BATCH_NOT_FOUND,
  ERROR_CODES.AGREEMENT_NOT_FOUND,
]);

export function isNotFoundError(error: unknown): error is ApiError {
  return error instanceof ApiError && NOT_FOUND_CODES.has(error.code);
}
