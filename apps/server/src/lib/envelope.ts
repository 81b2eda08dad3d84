import { SUCCESS_CODE, type Envelope } from '@mbo/contracts/envelope';
import type { AppError } from './app-error';
import { hasText, t, type Locale } from './i18n/i18n';

/** A success: code 000000 (a literal, so a route's response schema types `data` by its contract). */
export function ok<T>(data: T, msg = 'Success'): Envelope<T> & { code: typeof SUCCESS_CODE } {
  return { code: SUCCESS_CODE, msg, msg_params: null, data };
}

/**
 * The message of an error in the caller's language. English is the error's own message. In another
 * language: the error's text key, else the code's message there (`errors:codes.<code>`), else the
 * English message. Only a message the client shows needs it (isGwErrorMapEnabled = 1): for the
 * others the client reads its own catalogue in its language.
 */
export function messageIn(err: AppError, lang: Locale): string {
  if (lang === 'en' || !err.mapEnabled) return err.message;
  if (err.text) return t(`errors:${err.text.key}`, lang, err.text.values);
  const byCode = `errors:codes.${err.code}`;
  return hasText(byCode, lang) ? t(byCode, lang) : err.message;
}

/**
 * An error in the envelope, its message in the caller's language; requestId (also sent as
 * x-request-id) lets support find the log line. originalMsg keeps the English message.
 */
export function failure(err: AppError, requestId?: string, lang: Locale = 'en'): Envelope<unknown> {
  return {
    code: err.code,
    msg: messageIn(err, lang),
    msg_params: {
      originalMsg: err.message,
      isGwErrorMapEnabled: err.mapEnabled ? 1 : 0,
      ...(requestId ? { requestId } : {}),
    },
    data: err.data,
  };
}
