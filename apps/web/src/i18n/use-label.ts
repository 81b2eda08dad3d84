/**
 * The words of a code in the language in force, for components: `const label = useLabel();
 * label('PAYMENT_STATUSES', 'SUCCESS')` → "Succeeded" / "成功". The kinds and tables are the
 * contracts' (ENUM_LABELS, enum-labels.ts, and its zh-CN twin), loaded as the `labels` namespace; a
 * code no table knows reads as the code in words. Re-renders on a change of language.
 */
import { useCallback } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { i18n as I18n } from 'i18next';
import type { LabelKind } from '@mbo/contracts/enum-labels';
import { humanizeCode } from '@mbo/contracts/status-labels';

export type { LabelKind };

/** The words of a code from an i18n instance whose `labels` namespace is loaded (codes may hold dots). */
export function labelIn(i18n: I18n, kind: LabelKind, code: string): string {
  const words: unknown = i18n.getResource(i18n.language, 'labels', [kind, code] as unknown as string);
  return typeof words === 'string' ? words : humanizeCode(code);
}

export function useLabel(): (kind: LabelKind, code: string) => string {
  const { i18n } = useTranslation('labels');
  const lng = i18n.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function when the language changes
  return useCallback((kind: LabelKind, code: string) => labelIn(i18n, kind, code), [i18n, lng]);
}
