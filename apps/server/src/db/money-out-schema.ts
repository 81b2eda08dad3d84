import { sql } from 'drizzle-orm';
import { bigint, boolean, char, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './schema';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

const money = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Migration 0017: a merchant's bank accounts (modules/bank-accounts). The full number
 * (accountNumber) is stored encrypted (migration 0026, db/encrypted-columns.ts) and never sent back:
 * reads give last4. Removing an account sets removedAt (withdrawals keep pointing at it).
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    bankName: text('bank_name').notNull(),
    holderName: text('holder_name').notNull(),
    country: char('country', { length: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** IBAN or LOCAL (a LOCAL account has a routingCode). */
    scheme: text('scheme').notNull(),
    accountNumber: text('account_number').notNull(),
    routingCode: text('routing_code'),
    bic: text('bic'),
    last4: text('last4').notNull(),
    /** PENDING_VERIFICATION, VERIFIED, REJECTED. */
    status: text('status').notNull().default('PENDING_VERIFICATION'),
    rejectionReason: text('rejection_reason'),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: text('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    verifiedAt: at('verified_at'),
    removedAt: at('removed_at'),
  },
  (t) => [
    // One default per merchant and currency among the accounts not removed. (The unique number of
    // migration 0017 went with encryption, migration 0026: ciphertexts of one number differ.)
    uniqueIndex('bank_accounts_default_uq')
      .on(t.merchantId, t.currency)
      .where(sql`${t.isDefault} AND ${t.removedAt} IS NULL`),
  ],
);

/** Migration 0017: what a merchant's withdrawals in one currency cost and may be (minor units). */
export const withdrawalAgreements = pgTable(
  'withdrawal_agreements',
  {
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    currency: char('currency', { length: 3 }).notNull(),
    feePercentBps: integer('fee_percent_bps').notNull().default(0),
    feeFixedMinor: money('fee_fixed_minor').notNull().default(0),
    feeMinimumMinor: money('fee_minimum_minor'),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.currency] })],
);

/**
 * Migration 0017: a withdrawal of the merchant's available balance to one of its bank accounts
 * (modules/withdrawals): amount = netAmount + fee. PENDING_APPROVAL (migration 0019), PENDING,
 * PROCESSING, SUCCESS, FAILED, CANCELLED; finishedAt is set exactly when it is final.
 */
export const withdrawals = pgTable('withdrawals', {
  id: text('id').primaryKey(),
  merchantId: text('merchant_id')
    .notNull()
    .references(() => merchants.id),
  bankAccountId: text('bank_account_id')
    .notNull()
    .references(() => bankAccounts.id),
  currency: char('currency', { length: 3 }).notNull(),
  amount: money('amount').notNull(),
  fee: money('fee').notNull(),
  netAmount: money('net_amount').notNull(),
  remark: text('remark'),
  status: text('status').notNull(),
  failureReason: text('failure_reason'),
  bankReference: text('bank_reference'),
  createdBy: text('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
  /** Migration 0019: who approved or rejected it, and when (maker-checker). */
  decidedBy: text('decided_by'),
  decidedAt: at('decided_at'),
});

/** Migration 0017: the payout methods a payout merchant holds (modules/payout-services) and their price. */
export const payoutServices = pgTable(
  'payout_services',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    country: char('country', { length: 2 }).notNull(),
    /** BANK_TRANSFER or EWALLET. */
    methodType: text('method_type').notNull(),
    methodName: text('method_name').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    feePercentBps: integer('fee_percent_bps').notNull(),
    feeFixedMinor: money('fee_fixed_minor').notNull(),
    feeMinimumMinor: money('fee_minimum_minor'),
    minAmount: money('min_amount'),
    maxAmount: money('max_amount'),
    /** "HH:MM" in timeZone. */
    cutoffTime: text('cutoff_time').notNull(),
    timeZone: text('time_zone').notNull(),
    /** A PAYOUT_ARRIVALS code (migration 0036): SAME_DAY, NEXT_WORKING_DAY… */
    arrival: text('arrival').notNull(),
    /** ACTIVE or SUSPENDED. */
    status: text('status').notNull().default('ACTIVE'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_services_merchant_method_uq').on(t.merchantId, t.country, t.methodType, t.currency)],
);

/**
 * Migration 0018: a batch file of payouts; contentHash is the sha256 of its rows (a batch with the
 * same rows is refused). PENDING_APPROVAL, REJECTED (migration 0019), PROCESSING, COMPLETED,
 * PARTIALLY_FAILED.
 */
export const payoutBatches = pgTable('payout_batches', {
  id: text('id').primaryKey(),
  merchantId: text('merchant_id')
    .notNull()
    .references(() => merchants.id),
  fileName: text('file_name').notNull(),
  contentHash: text('content_hash').notNull(),
  rowCount: integer('row_count').notNull(),
  status: text('status').notNull().default('PROCESSING'),
  createdBy: text('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
  decidedBy: text('decided_by'),
  decidedAt: at('decided_at'),
});

/**
 * Migration 0018: money a payout merchant sends to a beneficiary (modules/payouts), alone or as row
 * rowNo of a batch. accountNumber is stored encrypted (migration 0026).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    batchId: text('batch_id').references(() => payoutBatches.id),
    rowNo: integer('row_no'),
    serviceId: text('service_id')
      .notNull()
      .references(() => payoutServices.id),
    beneficiaryName: text('beneficiary_name').notNull(),
    country: char('country', { length: 2 }).notNull(),
    /** BANK_TRANSFER or EWALLET. */
    method: text('method').notNull(),
    accountNumber: text('account_number').notNull(),
    routingCode: text('routing_code'),
    bic: text('bic'),
    last4: text('last4').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    purpose: text('purpose').notNull(),
    reference: text('reference').notNull().default(''),
    status: text('status').notNull(),
    failureReason: text('failure_reason'),
    bankReference: text('bank_reference'),
    createdBy: text('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    decidedBy: text('decided_by'),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('payouts_batch_row_uq')
      .on(t.batchId, t.rowNo)
      .where(sql`${t.batchId} IS NOT NULL`),
  ],
);
