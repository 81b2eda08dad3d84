import type { PayinServiceStatus } from '@mbo/contracts/payin-services';
import { PAYIN_SERVICE_STATUS_LABELS } from '@mbo/contracts/status-labels';
import type { StatusTone } from '@/components/list/status-tag';

/** The words of the one source (packages/contracts/src/status-labels.ts). */
export const PAYIN_SERVICE_STATUS_LABEL: Readonly<Record<PayinServiceStatus, string>> = PAYIN_SERVICE_STATUS_LABELS;

/** Active takes payments; a suspended method does not, so it stands out without reading as a failure. */
export const PAYIN_SERVICE_STATUS_TONE: Readonly<Record<PayinServiceStatus, StatusTone>> = {
  ACTIVE: 'success',
  SUSPENDED: 'warning',
};
