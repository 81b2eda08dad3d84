import { SUCCESS_CODE, type Envelope } from '@mbo/contracts/envelope';
import type { AppError } from './app-error';

export function ok<T>(data: T, msg = 'Success'): Envelope<T> {
  return { code: SUCCESS_CODE, msg, msg_params: null, data };
}

export function failure(err: AppError): Envelope<unknown> {
  return {
    code: err.code,
    msg: err.message,
    msg_params: { originalMsg: err.message, isGwErrorMapEnabled: err.mapEnabled ? 1 : 0 },
    data: err.data,
  };
}
