import { Space, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import type { AgreementRecord } from '@mbo/contracts/subscriptions';
import StatusTag from '@/components/list/status-tag';
import { AGREEMENT_STATUS_TONE } from '../utils/agreement-status';

type Props = { agreement: Pick<AgreementRecord, 'status' | 'cancelAtPeriodEnd'> };

export function AgreementStatusTag({ agreement }: Props) {
  const label = useLabel();
  return (
    <StatusTag tone={AGREEMENT_STATUS_TONE[agreement.status]}>
      {label('AGREEMENT_STATUSES', agreement.status)}
    </StatusTag>
  );
}

/** "Cancels at period end", beside the status of an agreement set to end with its period. */
export function CancelsAtPeriodEndHint({ agreement }: Props) {
  const { t } = useTranslation('subscriptions', { keyPrefix: 'status' });
  if (!agreement.cancelAtPeriodEnd || agreement.status === 'CANCELLED' || agreement.status === 'EXPIRED') return null;
  return (
    <Typography.Text type="warning" style={{ fontSize: 12, lineHeight: 1.3 }}>
      <ClockCircleOutlined aria-hidden="true" /> {t('cancelsAtPeriodEnd')}
    </Typography.Text>
  );
}

/** The status tag with the hint under it (a list cell) or beside it (the detail header). */
export function AgreementStatusCell({ agreement, inline = false }: Props & { inline?: boolean }) {
  return (
    <Space
      size={inline ? 8 : 2}
      orientation={inline ? 'horizontal' : 'vertical'}
      wrap={inline}
      align={inline ? 'center' : 'start'}
    >
      <AgreementStatusTag agreement={agreement} />
      <CancelsAtPeriodEndHint agreement={agreement} />
    </Space>
  );
}
