import { useQuery } from '@tanstack/react-query';
import type { RefundDetail } from '@mbo/contracts/refunds';
import DetailPage from '@/components/detail/detail-page';
import { DetailTimeline } from '@/components/detail/detail-timeline';
import { useEventNote } from '@/components/detail/event-note';
import { useDetailId } from '@/components/detail/use-detail-id';
import { displayMoney } from '@/lib/display-money';
import { refundDetailQueryOptions } from '../api/get-refund';
import { RefundFactsCard, RefundNotice, RefundOrigin, RefundStatusTag } from '../components/refund-detail-cards';
import { RefundPaymentCard } from '../components/refund-payment-card';
import { refundTimeline } from '../utils/refund-timeline';
import { useTranslation } from '@/i18n/use-translation';

/** /transactions/refunds_detail?refundId=: amount, status, reason, timeline and the payment it belongs to. */
export default function RefundDetailPage() {
  const id = useDetailId('refundId');
  const query = useQuery({ ...refundDetailQueryOptions(id.value), enabled: id.valid });
  const { t } = useTranslation('refunds', { keyPrefix: 'detail' });
  const { t: timeline } = useTranslation('refunds', { keyPrefix: 'timeline' });
  const eventNote = useEventNote();
  return (
    <DetailPage<RefundDetail>
      noun={t('noun')}
      list={{ to: '/transactions/refunds', label: t('list') }}
      id={id}
      query={query}
      header={(refund) => ({
        title: displayMoney(refund.amount, refund.currency),
        status: <RefundStatusTag refund={refund} />,
        meta: <RefundOrigin refund={refund} />,
        notice: <RefundNotice refund={refund} />,
      })}
      main={(refund) => (
        <>
          <RefundFactsCard refund={refund} />
          <DetailTimeline events={refundTimeline(refund, timeline, eventNote)} />
        </>
      )}
      side={(refund) => <RefundPaymentCard payment={refund.payment} />}
    />
  );
}
