import type { TFunction } from 'i18next';
import type { DisputeDetail } from '@mbo/contracts/disputes';
import type { NotedEvent } from '@/components/detail/event-note';
import type { DetailEvent } from '@/components/detail/detail-timeline';
import type { StatusTone } from '@/components/list/status-tag';

/** The event types with a title of their own (the disputes namespace's `timeline`); others read as their code. */
const TITLED = new Set([
  'OPENED',
  'EVIDENCE_SAVED',
  'EVIDENCE_UPLOADED',
  'EVIDENCE_REMOVED',
  'UNDER_REVIEW',
  'WON',
  'LOST',
  'ACCEPTED',
  'EXPIRED',
]);

const TONES: Record<string, StatusTone> = {
  OPENED: 'warning',
  UNDER_REVIEW: 'processing',
  WON: 'success',
  LOST: 'error',
  EXPIRED: 'error',
};

/**
 * The dispute's events, oldest first, each with who or what caused it. `t` is
 * useTranslation('disputes', { keyPrefix: 'timeline' })'s.
 */
export function disputeTimeline(
  dispute: Pick<DisputeDetail, 'events'>,
  t: TFunction,
  note: (e: NotedEvent) => string | null,
): DetailEvent[] {
  return dispute.events.map((e, i) => ({
    key: `${i}-${e.type}`,
    title: TITLED.has(e.type) ? t(e.type) : e.type,
    note: note(e),
    at: e.at,
    tone: TONES[e.type] ?? 'default',
  }));
}
