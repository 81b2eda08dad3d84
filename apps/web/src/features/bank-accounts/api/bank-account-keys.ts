import type { ListBankAccountsRequest } from '@mbo/contracts/bank-accounts';

/** Query keys of the bank accounts (list pages). */
export const bankAccountKeys = {
  all: ['bank-accounts'] as const,
  list: (request: ListBankAccountsRequest) => [...bankAccountKeys.all, 'list', request] as const,
};
