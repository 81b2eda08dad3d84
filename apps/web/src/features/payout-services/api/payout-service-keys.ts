import type { ListPayoutServicesRequest } from '@mbo/contracts/payout-services';

/** Query keys of the payout services (list pages). */
export const payoutServiceKeys = {
  all: ['payout-services'] as const,
  list: (request: ListPayoutServicesRequest) => [...payoutServiceKeys.all, 'list', request] as const,
};
