import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import type { AgreementDetail } from '@mbo/contracts/subscriptions';
import DetailPage from '@/components/detail/detail-page';
import { DetailTimeline } from '@/components/detail/detail-timeline';
import { useEventNote } from '@/components/detail/event-note';
import { useDetailId } from '@/components/detail/use-detail-id';
import { displayMoney } from '@/lib/display-money';
import { agreementDetailQueryOptions } from '../api/agreements-api';
import { AgreementChargesTable } from '../components/agreement-charges-table';
import {
  AgreementCustomerCard,
  AgreementMethodCard,
  AgreementNotice,
  AgreementOrigin,
  AgreementPlanCard,
  AgreementTotalsCard,
  planSubtitle,
} from '../components/agreement-detail-cards';
import { AgreementStatusCell } from '../components/agreement-status-tag';
import { CancelAgreementAction } from '../components/cancel-agreement';
import { AGREEMENTS_URL } from '../utils/agreement-status';
import { agreementTimeline } from '../utils/agreement-timeline';
import '../components/subscriptions.css';

/**
 * /subscription/agreements/detail?agreementId=: the plan and where it stands, the timeline, totals, customer and
 * method, then the charges across the width; cancel.
 */
export default function AgreementDetailPage() {
  const { t } = useTranslation('subscriptions');
  const label = useLabel();
  const eventNote = useEventNote();
  const id = useDetailId('agreementId');
  const query = useQuery({ ...agreementDetailQueryOptions(id.value), enabled: id.valid });
  return (
    <DetailPage<AgreementDetail>
      noun={t('detail.noun')}
      list={{ to: AGREEMENTS_URL, label: t('detail.list') }}
      id={id}
      query={query}
      header={(a) => ({
        title: displayMoney(a.amount, a.currency),
        subtitle: planSubtitle(t, a),
        status: <AgreementStatusCell agreement={a} inline />,
        meta: <AgreementOrigin agreement={a} />,
        actions: <CancelAgreementAction agreement={a} />,
        notice: <AgreementNotice agreement={a} />,
      })}
      main={(a) => (
        <>
          <AgreementPlanCard agreement={a} />
          <DetailTimeline events={agreementTimeline(t, label, a, eventNote)} />
        </>
      )}
      side={(a) => (
        <>
          <AgreementTotalsCard agreement={a} />
          <AgreementCustomerCard agreement={a} />
          <AgreementMethodCard agreement={a} />
        </>
      )}
      below={(a) => <AgreementChargesTable agreement={a} />}
    />
  );
}
