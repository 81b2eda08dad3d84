import type { Page } from '@mbo/contracts/envelope';
import {
  PAYOUT_SERVICE_PATHS,
  type ListPayoutServicesRequest,
  type PayoutServiceRecord,
} from '@mbo/contracts/payout-services';
import { post } from '@/lib/http/request';
import { payoutServiceKeys } from './payout-service-keys';

/** One page of the merchant's payout services. `quiet`: no error toast (a prefetch). */
export function listPayoutServicesQueryOptions(request: ListPayoutServicesRequest, { quiet = false } = {}) {
  return {
    queryKey: payoutServiceKeys.list(request),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      post<Page<PayoutServiceRecord>>(PAYOUT_SERVICE_PATHS.list, request, { signal, showErrorMessage: !quiet }),
    // The provider sets services up; they change rarely.
    staleTime: 60_000,
  };
}
