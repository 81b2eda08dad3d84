import type { ListPaymentsRequest } from '@mbo/contracts/payments';
import { sharedKeys } from '@/lib/query-keys';

/** Query keys of everything payments (lists, counts, details), under the shared payments root. */
export const paymentKeys = {
  all: sharedKeys.payments,
  lists: () => [...paymentKeys.all, 'list'] as const,
  list: (params: ListPaymentsRequest) => [...paymentKeys.lists(), params] as const,
  counts: () => [...paymentKeys.all, 'status-count'] as const,
  count: (params: object) => [...paymentKeys.counts(), params] as const,
  details: () => [...paymentKeys.all, 'detail'] as const,
  detail: (paymentId: string) => [...paymentKeys.details(), paymentId] as const,
};
