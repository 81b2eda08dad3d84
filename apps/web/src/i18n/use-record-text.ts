/**
 * The sentences the server writes into records (failure and end reasons, timeline notes, system
 * actors: packages/contracts/src/record-texts.ts) in the language in force: `const words =
 * useRecordText(); words(payment.failureReason)` → "Card declined (sandbox test card)" /
 * "银行卡被拒（沙箱测试卡）". A stored sentence is read back into its key and values, and each value
 * that is itself a record text is said again too. Text no record text matches (an approver's typed
 * reason) reads as stored.
 */
import { useCallback } from 'react';
import type { i18n as I18n } from 'i18next';
import { sayRecordText } from '@mbo/contracts/record-texts';
import { useTranslation } from '@/i18n/use-translation';

/** A record's stored sentence in the language of an instance whose `records` namespace is loaded. */
export function recordWordsIn(i18n: I18n, text: string): string {
  return sayRecordText(text, (key, values, stored) => i18n.t(key, { ns: 'records', ...values, defaultValue: stored }));
}

export type RecordWords = <T extends string | null | undefined>(text: T) => T;

export function useRecordText(): RecordWords {
  const { i18n } = useTranslation('records');
  const lng = i18n.language;
  return useCallback(
    <T extends string | null | undefined>(text: T): T => (text ? (recordWordsIn(i18n, text) as T) : text),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function when the language changes
    [i18n, lng],
  );
}
