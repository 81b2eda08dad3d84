/**
 * The words of a code in a language: label('PAYMENT_STATUSES', 'SUCCESS', 'zh-CN') → '成功'. The
 * kind is the enum's exported name (ENUM_LABELS, enum-labels.ts). English is the source; a code no
 * table knows (a newer server's) reads as the code in words. Used by the server (exports, mail); the
 * web app reads the same tables as its lazily loaded `labels` namespace (apps/web/src/i18n).
 */
import { ENUM_LABELS, type LabelKind } from './enum-labels';
import { ENUM_LABELS_ZH_CN } from './enum-labels-zh-cn';
import type { Locale } from './locale';
import { humanizeCode } from './status-labels';

export type { LabelKind } from './enum-labels';

const TABLES: Readonly<Record<Locale, Readonly<Record<LabelKind, Readonly<Record<string, string>>>>>> = {
  en: ENUM_LABELS,
  'zh-CN': ENUM_LABELS_ZH_CN,
};

export function label(kind: LabelKind, code: string, lang: Locale = 'en'): string {
  const own = TABLES[lang]?.[kind];
  if (own && Object.hasOwn(own, code)) return own[code];
  const english: Readonly<Record<string, string>> = ENUM_LABELS[kind];
  return Object.hasOwn(english, code) ? english[code] : humanizeCode(code);
}
