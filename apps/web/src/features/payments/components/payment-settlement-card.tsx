import { Link } from 'react-router';
import type { PaymentDetail } from '@mbo/contracts/payments';
import { CopyableText, DetailCard } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { displayDay } from '@/lib/display-day';
import { useGlobalState } from '@/lib/global-state';
import { useTranslation } from '@/i18n/use-translation';

/** Each batch state's tone and the key of its "when" label (settlement.*). */
const BATCH_STATE: Record<string, { tone: StatusTone; when: 'settlesOn' | 'settledOn' }> = {
  OPEN: { tone: 'processing', when: 'settlesOn' },
  CLOSED: { tone: 'warning', when: 'settlesOn' },
  SETTLED: { tone: 'success', when: 'settledOn' },
};

/**
 * Where a captured payment's money goes: its clearing batch (open, closed or settled), the day it
 * settles, what it adds to the settlement, and the settlement itself, each linked where the user may
 * open it.
 */
export function PaymentSettlementCard({ payment }: { payment: PaymentDetail }) {
  const { authUrls } = useGlobalState();
  const { t } = useTranslation('payments', { keyPrefix: 'settlement' });
  const s = payment.settlement;
  if (!s) return null;
  const stateKey = BATCH_STATE[s.batchStatus] ? s.batchStatus : 'OPEN';
  const state = BATCH_STATE[stateKey];
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
      title={t('title')}
      extra={<StatusTag tone={state.tone}>{t(`states.${stateKey}`)}</StatusTag>}
      facts={[
        [t(state.when), displayDay(s.dueDay)],
        [t('addsTo'), <MoneyText amount={s.net} currency={payment.currency} strong />],
        s.refundDeducted > 0 && [
          t('refundDeducted'),
          <MoneyText amount={s.refundDeducted} currency={payment.currency} sign="−" />,
        ],
        [
          t('batch'),
          <CopyableText text={s.batchId} label={t('batchId')} mono>
            {batch}
          </CopyableText>,
        ],
        !!s.settlementId && [
          t('settlement'),
          <CopyableText text={s.settlementId} label={t('settlementId')} mono>
            {settlement}
          </CopyableText>,
        ],
      ]}
    />
  );
}
