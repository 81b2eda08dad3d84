import { SUCCESS_CODE, type Envelope } from '@mbo/contracts/envelope';
import type { AppError } from './app-error';
import { hasText, t, type Locale } from './i18n/i18n';

/**
 * What a success says: a key of the server's `success` namespace (lib/i18n/locales/<lng>/success.json)
 * and its values, e.g. `{ key: 'team.roleCreated', values: { name } }`.
 */
export interface SuccessText {
  key: string;
  values?: Record<string, unknown>;
}

/** The text of each envelope ok() made, for wording it again in the caller's language (successIn). */
const SAID = new WeakMap<object, SuccessText>();

/**
 * A success: code 000000 (a literal, so a route's response schema types `data` by its contract). Its
 * msg is the text's English; the envelope-language plugin words it in the caller's language when the
 * answer is sent (successIn).
 */
export function ok<T>(data: T, text: SuccessText = { key: 'done' }): Envelope<T> & { code: typeof SUCCESS_CODE } {
  const envelope: Envelope<T> & { code: typeof SUCCESS_CODE } = {
    code: SUCCESS_CODE,
    msg: t(`success:${text.key}`, 'en', text.values),
    msg_params: null,
    data,
  };
  SAID.set(envelope, text);
  return envelope;
}

/**
 * A route's answer with its msg in a language: an envelope of ok() is worded again there; any other
 * answer (an English caller's, a file, an error) is returned as it is.
 */
export function successIn<T>(payload: T, lang: Locale): T {
  if (lang === 'en' || typeof payload !== 'object' || payload === null) return payload;
  const text = SAID.get(payload);
  return text ? { ...payload, msg: t(`success:${text.key}`, lang, text.values) } : payload;
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
