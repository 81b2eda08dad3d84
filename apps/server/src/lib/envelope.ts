import { SUCCESS_CODE, type Envelope } from '@mbo/contracts/envelope';
import type { AppError } from './app-error';

/** A success: code 000000 (a literal, so a route's response schema types `data` by its contract). */
export function ok<T>(data: T, msg = 'Success'): Envelope<T> & { code: typeof SUCCESS_CODE } {
  return { code: SUCCESS_CODE, msg, msg_params: null, data };
}

/** An error in the envelope; requestId (also sent as x-request-id) lets support find the log line. */
export function failure(err: AppError, requestId?: string): Envelope<unknown> {
  return {
    code: err.code,
    msg: err.message,
    msg_params: {
      originalMsg: err.message,
      isGwErrorMapEnabled: err.mapEnabled ? 1 : 0,
      ...(requestId ? { requestId } : {}),
    },
    data: err.data,
  };
}
