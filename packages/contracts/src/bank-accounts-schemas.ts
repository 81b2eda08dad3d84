import { z } from 'zod';
import { ACCOUNT_ERROR_CODES, ACCOUNT_FIELDS } from './bank-account-numbers';
import { BANK_ACCOUNT_SCHEMES, BANK_ACCOUNT_STATUSES } from './bank-accounts';
import { errorValuesSchema } from './common-schemas';
import { pageSchema } from './envelope-schemas';
import { CURRENCIES } from './money';

const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code');

/**
 * Shapes only: the number is checked for its country by checkAccountNumber (bank-account-numbers.ts), on both sides.
 */
export const addBankAccountRequest = z.object({
  bankName: z.string().trim().min(2, 'must be 2 to 80 characters').max(80, 'must be 2 to 80 characters'),
  holderName: z.string().trim().min(2, 'must be 2 to 70 characters').max(70, 'must be 2 to 70 characters'),
  country,
  currency: z.enum(CURRENCIES),
  /** An IBAN in an IBAN country, else the local account number; spaces and dashes are ignored. */
  accountNumber: z.string().trim().min(1, 'is required').max(64, 'is too long'),
  routingCode: z.string().trim().max(20, 'is too long').optional(),
  bic: z.string().trim().max(20, 'is too long').optional(),
});

/**
 * A field the account rules refuse (checkAccountNumber): its code and values, worded by the web in the
 * reader's language, and the English `message`. A refused add answers them as `data.fields`.
 */
export const accountFieldErrorSchema = z.object({
  field: z.enum(ACCOUNT_FIELDS),
  code: z.enum(ACCOUNT_ERROR_CODES),
  values: errorValuesSchema,
  message: z.string(),
});

export const bankAccountIdRequest = z.object({ bankAccountId: z.string().min(1, 'is required').max(64) });

export const bankAccountFiltersSchema = z.object({
  status: z.array(z.enum(BANK_ACCOUNT_STATUSES)).max(3).optional(),
  currency: z.enum(CURRENCIES).optional(),
  /** Bank, holder, last four digits or account id. */
  keyword: z.string().trim().max(200).optional(),
});

export const listBankAccountsRequest = bankAccountFiltersSchema.extend({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
});

export const bankAccountRecordSchema = z.object({
  bankAccountId: z.string(),
  bankName: z.string(),
  holderName: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  currency: z.string(),
  scheme: z.enum(BANK_ACCOUNT_SCHEMES),
  /** "•••• 4300": the full number is never sent after entry. */
  maskedNumber: z.string(),
  routingCode: z.string().nullable(),
  bic: z.string().nullable(),
  status: z.enum(BANK_ACCOUNT_STATUSES),
  rejectionReason: z.string().nullable(),
  /** The account withdrawals in its currency go to unless another is chosen. */
  isDefault: z.boolean(),
  /**
   * Withdrawals in flight (awaiting approval, PENDING or PROCESSING) to this account: it cannot be removed while any
   * is.
   */
  inFlightWithdrawals: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
});

/** The full number of one account, answered only by the audited reveal (every read API gives `maskedNumber`). */
export const bankAccountPageSchema = pageSchema(bankAccountRecordSchema);

export const bankAccountNumberSchema = z.object({
  bankAccountId: z.string(),
  accountNumber: z.string(),
  routingCode: z.string().nullable(),
});
