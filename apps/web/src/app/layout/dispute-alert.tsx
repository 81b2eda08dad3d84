import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useGlobalState } from '@/lib/global-state';
import { isPathAllowed } from '../routing/route-access';

export const DISPUTES_NEEDING_EVIDENCE = '/transactions/disputes?status=EVIDENCE_REQUIRED';

/** Bell with the number of disputes that need evidence; opens the filtered dispute list. */
export default function DisputeAlert() {
  const { alertInfo, authUrls } = useGlobalState();
  const navigate = useNavigate();
  if (!isPathAllowed('/transactions/disputes', authUrls)) return null;
  const { customerDisputeCount, chargebackCount } = alertInfo;
  const total = customerDisputeCount + chargebackCount;
  const label =
    total === 0
      ? 'No disputes need evidence'
      : `${total} dispute${total === 1 ? '' : 's'} need${total === 1 ? 's' : ''} evidence`;
  return (
    <Tooltip
      title={
        <div>
          <div style={{ fontWeight: 600, marginBottom: 4 }}>Disputes needing evidence</div>
          <div>Customer disputes: {customerDisputeCount}</div>
          <div>Chargebacks: {chargebackCount}</div>
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
