/**
 * The languages of the product and how a visitor's language is found: the user's choice (kept on the
 * server, users.locale), else the browser's preferred languages (navigator.languages on the web, the
 * Accept-Language header on the server), else English. Plain data, shared by the server and the web.
 */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, the same words whatever the language in force (a language switch). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', 'zh-CN': '简体中文' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The product language of one BCP 47 tag, or undefined: "en-GB" → en; "zh", "zh-CN", "zh-Hans-SG" →
 * zh-CN. Traditional Chinese (zh-TW, zh-HK, zh-MO, zh-Hant) is not Simplified Chinese: no match.
 */
export function localeOfTag(tag: string): Locale | undefined {
  const t = tag.trim().toLowerCase();
  if (t === 'en' || t.startsWith('en-')) return 'en';
  if (t === 'zh' || t.startsWith('zh-')) {
    const parts = t.split('-').slice(1);
    if (parts.includes('hant') || parts.some((p) => p === 'tw' || p === 'hk' || p === 'mo')) return undefined;
    return 'zh-CN';
  }
  return undefined;
}

/** The first of the preferred tags the product speaks (in the order given), or undefined. */
export function matchLocale(tags: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return undefined;
}

/** The tags of an Accept-Language header, most preferred first ("zh-CN,zh;q=0.9,en;q=0.8"). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((p) => p.tag !== '' && p.tag !== '*' && p.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((p) => p.tag);
}

/** The language of an Accept-Language header, English when it names none the product speaks. */
export function localeOfAcceptLanguage(header: string | undefined): Locale {
  return matchLocale(acceptLanguageTags(header)) ?? DEFAULT_LOCALE;
}
