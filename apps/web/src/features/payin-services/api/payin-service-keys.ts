import type { ListPayinServicesRequest } from '@mbo/contracts/payin-services';

/** Query keys of the pay-in services. */
export const payinServiceKeys = {
  all: ['payin-services'] as const,
  lists: () => [...payinServiceKeys.all, 'list'] as const,
  list: (request: ListPayinServicesRequest) => [...payinServiceKeys.lists(), request] as const,
};
