/**
 * Bank accounts (Settings → Bank accounts): where the merchant's withdrawals go. Paths, constants and
 * types; schemas in bank-accounts-schemas.ts, number validation in bank-account-numbers.ts.
 */
import type { z } from 'zod';
import type {
  addBankAccountRequest,
  bankAccountFiltersSchema,
  bankAccountIdRequest,
  bankAccountNumberSchema,
  bankAccountRecordSchema,
  listBankAccountsRequest,
} from './bank-accounts-schemas';

export const BANK_ACCOUNT_PATHS = {
  /** POST `{ pageNum, pageSize, ...filters }` → `Page<BankAccountRecord>` (never the full number). */
  list: '/account/web/v1/bank-account/list',
  /** POST `AddBankAccountRequest` (API_BANK_ACCOUNT_UPDATE) → `BankAccountRecord`, PENDING_VERIFICATION. */
  add: '/account/web/v1/bank-account/add',
  /** POST `{ bankAccountId }` (API_BANK_ACCOUNT_UPDATE): the default of its currency → `BankAccountRecord`. */
  setDefault: '/account/web/v1/bank-account/set-default',
  /**
   * POST `{ bankAccountId }` (API_BANK_ACCOUNT_UPDATE): removed (never the default, never one with a withdrawal in
   * flight).
   */
  remove: '/account/web/v1/bank-account/remove',
  /**
   * POST `{ bankAccountId }` (API_BANK_ACCOUNT_REVEAL) → `BankAccountNumber`: the full number, each reveal audited
   * (BANK_ACCOUNT_REVEAL).
   */
  reveal: '/account/web/v1/bank-account/reveal',
} as const;

export const BANK_ACCOUNT_STATUSES = ['PENDING_VERIFICATION', 'VERIFIED', 'REJECTED'] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];
/** How an account number is written: an IBAN, or the country's own account number. */
export const BANK_ACCOUNT_SCHEMES = ['IBAN', 'LOCAL'] as const;

/** A merchant keeps at most this many bank accounts (removed ones do not count). */
export const MAX_BANK_ACCOUNTS = 20;

/**
 * The sandbox bank's verification (PRODUCT.md "The sandbox processor"): an account is VERIFIED a few
 * seconds after it is added, unless its number ends in this: then REJECTED, as a bank that finds the
 * holder's name does not match would.
 */
export const SANDBOX_REJECTED_ACCOUNT_SUFFIX = '0002';
/** A valid IBAN the sandbox rejects (for the README and tests). */
export const SANDBOX_REJECTED_IBAN = 'NL28ABNA0417160002';

export type BankAccountRecord = z.infer<typeof bankAccountRecordSchema>;

/** The full number of one account, answered only by the audited reveal (every read API gives `maskedNumber`). */
export type BankAccountNumber = z.infer<typeof bankAccountNumberSchema>;

export type AddBankAccountRequest = z.input<typeof addBankAccountRequest>;
export type BankAccountIdRequest = z.input<typeof bankAccountIdRequest>;
export type BankAccountFilters = z.output<typeof bankAccountFiltersSchema>;
export type ListBankAccountsRequest = z.input<typeof listBankAccountsRequest>;
export type ListBankAccountsQuery = z.output<typeof listBankAccountsRequest>;
