import type { Page } from '@mbo/contracts/envelope';
import {
  PAYIN_SERVICE_PATHS,
  type ListPayinServicesRequest,
  type PayinServiceRecord,
} from '@mbo/contracts/payin-services';
import { post } from '@/lib/http/request';
import { payinServiceKeys } from './payin-service-keys';

/** One page of the merchant's pay-in services. `quiet`: no error toast (a prefetch). */
export function listPayinServices(
  request: ListPayinServicesRequest,
  signal?: AbortSignal,
  quiet = false,
): Promise<Page<PayinServiceRecord>> {
  return post<Page<PayinServiceRecord>>(PAYIN_SERVICE_PATHS.list, request, { signal, showErrorMessage: !quiet });
}

export function listPayinServicesQueryOptions(request: ListPayinServicesRequest, { quiet = false } = {}) {
  return {
    queryKey: payinServiceKeys.list(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => listPayinServices(request, signal, quiet),
    // A merchant's services change rarely (the provider sets them up).
    staleTime: 60_000,
  };
}
