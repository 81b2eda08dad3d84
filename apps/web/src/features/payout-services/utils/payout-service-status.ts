import type { PayoutServiceStatus } from '@mbo/contracts/payout-services';
import type { StatusTone } from '@/components/list/status-tag';

/** Active pays out; a suspended method does not, so it stands out without reading as a failure. */
export const PAYOUT_SERVICE_STATUS_TONE: Readonly<Record<PayoutServiceStatus, StatusTone>> = {
  ACTIVE: 'success',
  SUSPENDED: 'warning',
};
