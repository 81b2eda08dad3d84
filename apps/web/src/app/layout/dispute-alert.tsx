import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useGlobalState } from '@/lib/global-state';
import { isPathAllowed } from '../routing/route-access';
import { useTranslation } from '@/i18n/use-translation';

export const DISPUTES_NEEDING_EVIDENCE = '/transactions/disputes?status=EVIDENCE_REQUIRED';

/** Bell with the number of disputes that need evidence; opens the filtered dispute list. */
export default function DisputeAlert() {
  const { alertInfo, authUrls } = useGlobalState();
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  if (!isPathAllowed('/transactions/disputes', authUrls)) return null;
  const { customerDisputeCount, chargebackCount } = alertInfo;
  const total = customerDisputeCount + chargebackCount;
  const label = total === 0 ? t('disputeAlert.none') : t('disputeAlert.count', { count: total });
  return (
    <Tooltip
      title={
        <div>
          <div style={{ fontWeight: 600, marginBottom: 4 }}>{t('disputeAlert.title')}</div>
          <div>{t('disputeAlert.customer', { count: customerDisputeCount })}</div>
          <div>{t('disputeAlert.chargebacks', { count: chargebackCount })}</div>
        </div>
      }
    >
      <Button
        type="text"
        shape="circle"
        aria-label={label}
        onClick={() => navigate(DISPUTES_NEEDING_EVIDENCE)}
        icon={
          <Badge count={total} size="small" overflowCount={99} offset={[2, -2]}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Tooltip>
  );
}
