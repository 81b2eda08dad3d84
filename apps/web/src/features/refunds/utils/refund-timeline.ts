import type { RefundDetail } from '@mbo/contracts/refunds';
import type { DetailEvent } from '@/components/detail/detail-timeline';
import type { StatusTone } from '@/components/list/status-tag';

/** What the refund's own event types mean (server: CREATED, SUCCEEDED or SUCCESS, FAILED). */
const TITLES: Record<string, string> = {
  CREATED: 'Refund requested',
  PROCESSING: 'Sent to the payment method',
  SUCCEEDED: 'Refund succeeded',
  SUCCESS: 'Refund succeeded',
  FAILED: 'Refund failed',
};

/** "CREATED" → "Refund requested"; other types as words ("REFUND_CREATED" → "Refund created"). */
export function eventTitle(type: string): string {
  const known = TITLES[type.toUpperCase()];
  if (known) return known;
  const text = type.toLowerCase().replace(/[_.]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
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
): DetailEvent[] {
  if (refund.events.length > 0) {
    return [...refund.events]
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((e, i) => ({
        key: `${i}-${e.type}`,
        title: eventTitle(e.type),
        note: e.note,
        at: e.at,
        tone: toneOf(e.status, e.type),
      }));
  }
  const out: DetailEvent[] = [
    { key: 'created', title: 'Refund requested', note: null, at: refund.createdAt, tone: 'processing' },
  ];
  if (refund.finishedAt && refund.status === 'SUCCESS') {
    out.push({ key: 'done', title: 'Refund succeeded', note: null, at: refund.finishedAt, tone: 'success' });
  } else if (refund.finishedAt && refund.status === 'FAILED') {
    out.push({ key: 'done', title: 'Refund failed', note: refund.failureReason, at: refund.finishedAt, tone: 'error' });
  }
  return out;
}
