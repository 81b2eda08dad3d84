import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import type { PayoutDetail } from '@mbo/contracts/payouts';
import { ApprovalActions } from '@/components/approvals/approval-actions';
import { DetailCard, DetailFigures } from '@/components/detail/detail-cards';
import DetailPage from '@/components/detail/detail-page';
import { useEventNote, type NotedEvent } from '@/components/detail/event-note';
import { DetailTimeline, type DetailEvent } from '@/components/detail/detail-timeline';
import { useDetailId } from '@/components/detail/use-detail-id';
import { displayMoney } from '@/lib/display-money';
import { payoutDetailQueryOptions } from '../api/payouts-api';
import { PayoutStatusTag } from '../components/payout-tables';
import { PAYOUT_STATUS_TONE, payoutBatchPath } from '../utils/payout-status';
import { RecordText } from '@/components/record-text';

/** The event types with words of their own (payouts:detail.events); any other reads as its code. */
const TITLED = new Set([
  'APPROVED',
  'REJECTED',
  'CREATED',
  'PROCESSING',
  'SUCCESS',
  'FAILED',
  'COMPLETED',
  'PARTIALLY_FAILED',
]);

function timeline(
  t: TFunction,
  label: ReturnType<typeof useLabel>,
  p: PayoutDetail,
  note: (e: NotedEvent) => string | null,
): DetailEvent[] {
  return p.events.map((e, i) => ({
    key: `${i}-${e.type}`,
    title: TITLED.has(e.type) ? t(`events.${e.type}`) : e.type,
    status: e.status && Object.hasOwn(PAYOUT_STATUS_TONE, e.status) ? label('PAYOUT_STATUSES', e.status) : null,
    at: e.createdAt,
    note: note(e),
    tone: PAYOUT_STATUS_TONE[e.status as keyof typeof PAYOUT_STATUS_TONE] ?? 'default',
  }));
}

/** /payout/history/detail?payoutId=: amounts, the beneficiary (account masked), references and the timeline. */
export default function PayoutDetailPage() {
  const { t } = useTranslation('payouts', { keyPrefix: 'detail' });
  const label = useLabel();
  const eventNote = useEventNote();
  const id = useDetailId('payoutId');
  const query = useQuery({ ...payoutDetailQueryOptions(id.value), enabled: id.valid });
  return (
    <DetailPage<PayoutDetail>
      noun={t('noun')}
      list={{ to: '/payout/history', label: t('list') }}
      id={id}
      query={query}
      header={(p) => ({
        title: displayMoney(p.amount, p.currency),
        status: <PayoutStatusTag status={p.status} />,
        meta: p.batchId ? (
          <span>
            {t('rowOf', { row: p.rowNo })} <Link to={payoutBatchPath(p.batchId)}>{p.batchId}</Link>
          </span>
        ) : null,
        notice:
          p.status === 'PENDING_APPROVAL' && !p.batchId ? (
            <ApprovalActions
              kind="PAYOUT"
              id={p.payoutId}
              createdBy={p.createdBy}
              what={t('approvalWhat', { amount: displayMoney(p.amount, p.currency), name: p.beneficiaryName })}
            />
          ) : null,
      })}
      main={(p) => (
        <>
          <DetailCard title={t('amounts')}>
            <DetailFigures
              figures={[
                { label: t('amount'), value: displayMoney(p.amount, p.currency), note: t('amountNote') },
                { label: t('fee'), value: displayMoney(p.fee, p.currency) },
                { label: t('total'), value: displayMoney(p.total, p.currency), note: t('totalNote') },
              ]}
            />
          </DetailCard>
          <DetailTimeline events={timeline(t, label, p, eventNote)} />
        </>
      )}
      side={(p) => (
        <>
          <DetailCard
            title={t('beneficiary')}
            facts={[
              [t('name'), p.beneficiaryName],
              [t('country'), p.country],
              [t('method'), p.method === 'EWALLET' ? t('ewallet') : t('bankTransfer')],
              [
                t('account'),
                <span className="mbo-detail-mono" key="a">
                  {p.maskedAccount}
                </span>,
              ],
              p.routingCode ? [t('routingCode'), p.routingCode] : null,
              p.bic ? [t('bic'), p.bic] : null,
            ]}
          />
          <DetailCard
            title={t('details')}
            zone
            facts={[
              [t('purpose'), label('PAYOUT_PURPOSES', p.purpose)],
              [t('reference'), p.reference],
              [t('bankReference'), p.bankReference],
              p.failureReason ? [t('failure'), <RecordText key="failure" text={p.failureReason} />] : null,
              [t('submittedBy'), p.createdBy],
              [
                t('service'),
                <span className="mbo-detail-mono" key="s">
                  {p.serviceId}
                </span>,
              ],
            ]}
          />
        </>
      )}
    />
  );
}
