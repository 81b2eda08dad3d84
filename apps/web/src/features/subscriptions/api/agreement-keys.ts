import type { AgreementFilters, ListAgreementsRequest } from '@mbo/contracts/subscriptions';

/** Query keys of the agreements (list pages, status counts and details). */
export const agreementKeys = {
  all: ['agreements'] as const,
  lists: () => [...agreementKeys.all, 'list'] as const,
  list: (req: ListAgreementsRequest) => [...agreementKeys.lists(), req] as const,
  counts: (filters: AgreementFilters) => [...agreementKeys.lists(), 'status-counts', filters] as const,
  details: () => [...agreementKeys.all, 'detail'] as const,
  detail: (agreementId: string) => [...agreementKeys.details(), agreementId] as const,
};
