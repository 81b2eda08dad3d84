import type { QueryKey } from '@tanstack/react-query';
import type { ListBankAccountsRequest } from '@mbo/contracts/bank-accounts';
import { sharedKeys } from '@/lib/query-keys';

/** Query keys of the bank accounts (list pages). */
export const bankAccountKeys = {
  all: ['bank-accounts'] as const,
  list: (request: ListBankAccountsRequest) => [...bankAccountKeys.all, 'list', request] as const,
};

/**
 * What adding, removing or choosing the default account changes: the accounts, the ones a withdrawal may go to, and the
 * audit log.
 */
export const keysChangedByBankAccount = (): QueryKey[] => [
  bankAccountKeys.all,
  sharedKeys.withdrawConfig,
  sharedKeys.auditLog,
];
