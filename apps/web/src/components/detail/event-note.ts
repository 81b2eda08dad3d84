/**
 * The note line under a timeline event: what the server wrote (in the reader's language,
 * use-record-text.ts) and who did it ("Sent to the bank · by Bank (sandbox)").
 */
import { useMemo } from 'react';
import type { i18n as I18n } from 'i18next';
import { recordWordsIn } from '@/i18n/use-record-text';
import { useTranslation } from '@/i18n/use-translation';

export interface NotedEvent {
  note?: string | null;
  actor?: string | null;
}

/** The note of an event from an instance whose `kit` and `records` namespaces are loaded. */
export function eventNoteIn(i18n: I18n): (event: NotedEvent) => string | null {
  const t = i18n.getFixedT(i18n.language, 'kit', 'detail');
  const words = (text: string | null | undefined) => (text ? recordWordsIn(i18n, text) : null);
  return (e) =>
    [words(e.note), e.actor ? t('eventBy', { actor: words(e.actor) }) : null].filter(Boolean).join(' · ') || null;
}

export function useEventNote(): (event: NotedEvent) => string | null {
  const { i18n } = useTranslation(['kit', 'records']);
  const lng = i18n.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function when the language changes
  return useMemo(() => eventNoteIn(i18n), [i18n, lng]);
}
