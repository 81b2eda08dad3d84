import type { DisputeDetail } from '@mbo/contracts/disputes';
import type { DetailEvent } from '@/components/detail/detail-timeline';
import type { StatusTone } from '@/components/list/status-tag';

const TITLES: Record<string, string> = {
  OPENED: 'Dispute opened',
  EVIDENCE_SAVED: 'Evidence saved as a draft',
  EVIDENCE_UPLOADED: 'Evidence file uploaded',
  EVIDENCE_REMOVED: 'Evidence file removed',
  UNDER_REVIEW: 'Evidence submitted',
  WON: 'Won',
  LOST: 'Lost',
  ACCEPTED: 'Accepted',
  EXPIRED: 'Expired',
};

const TONES: Record<string, StatusTone> = {
  OPENED: 'warning',
  UNDER_REVIEW: 'processing',
  WON: 'success',
  LOST: 'error',
  EXPIRED: 'error',
};

/** The dispute's events, oldest first, each with who or what caused it. */
export function disputeTimeline(dispute: Pick<DisputeDetail, 'events'>): DetailEvent[] {
  return dispute.events.map((e, i) => ({
    key: `${i}-${e.type}`,
    title: TITLES[e.type] ?? e.type,
    note: [e.note, e.actor ? `by ${e.actor}` : null].filter(Boolean).join(' · ') || null,
    at: e.at,
    tone: TONES[e.type] ?? 'default',
  }));
}
