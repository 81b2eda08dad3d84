import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PAYOUT_PURPOSE_LABELS } from '@mbo/contracts/payout-rows';
import type { PayoutDetail } from '@mbo/contracts/payouts';
import { ApprovalActions } from '@/components/approvals/approval-actions';
import { DetailCard, DetailFigures } from '@/components/detail/detail-cards';
import DetailPage from '@/components/detail/detail-page';
import { DetailTimeline, type DetailEvent } from '@/components/detail/detail-timeline';
import { useDetailId } from '@/components/detail/use-detail-id';
import { displayMoney } from '@/lib/display-money';
import { payoutDetailQueryOptions } from '../api/payouts-api';
import { PayoutStatusTag } from '../components/payout-tables';
import { PAYOUT_STATUS_LABEL, PAYOUT_STATUS_TONE, payoutBatchPath } from '../utils/payout-status';

const HISTORY = { to: '/payout/history', label: 'Payout history' };
const TITLES: Record<string, string> = {
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CREATED: 'Payout submitted',
  PROCESSING: 'Sent to the beneficiary’s bank',
  SUCCESS: 'Paid',
  FAILED: 'Refused by the beneficiary’s bank',
  COMPLETED: 'Batch completed',
  PARTIALLY_FAILED: 'Batch finished with failures',
};

function timeline(p: PayoutDetail): DetailEvent[] {
  return p.events.map((e, i) => ({
    key: `${i}-${e.type}`,
    title: TITLES[e.type] ?? e.type,
    status: PAYOUT_STATUS_LABEL[e.status as keyof typeof PAYOUT_STATUS_LABEL] ?? null,
    at: e.createdAt,
    note: [e.note, e.actor ? `by ${e.actor}` : null].filter(Boolean).join(' · ') || null,
    tone: PAYOUT_STATUS_TONE[e.status as keyof typeof PAYOUT_STATUS_TONE] ?? 'default',
  }));
}

/** /payout/history/detail?payoutId=: amounts, the beneficiary (account masked), references and the timeline. */
export default function PayoutDetailPage() {
  const id = useDetailId('payoutId');
  const query = useQuery({ ...payoutDetailQueryOptions(id.value), enabled: id.valid });
  return (
    <DetailPage<PayoutDetail>
      noun="payout"
      list={HISTORY}
      id={id}
      query={query}
      header={(p) => ({
        title: displayMoney(p.amount, p.currency),
        status: <PayoutStatusTag status={p.status} />,
        meta: p.batchId ? (
          <span>
            row {p.rowNo} of batch <Link to={payoutBatchPath(p.batchId)}>{p.batchId}</Link>
          </span>
        ) : null,
        notice:
          p.status === 'PENDING_APPROVAL' && !p.batchId ? (
            <ApprovalActions
              kind="PAYOUT"
              id={p.payoutId}
              createdBy={p.createdBy}
              what={`the payout of ${displayMoney(p.amount, p.currency)} to ${p.beneficiaryName}`}
            />
          ) : null,
      })}
      main={(p) => (
        <>
          <DetailCard title="Amounts">
            <DetailFigures
              figures={[
                { label: 'Amount', value: displayMoney(p.amount, p.currency), note: 'What the beneficiary receives' },
                { label: 'Fee', value: displayMoney(p.fee, p.currency) },
                { label: 'Total', value: displayMoney(p.total, p.currency), note: 'Taken from your available balance' },
              ]}
            />
          </DetailCard>
          <DetailTimeline events={timeline(p)} />
        </>
      )}
      side={(p) => (
        <>
          <DetailCard
            title="Beneficiary"
            facts={[
              ['Name', p.beneficiaryName],
              ['Country', p.country],
              ['Method', p.method === 'EWALLET' ? 'E-wallet' : 'Bank transfer'],
              [
                'Account',
                <span className="mbo-detail-mono" key="a">
                  {p.maskedAccount}
                </span>,
              ],
              p.routingCode ? ['Routing code', p.routingCode] : null,
              p.bic ? ['BIC', p.bic] : null,
            ]}
          />
          <DetailCard
            title="Details"
            zone
            facts={[
              ['Purpose', PAYOUT_PURPOSE_LABELS[p.purpose] ?? p.purpose],
              ['Reference', p.reference],
              ['Bank reference', p.bankReference],
              p.failureReason ? ['Failure', p.failureReason] : null,
              ['Submitted by', p.createdBy],
              [
                'Service',
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
