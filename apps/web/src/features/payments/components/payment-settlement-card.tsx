import { Link } from 'react-router';
import type { PaymentDetail } from '@mbo/contracts/payments';
import { CopyableText, DetailCard } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { displayDay } from '@/lib/display-day';
import { useGlobalState } from '@/lib/global-state';

const BATCH_STATE: Record<string, { label: string; tone: StatusTone; when: string }> = {
  OPEN: { label: 'In open batch', tone: 'processing', when: 'Settles on' },
  CLOSED: { label: 'Batch closed', tone: 'warning', when: 'Settles on' },
  SETTLED: { label: 'Settled', tone: 'success', when: 'Settled on' },
};

/**
 * Where a captured payment's money goes: its clearing batch (open, closed or settled), the day it
 * settles, what it adds to the settlement, and the settlement itself, each linked where the user may
 * open it.
 */
export function PaymentSettlementCard({ payment }: { payment: PaymentDetail }) {
  const { authUrls } = useGlobalState();
  const s = payment.settlement;
  if (!s) return null;
  const state = BATCH_STATE[s.batchStatus] ?? BATCH_STATE.OPEN;
  const batchPage = s.batchStatus === 'OPEN' ? '/settlements/batch/detail' : '/settlements/batch/history/detail';
  const batch = authUrls.includes(batchPage) ? (
    <Link to={`${batchPage}?batchId=${encodeURIComponent(s.batchId)}`}>{s.batchId}</Link>
  ) : (
    s.batchId
  );
  const settlement =
    s.settlementId &&
    (authUrls.includes('/settlements/detail') ? (
      <Link to={`/settlements/detail?settlementId=${encodeURIComponent(s.settlementId)}`}>{s.settlementId}</Link>
    ) : (
      s.settlementId
    ));
  return (
    <DetailCard
      title="Settlement"
      extra={<StatusTag tone={state.tone}>{state.label}</StatusTag>}
      facts={[
        [state.when, displayDay(s.dueDay)],
        ['Adds to settlement', <MoneyText amount={s.net} currency={payment.currency} strong />],
        s.refundDeducted > 0 && [
          'Refund deducted',
          <MoneyText amount={s.refundDeducted} currency={payment.currency} sign="−" />,
        ],
        [
          'Batch',
          <CopyableText text={s.batchId} label="batch ID" mono>
            {batch}
          </CopyableText>,
        ],
        !!s.settlementId && [
          'Settlement',
          <CopyableText text={s.settlementId} label="settlement ID" mono>
            {settlement}
          </CopyableText>,
        ],
      ]}
    />
  );
}
