import { useQuery } from '@tanstack/react-query';
import type { DisputeDetail } from '@mbo/contracts/disputes';
import DetailPage from '@/components/detail/detail-page';
import { DetailTimeline } from '@/components/detail/detail-timeline';
import { useEventNote } from '@/components/detail/event-note';
import { useDetailId } from '@/components/detail/use-detail-id';
import { displayMoney } from '@/lib/display-money';
import { disputeDetailQueryOptions } from '../api/disputes-api';
import {
  DisputeFactsCard,
  DisputeNotice,
  DisputeOrigin,
  DisputePaymentCard,
  DisputeStatusTag,
  DueCard,
  ReasonCard,
} from '../components/dispute-detail-cards';
import { DisputeEvidenceCard } from '../components/dispute-evidence-card';
import { disputeTimeline } from '../utils/dispute-timeline';
import '../components/disputes.css';
import { useTranslation } from '@/i18n/use-translation';

/**
 * /transactions/disputes/detail?disputeId=: reason and checklist, due date, evidence and actions, timeline, the
 * payment.
 */
export default function DisputeDetailPage() {
  const id = useDetailId('disputeId');
  const query = useQuery({ ...disputeDetailQueryOptions(id.value), enabled: id.valid });
  // The reason card's words (the `dispute-reasons` namespace) load with the page's, before its first render.
  const { t } = useTranslation(['disputes', 'dispute-reasons'], { keyPrefix: 'detail' });
  const { t: timeline } = useTranslation('disputes', { keyPrefix: 'timeline' });
  const eventNote = useEventNote();
  return (
    <DetailPage<DisputeDetail>
      noun={t('noun')}
      list={{ to: '/transactions/disputes', label: t('list') }}
      id={id}
      query={query}
      header={(d) => ({
        title: displayMoney(d.amount, d.currency),
        status: <DisputeStatusTag dispute={d} />,
        meta: <DisputeOrigin dispute={d} />,
        notice: <DisputeNotice dispute={d} />,
      })}
      main={(d) => (
        <>
          <ReasonCard dispute={d} />
          <DisputeEvidenceCard key={`${d.disputeId}-${d.status}`} dispute={d} />
          <DetailTimeline events={disputeTimeline(d, timeline, eventNote)} />
        </>
      )}
      side={(d) => (
        <>
          <DueCard dispute={d} />
          <DisputeFactsCard dispute={d} />
          <DisputePaymentCard dispute={d} />
        </>
      )}
    />
  );
}
