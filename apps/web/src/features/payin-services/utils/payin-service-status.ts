import type { PayinServiceStatus } from '@mbo/contracts/payin-services';
import type { StatusTone } from '@/components/list/status-tag';

/** Active takes payments; a suspended method does not, so it stands out without reading as a failure. */
export const PAYIN_SERVICE_STATUS_TONE: Readonly<Record<PayinServiceStatus, StatusTone>> = {
  ACTIVE: 'success',
  SUSPENDED: 'warning',
};
