/**
 * The one i18n instance of the web app (i18next; components read it through useTranslation,
 * use-translation.ts; README.md beside this file says how a feature uses it). Resources are one
 * file per namespace per language (locales/<lng>/<ns>.json, plus the `errors` and `labels`
 * namespaces that packages/contracts shares with the server), and each is its own chunk, loaded when
 * first used: a visitor downloads the strings of their language only, and of the pages they open only.
 *
 * The language: the signed-in user's choice (users.locale, adopted by the shell), else the choice
 * made on the login page (kept in localStorage), else the browser's languages (navigator.languages),
 * else English. It is set on <html lang> and sent to the server as Accept-Language, so server
 * messages and mail come back in it.
 */
import i18next, { type BackendModule, type InitOptions, type ResourceKey } from 'i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, matchLocale, type Locale } from '@mbo/contracts/locale';
import { loadAntdLocale } from './antd-locale';

export { LOCALES, type Locale };

/** Where the login page's (or an earlier) choice is kept until the server keeps it. */
export const LOCALE_STORAGE_KEY = 'mbo-locale';

/**
 * Namespaces every page needs, the login page included: loaded with the language, before the first
 * render. `errors` (the catalogue) loads with the first error shown (lib/http/request.ts).
 */
export const BASE_NAMESPACES = ['common'] as const;

/**
 * Namespaces of the signed-in area: its shell, the shared components' words (the list kit, …), the
 * status and code labels every page shows, and the header's search (its button is on every page).
 */
export const SHELL_NAMESPACES = ['shell', 'kit', 'labels', 'search'] as const;

type Loader = () => Promise<ResourceKey>;

const LOCAL_FILES = import.meta.glob<ResourceKey>('./locales/*/*.json', { import: 'default' });

/** The namespaces packages/contracts holds (shared with the server), per language. */
const SHARED: Record<Locale, Record<string, Loader>> = {
  en: {
    errors: () => import('@mbo/contracts/error-messages').then((m) => m.ERROR_RESOURCE),
    labels: () => import('@mbo/contracts/enum-labels').then((m) => m.ENUM_LABELS),
    records: () => import('@mbo/contracts/record-texts').then((m) => m.RECORD_TEXTS),
    'dispute-reasons': () => import('@mbo/contracts/dispute-reasons').then((m) => m.DISPUTE_REASON_RESOURCE),
  },
  'zh-CN': {
    errors: () => import('@mbo/contracts/error-catalogue-zh-cn').then((m) => m.ERROR_RESOURCE_ZH_CN),
    labels: () => import('@mbo/contracts/enum-labels-zh-cn').then((m) => m.ENUM_LABELS_ZH_CN),
    records: () => import('@mbo/contracts/record-texts-zh-cn').then((m) => m.RECORD_TEXTS_ZH_CN),
    'dispute-reasons': () =>
      import('@mbo/contracts/dispute-reasons-zh-cn').then((m) => m.DISPUTE_REASON_RESOURCE_ZH_CN),
  },
};

/** Every resource of every language, by language and namespace (the parity test walks it). */
export function resourceLoaders(): Record<Locale, Record<string, Loader>> {
  const out = { en: { ...SHARED.en }, 'zh-CN': { ...SHARED['zh-CN'] } } as Record<Locale, Record<string, Loader>>;
  for (const [path, load] of Object.entries(LOCAL_FILES)) {
    const [, lng, ns] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (isLocale(lng) && ns) out[lng][ns] = load;
  }
  return out;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = isLocale(language) ? resourceLoaders()[language][namespace] : undefined;
    if (!load) {
      callback(new Error(`no resource ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (data) => callback(null, data),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), true),
    );
  },
};

function storedLocale(): Locale | undefined {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The language of a first visit: the one chosen on this browser before, else the browser's, else English. */
export function initialLocale(): Locale {
  if (typeof window === 'undefined') return DEFAULT_LOCALE;
  return storedLocale() ?? matchLocale(navigator.languages ?? [navigator.language]) ?? DEFAULT_LOCALE;
}

/** True when this browser holds a language chosen on the login page (or by the user menu before). */
export const hasStoredLocale = (): boolean => storedLocale() !== undefined;

export const i18n = i18next.createInstance();

/** The options of the app's instance (the tests' instance, testing.ts, takes the same). */
export const I18N_OPTIONS = {
  // No fallback language: the parity test (resources.test.ts) keeps both complete, and a Chinese
  // reader downloads no English.
  fallbackLng: false,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  defaultNS: 'common',
  fallbackNS: 'common',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  // No notice of the library's sponsor on the console.
  showSupportNotice: false,
} as const satisfies InitOptions;

function applyToDocument(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
// <html lang> follows every change of language (screen readers, fonts, hyphenation).
i18n.on('languageChanged', applyToDocument);

let initializing: Promise<unknown> | undefined;

/**
 * Starts i18next in the first language with the namespaces every page needs (and `extra`, e.g. the
 * login page's `auth` for a new visitor); resolves when they are loaded.
 */
export function initI18n(extra: readonly string[] = []): Promise<unknown> {
  const first = initialLocale();
  initializing ??= Promise.all([
    loadAntdLocale(first),
    i18n
      .use(lazyBackend)
      .init({ ...I18N_OPTIONS, supportedLngs: [...LOCALES], lng: first, ns: [...BASE_NAMESPACES, ...extra] }),
  ]);
  applyToDocument(first);
  return initializing;
}

/** The language in force. */
export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);

/**
 * Switches the language at once (loading its resources first) and remembers it on this browser, so
 * the next first paint of the login page speaks it. The user menu also keeps it on the server.
 */
export async function changeLocale(next: Locale, { remember = true } = {}): Promise<void> {
  if (remember) {
    try {
      window.localStorage.setItem(LOCALE_STORAGE_KEY, next);
    } catch {
      // Storage refused: the choice holds for this tab (and on the server once signed in).
    }
  }
  if (next === i18n.language) return;
  await Promise.all([loadAntdLocale(next), i18n.loadLanguages(next)]);
  await i18n.changeLanguage(next);
}
