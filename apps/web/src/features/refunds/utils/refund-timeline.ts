import type { TFunction } from 'i18next';
import type { RefundDetail } from '@mbo/contracts/refunds';
import { humanizeCode } from '@mbo/contracts/status-labels';
import type { NotedEvent } from '@/components/detail/event-note';
import type { DetailEvent } from '@/components/detail/detail-timeline';
import type { StatusTone } from '@/components/list/status-tag';

/**
 * "CREATED" → "Refund requested" (the refunds namespace's `timeline`, keyed by the type in capitals:
 * CREATED, SUCCEEDED or SUCCESS, FAILED, …); other types as words ("REFUND_X" → "Refund x").
 * `t` is useTranslation('refunds', { keyPrefix: 'timeline' })'s.
 */
export function eventTitle(type: string, t: TFunction): string {
  return t(type.toUpperCase().replace(/[^A-Z0-9_]/g, '_'), { defaultValue: humanizeCode(type) });
}

function toneOf(status: string | null, type: string): StatusTone {
  const s = `${status ?? ''} ${type}`.toUpperCase();
  if (/FAIL|DECLIN|ERROR/.test(s)) return 'error';
  if (/SUCCE|COMPLET|PAID/.test(s)) return 'success';
  if (/PROCESS|PENDING|CREATED|REQUEST/.test(s)) return 'processing';
  return 'default';
}

/**
 * The refund's timeline, oldest first. Without events from the server it is built from the refund's
 * own times, so the page always shows when it was requested and when it finished.
 */
export function refundTimeline(
  refund: Pick<RefundDetail, 'events' | 'status' | 'createdAt' | 'finishedAt' | 'failureReason'>,
  t: TFunction,
  note: (e: NotedEvent) => string | null,
): DetailEvent[] {
  if (refund.events.length > 0) {
    return [...refund.events]
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((e, i) => ({
        key: `${i}-${e.type}`,
        title: eventTitle(e.type, t),
        note: note(e),
        at: e.at,
        tone: toneOf(e.status, e.type),
      }));
  }
  const out: DetailEvent[] = [
    { key: 'created', title: t('CREATED'), note: null, at: refund.createdAt, tone: 'processing' },
  ];
  if (refund.finishedAt && refund.status === 'SUCCESS') {
    out.push({ key: 'done', title: t('SUCCESS'), note: null, at: refund.finishedAt, tone: 'success' });
  } else if (refund.finishedAt && refund.status === 'FAILED') {
    out.push({
      key: 'done',
      title: t('FAILED'),
      note: note({ note: refund.failureReason }),
      at: refund.finishedAt,
      tone: 'error',
    });
  }
  return out;
}
