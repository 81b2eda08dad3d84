import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from '../../lib/app-error';

/** Another merchant's (or an unknown) dispute: "not found", never data. */
export function disputeNotFound(): AppError {
  return new AppError(ERROR_CODES.DISPUTE_NOT_FOUND, { msg: 'Dispute not found.' });
}
