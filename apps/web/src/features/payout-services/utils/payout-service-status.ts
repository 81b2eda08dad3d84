import type { PayoutServiceStatus } from '@mbo/contracts/payout-services';
import { PAYOUT_SERVICE_STATUS_LABELS } from '@mbo/contracts/status-labels';
import type { StatusTone } from '@/components/list/status-tag';

export const PAYOUT_SERVICE_STATUS_LABEL: Readonly<Record<PayoutServiceStatus, string>> = PAYOUT_SERVICE_STATUS_LABELS;

/** Active pays out; a suspended method does not, so it stands out without reading as a failure. */
export const PAYOUT_SERVICE_STATUS_TONE: Readonly<Record<PayoutServiceStatus, StatusTone>> = {
  ACTIVE: 'success',
  SUSPENDED: 'warning',
};
