import type { Page } from '@mbo/contracts/envelope';
import {
  BANK_ACCOUNT_PATHS,
  type AddBankAccountRequest,
  type BankAccountNumber,
  type BankAccountRecord,
  type ListBankAccountsRequest,
} from '@mbo/contracts/bank-accounts';
import { post } from '@/lib/http/request';
import { bankAccountKeys } from './bank-account-keys';

/** One page of the merchant's bank accounts (masked). `quiet`: no error toast (a prefetch). */
export function bankAccountsQueryOptions(request: ListBankAccountsRequest, { quiet = false } = {}) {
  return {
    queryKey: bankAccountKeys.list(request),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      post<Page<BankAccountRecord>>(BANK_ACCOUNT_PATHS.list, request, { signal, showErrorMessage: !quiet }),
    // A new account is verified by the bank within seconds: look again while one is pending.
    refetchInterval: (query: { state: { data?: Page<BankAccountRecord> } }) =>
      query.state.data?.records.some((r) => r.status === 'PENDING_VERIFICATION') ? 3_000 : false,
  };
}

/** Field errors come back in the envelope's data (the form shows them on their fields), so no toast for a bad input. */
export function addBankAccount(body: AddBankAccountRequest): Promise<BankAccountRecord> {
  return post<BankAccountRecord>(BANK_ACCOUNT_PATHS.add, body, { showErrorMessage: false });
}

export function setDefaultBankAccount(bankAccountId: string): Promise<BankAccountRecord> {
  return post<BankAccountRecord>(BANK_ACCOUNT_PATHS.setDefault, { bankAccountId }, { showSuccessMessage: true });
}

/** The full number (API_BANK_ACCOUNT_REVEAL); the server records every reveal in the audit log. Never cached. */
export function revealBankAccountNumber(bankAccountId: string): Promise<BankAccountNumber> {
  return post<BankAccountNumber>(BANK_ACCOUNT_PATHS.reveal, { bankAccountId });
}

export function removeBankAccount(bankAccountId: string): Promise<null> {
  return post<null>(BANK_ACCOUNT_PATHS.remove, { bankAccountId }, { showSuccessMessage: true });
}
