import type { AgreementDetail } from '@mbo/contracts/subscriptions';
import type { DetailEvent } from '@/components/detail/detail-timeline';
import { humanizeStatus, type StatusTone } from '@/components/list/status-tag';
import { AGREEMENT_STATUS_LABEL, AGREEMENT_STATUS_TONE } from './agreement-status';

/** What each event means in words; an event type not listed reads as its humanized code. */
const TITLES: Record<string, string> = {
  CREATED: 'Subscription started',
  STARTED: 'Subscription started',
  CHARGED: 'Cycle charged',
  CHARGE_SUCCEEDED: 'Cycle charged',
  RENEWED: 'Renewal charged',
  CHARGE_FAILED: 'Charge declined',
  CHARGE_DECLINED: 'Charge declined',
  PAST_DUE: 'Past due: retrying the declined charge',
  RETRY_SCHEDULED: 'Retry scheduled',
  RECOVERED: 'Declined charge recovered',
  CANCEL_SCHEDULED: 'Set to cancel at the end of the period',
  CANCEL_AT_PERIOD_END: 'Set to cancel at the end of the period',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Ended: every cycle charged',
};

const isFailure = (type: string) => /FAIL|DECLIN/.test(type);

/** The agreement's events, each with who or what caused it; the tone follows the status it led to. */
export function agreementTimeline(agreement: Pick<AgreementDetail, 'events'>): DetailEvent[] {
  return agreement.events.map((e, i) => {
    const status = e.status as keyof typeof AGREEMENT_STATUS_LABEL;
    const tone: StatusTone = isFailure(e.type) ? 'error' : (AGREEMENT_STATUS_TONE[status] ?? 'default');
    return {
      key: `${i}-${e.type}`,
      title: TITLES[e.type] ?? humanizeStatus(e.type),
      status: e.status ? (AGREEMENT_STATUS_LABEL[status] ?? humanizeStatus(e.status)) : null,
      note: [e.note, e.actor ? `by ${e.actor}` : null].filter(Boolean).join(' · ') || null,
      at: e.createdAt,
      tone,
    };
  });
}
