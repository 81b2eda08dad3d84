/**
 * The server's translations (i18next, the web app's library): its own error messages (`errors`), the
 * messages of its successes (`success`, lib/envelope.ts ok), its mail (`mail`) and the column headers
 * of export files (`exports`), one JSON file per namespace per language under locales/, plus the
 * record texts (`records`), the error catalogue and the label tables packages/contracts shares with
 * the web app. Everything is loaded at start (a few kB), so t() is synchronous. i18n.test.ts
 * checks that both languages have every key.
 */
import i18next, { type TOptions } from 'i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, localeOfAcceptLanguage, type Locale } from '@mbo/contracts/locale';
import { RECORD_TEXTS, sayRecordText } from '@mbo/contracts/record-texts';
import { RECORD_TEXTS_ZH_CN } from '@mbo/contracts/record-texts-zh-cn';
import enErrors from './locales/en/errors.json';
import enExports from './locales/en/exports.json';
import enMail from './locales/en/mail.json';
import enSuccess from './locales/en/success.json';
import zhErrors from './locales/zh-CN/errors.json';
import zhExports from './locales/zh-CN/exports.json';
import zhMail from './locales/zh-CN/mail.json';
import zhSuccess from './locales/zh-CN/success.json';

export type { Locale } from '@mbo/contracts/locale';

/** The namespaces of the server's own JSON files (i18n.test.ts checks both languages have every key). */
export const SERVER_NAMESPACES = ['errors', 'success', 'mail', 'exports'] as const;

export const SERVER_RESOURCES = {
  en: { errors: enErrors, success: enSuccess, mail: enMail, exports: enExports },
  'zh-CN': { errors: zhErrors, success: zhSuccess, mail: zhMail, exports: zhExports },
} as const;

const instance = i18next.createInstance();
void instance.init({
  resources: {
    en: { ...SERVER_RESOURCES.en, records: RECORD_TEXTS },
    'zh-CN': { ...SERVER_RESOURCES['zh-CN'], records: RECORD_TEXTS_ZH_CN },
  },
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  ns: [...SERVER_NAMESPACES, 'records'],
  defaultNS: 'errors',
  initAsync: false,
  // Mail bodies are escaped where they become HTML (mail/templates.ts); plain text stays plain.
  interpolation: { escapeValue: false },
  returnNull: false,
  // The log is JSON lines only: no notice of the library's sponsor on the console.
  showSupportNotice: false,
});

/** "ns:key" in a language: t('mail:reset.subject', 'zh-CN'). */
export function t(key: string, lng: Locale, options: TOptions = {}): string {
  // Keys are read at run time from JSON (no typed resources): the plain signature.
  const translate = instance.t as unknown as (k: string, o: TOptions) => string;
  return translate(key, { ...options, lng });
}

/**
 * A named format of interpolation (`{{missing, grants}}` in a message), added by the module that owns
 * its words: the value is worded in the language of the message.
 */
export function addFormat(name: string, format: (value: unknown, lng: Locale) => string): void {
  instance.services.formatter?.add(name, (value: unknown, lng: string | undefined) =>
    format(value, isLocale(lng) ? lng : DEFAULT_LOCALE),
  );
}

/** True when the key has words in the language itself (not only through the fallback). */
export function hasText(key: string, lng: Locale): boolean {
  return instance.exists(key, { lng, fallbackLng: false });
}

/**
 * The caller's language: the signed-in user's choice, else the request's Accept-Language (the web
 * app sends its language there), else English.
 */
export function callerLocale(userLocale: string | null | undefined, acceptLanguage: string | undefined): Locale {
  return isLocale(userLocale) ? userLocale : localeOfAcceptLanguage(acceptLanguage);
}

/** A recipient's language for mail: their choice, else English. */
export const recipientLocale = (userLocale: string | null | undefined): Locale =>
  isLocale(userLocale) ? userLocale : DEFAULT_LOCALE;

/**
 * A sentence the product stored in a record (packages/contracts record-texts.ts: a failure or
 * rejection reason) in a language; a sentence no record text matches (typed by a person) as stored.
 */
export const recordWords = (text: string, lng: Locale): string =>
  sayRecordText(text, (key, values, stored) => t(`records:${key}`, lng, { ...values, defaultValue: stored }));
