import type { TFunction } from 'i18next';
import type { AgreementDetail } from '@mbo/contracts/subscriptions';
import type { NotedEvent } from '@/components/detail/event-note';
import type { DetailEvent } from '@/components/detail/detail-timeline';
import { humanizeStatus, type StatusTone } from '@/components/list/status-tag';
import type { LabelKind } from '@/i18n/use-label';
import { AGREEMENT_STATUS_TONE } from './agreement-status';

/** The event types with words of their own (subscriptions:timeline.events); any other reads as its humanized code. */
const TITLED = new Set([
  'CREATED',
  'STARTED',
  'CHARGED',
  'CHARGE_SUCCEEDED',
  'RENEWED',
  'CHARGE_FAILED',
  'CHARGE_DECLINED',
  'PAST_DUE',
  'RETRY_SCHEDULED',
  'RECOVERED',
  'CANCEL_SCHEDULED',
  'CANCEL_AT_PERIOD_END',
  'CANCELLED',
  'EXPIRED',
]);

const isFailure = (type: string) => /FAIL|DECLIN/.test(type);

/** The agreement's events, each with who or what caused it; the tone follows the status it led to. */
export function agreementTimeline(
  t: TFunction,
  label: (kind: LabelKind, code: string) => string,
  agreement: Pick<AgreementDetail, 'events'>,
  note: (e: NotedEvent) => string | null,
): DetailEvent[] {
  const ns = 'subscriptions';
  return agreement.events.map((e, i) => {
    const status = e.status as keyof typeof AGREEMENT_STATUS_TONE;
    const tone: StatusTone = isFailure(e.type) ? 'error' : (AGREEMENT_STATUS_TONE[status] ?? 'default');
    return {
      key: `${i}-${e.type}`,
      title: TITLED.has(e.type) ? t(`timeline.events.${e.type}`, { ns }) : humanizeStatus(e.type),
      status: e.status ? label('AGREEMENT_STATUSES', e.status) : null,
      note: note(e),
      at: e.createdAt,
      tone,
    };
  });
}
