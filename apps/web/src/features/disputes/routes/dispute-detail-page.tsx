import { useQuery } from '@tanstack/react-query';
import type { DisputeDetail } from '@mbo/contracts/disputes';
import DetailPage from '@/components/detail/detail-page';
import { DetailTimeline } from '@/components/detail/detail-timeline';
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

const DISPUTES = { to: '/transactions/disputes', label: 'Disputes' };

/**
 * /transactions/disputes/detail?disputeId=: reason and checklist, due date, evidence and actions, timeline, the
 * payment.
 */
export default function DisputeDetailPage() {
  const id = useDetailId('disputeId');
  const query = useQuery({ ...disputeDetailQueryOptions(id.value), enabled: id.valid });
  return (
    <DetailPage<DisputeDetail>
      noun="dispute"
      list={DISPUTES}
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
          <DetailTimeline events={disputeTimeline(d)} />
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
