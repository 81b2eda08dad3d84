/**
 * The formats of the language in force (i18n/i18n.ts), through Intl: the one place that turns the
 * app's language into an Intl locale. Money (display-money.ts), days (display-day.ts), numbers and
 * country names read it here, so every figure on screen follows the language the user chose, while
 * what does not depend on it stays as it is:
 * - an amount keeps its currency's own decimals in every language (JPY and IDR none, KWD three) and
 *   its ISO code after it ("1,500 JPY");
 * - a time keeps the product's one writing and names its zone ("2026-05-14 09:32:10 GMT+08:00",
 *   format-time.ts), a calendar day reads "2026-11-23" in both languages;
 * - month and weekday names, short days ("Nov 23" / "11月23日"), grouping and percentages follow it.
 */
import { currentLocale } from '@/i18n/i18n';

/** The Intl locale of a language of the product. */
const INTL_LOCALES = { en: 'en-US', 'zh-CN': 'zh-CN' } as const;

/** The Intl locale of the language in force ("en-US", "zh-CN"). */
export function intlLocale(): string {
  return INTL_LOCALES[currentLocale()];
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** The Intl.NumberFormat of a locale and options, built on first use and kept. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A count or any plain number, grouped the language's way ("1,204"). */
export function displayNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(intlLocale(), options).format(value);
}

/** A share (0.125 → "12.5%"), at most `digits` decimals. */
export function displayPercent(ratio: number, digits = 1): string {
  return numberFormat(intlLocale(), { style: 'percent', maximumFractionDigits: digits }).format(ratio);
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** The name of a region (ISO 3166 code) in the language, or undefined when Intl has none. */
export function regionName(code: string): string | undefined {
  const locale = intlLocale();
  if (!regionNames.has(locale))
    regionNames.set(locale, 'DisplayNames' in Intl ? new Intl.DisplayNames([locale], { type: 'region' }) : null);
  try {
    const name = regionNames.get(locale)?.of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}
