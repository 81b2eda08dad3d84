import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchants } from './schema';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Double-entry ledger. An account belongs to a merchant (or to SYSTEM) per currency and type. Its
 * balance is derived: a trigger adds every entry to it and writes the new balance on the entry.
 * Entries are append-only and each ledger transaction sums to zero per currency (a deferred
 * constraint trigger checks it at commit).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A merchant id, or 'SYSTEM' for the provider's own accounts (fee revenue). */
    owner: text('owner').notNull(),
    currency: text('currency').notNull(),
    /**
     * PENDING, AVAILABLE, RESERVED, FEES and CLEARING (the merchant's share of the provider's clearing,
     * per merchant so that captures of different merchants never wait on one row) for merchants;
     * FEE_REVENUE for SYSTEM. Rows before migration 0007 may still hold a SYSTEM CLEARING.
     */
    type: text('type').notNull(),
    balance: money('balance').notNull().default(0),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_uq').on(t.owner, t.currency, t.type),
    // AVAILABLE below zero is refused by the posting trigger except for a dispute hold (migration 0016).
    check('ledger_accounts_no_negative', sql`${t.type} NOT IN ('RESERVED', 'PENDING') OR ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: text('merchant_id').notNull(),
    /** CAPTURE, REFUND, REFUND_REVERSAL, SETTLEMENT, ... (balance-transactions.ts BALANCE_TRANSACTION_TYPES) */
    kind: text('kind').notNull(),
    /** Migration 0014: the one currency of its entries (an entry in another one is refused). */
    currency: text('currency').notNull(),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Migration 0014: the balance transactions list's indexes (the currency and kind ones INCLUDE the other column).
    index('ledger_transactions_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('ledger_transactions_merchant_currency_created_idx').on(
      t.merchantId,
      t.currency,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('ledger_transactions_merchant_kind_created_idx').on(t.merchantId, t.kind, t.createdAt.desc(), t.id.desc()),
    index('ledger_transactions_reference_idx').on(t.referenceId, t.referenceType),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    /** Signed, minor units: positive adds to the account, negative takes from it. */
    amount: money('amount').notNull(),
    /**
     * Migration 0014: the account's balance right after this entry, written by the posting trigger (a given value is
     * overwritten).
     */
    balanceAfter: money('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_tx_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    merchantOrderNo: text('merchant_order_no').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    fee: money('fee').notNull().default(0),
    /** PENDING, SUCCESS, FAILED, CANCELLED. */
    status: text('status').notNull(),
    /** NONE, PARTIALLY_REFUNDED, REFUNDED. */
    refundStatus: text('refund_status').notNull().default('NONE'),
    refundedAmount: money('refunded_amount').notNull().default(0),
    disputeStatus: text('dispute_status'),
    payMethodType: text('pay_method_type').notNull(),
    payMethodName: text('pay_method_name').notNull(),
    country: text('country').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    /** Card as BIN + last 4 at most (PCI DSS 3.4.1); null for other methods. */
    cardBin: text('card_bin'),
    cardLast4: text('card_last4'),
    description: text('description').notNull().default(''),
    failureReason: text('failure_reason'),
    paymentLinkId: text('payment_link_id'),
    /**
     * Migration 0013: the pay-in service that priced the payment and its fee rule at that moment (a
     * snapshot: later changes of the service do not touch it); all null for payments priced before
     * pay-in services, and for payments that were never captured.
     */
    payinServiceId: text('payin_service_id'),
    feePercentBps: integer('fee_percent_bps'),
    feeFixedMinor: money('fee_fixed_minor'),
    feeMinimumMinor: money('fee_minimum_minor'),
    /**
     * Migration 0015: the clearing batch the capture joined (settlements-schema.ts); null before batches or when not
     * captured.
     */
    batchId: text('batch_id'),
    /**
     * Migration 0022: a subscription charge's agreement, cycle (1 = the checkout payment) and attempt (0, then
     * retries).
     */
    agreementId: text('agreement_id'),
    agreementCycle: integer('agreement_cycle'),
    agreementAttempt: integer('agreement_attempt'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('payments_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt.desc()),
    index('payments_merchant_order_idx').on(t.merchantId, t.merchantOrderNo),
    index('payments_merchant_email_idx').on(t.merchantId, t.customerEmail),
    index('payments_link_idx').on(t.paymentLinkId),
    // Migration 0022: one payment per subscription charge (agreement, cycle, attempt).
    uniqueIndex('payments_agreement_charge_uq')
      .on(t.agreementId, t.agreementCycle, t.agreementAttempt)
      .where(sql`${t.agreementId} IS NOT NULL`),
    check('payments_refunded_range', sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.amount}`),
    check('payments_amount_positive', sql`${t.amount} > 0 AND ${t.fee} >= 0`),
    // Migration 0008: a fee never exceeds its payment (modules/payments/fees.ts caps it).
    check('payments_fee_within_amount', sql`${t.fee} <= ${t.amount}`),
    // Migration 0013: the fee rule snapshot is whole or absent, and in range.
    check(
      'payments_fee_rule_snapshot',
      sql`(${t.payinServiceId} IS NULL AND ${t.feePercentBps} IS NULL AND ${t.feeFixedMinor} IS NULL AND ${t.feeMinimumMinor} IS NULL)
    OR (${t.payinServiceId} IS NOT NULL AND ${t.feePercentBps} BETWEEN 0 AND 10000 AND ${t.feeFixedMinor} >= 0 AND (${t.feeMinimumMinor} IS NULL OR ${t.feeMinimumMinor} >= 0))`,
    ),
  ],
);

/**
 * Migration 0013: the pay-in methods a merchant holds (Services → Pay-in services). Each prices the
 * merchant's captures in its method and currency (modules/payments/fees.ts computeFee), bounds the
 * amount of one payment, and says when captures settle (T+N working days after the cut-off).
 */
export const payinServices = pgTable(
  'payin_services',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** ISO 3166-1 alpha-2, where the method is offered. */
    country: char('country', { length: 2 }).notNull(),
    payMethodType: text('pay_method_type').notNull(),
    payMethodName: text('pay_method_name').notNull(),
    currency: text('currency').notNull(),
    /** Percentage of the amount in basis points (290 = 2.90 %), 0 to 10,000. */
    feePercentBps: integer('fee_percent_bps').notNull(),
    /** Fixed part, minor units of the currency. */
    feeFixedMinor: money('fee_fixed_minor').notNull(),
    /** The fee is never below this (minor units), unless the amount itself is smaller; null: none. */
    feeMinimumMinor: money('fee_minimum_minor'),
    /** Per-payment limits in minor units; null: no limit. */
    minAmount: money('min_amount'),
    maxAmount: money('max_amount'),
    /** Captures settle T+N working days after their batch closes, 0 to 30. */
    settlementCycleDays: integer('settlement_cycle_days').notNull(),
    /** The daily cut-off, "HH:MM" (24 h) in timeZone. */
    cutoffTime: text('cutoff_time').notNull(),
    /** IANA zone of the cut-off and of the working-day calendar. */
    timeZone: text('time_zone').notNull(),
    /** ISO 3166-1 alpha-2 of the settlement calendar. */
    settlementCountry: char('settlement_country', { length: 2 }).notNull(),
    /** ACTIVE or SUSPENDED (a suspended service takes no payments). */
    status: text('status').notNull().default('ACTIVE'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payin_services_merchant_method_uq').on(t.merchantId, t.payMethodName, t.currency, t.country),
    index('payin_services_merchant_country_idx').on(t.merchantId, t.country, t.payMethodName, t.currency),
    check('payin_services_fee_percent', sql`${t.feePercentBps} BETWEEN 0 AND 10000`),
    check('payin_services_fee_fixed', sql`${t.feeFixedMinor} >= 0`),
    check('payin_services_fee_minimum', sql`${t.feeMinimumMinor} IS NULL OR ${t.feeMinimumMinor} >= 0`),
    check('payin_services_cycle', sql`${t.settlementCycleDays} BETWEEN 0 AND 30`),
    check('payin_services_status', sql`${t.status} IN ('ACTIVE', 'SUSPENDED')`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    /** PROCESSING, SUCCESS, FAILED. */
    status: text('status').notNull(),
    failureReason: text('failure_reason'),
    createdBy: uuid('created_by'),
    /**
     * Migration 0015: the clearing batch the refund was deducted from (its payment's, while unsettled and
     * its net covered it); null when it came from the available balance.
     */
    batchId: text('batch_id'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('refunds_payment_idx').on(t.paymentId),
    // One refund per payment ("Payment can only be refunded once."); a failed one does not count.
    uniqueIndex('refunds_one_per_payment_uq')
      .on(t.paymentId)
      .where(sql`${t.status} <> 'FAILED'`),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Status timelines of payments, refunds and the records later modules add. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: text('merchant_id').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    type: text('type').notNull(),
    status: text('status'),
    note: text('note'),
    /** Who or what caused it: a user's email, or the system (migration 0016). */
    actor: text('actor'),
    createdAt: createdAt(),
  },
  (t) => [index('events_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

/** Money-moving calls take an idempotency key; a retry gets the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchantId: text('merchant_id').notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.scope, t.key] })],
);

export const paymentLinks = pgTable(
  'payment_links',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    reusable: boolean('reusable').notNull().default(false),
    /** ACTIVE, PAID, EXPIRED, DEACTIVATED (EXPIRED is also derived from expires_at when read). */
    status: text('status').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidCount: integer('paid_count').notNull().default(0),
    /** Migration 0022: a subscription link's plan (all null for a one-off link). */
    planInterval: text('plan_interval'),
    planIntervalCount: integer('plan_interval_count'),
    planCycles: integer('plan_cycles'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [index('payment_links_merchant_created_idx').on(t.merchantId, t.createdAt.desc())],
);

/** Report centre exports, built in the background. */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** PAYMENTS, REFUNDS (later modules register more). */
    type: text('type').notNull(),
    /** CSV or XLSX. */
    format: text('format').notNull(),
    params: jsonb('params').notNull(),
    /** QUEUED, RUNNING, SUCCESS, FAILED, EXPIRED (file deleted after the retention period). */
    status: text('status').notNull(),
    totalRows: integer('total_rows'),
    processedRows: integer('processed_rows').notNull().default(0),
    fileName: text('file_name'),
    /** The file's key in the export file storage (reports/export-storage.ts), once built. */
    storageKey: text('storage_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The run that owns the export now (build-export-job.ts): every write of a run is conditioned on it. */
    runToken: text('run_token'),
    /**
     * The running build's last sign of life (its claim, then each progress write, about every second): a RUNNING
     * export whose heartbeat stops (its instance was killed) is queued again by reports.recover-exports.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Migration 0033: the report schedule whose run made the export (modules/report-schedules), else null. A scheduled
     * export is not held to "one unfinished export per user": the schedules of one user may run at the same time.
     */
    scheduleId: text('schedule_id'),
    /** Migration 0033: members besides the owner who may open and download it (a scheduled report's recipients). */
    readerIds: uuid('reader_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    index('export_jobs_merchant_created_idx').on(t.merchantId, t.createdAt.desc()),
    index('export_jobs_status_idx').on(t.status, t.createdAt),
    // One unfinished export per user at a time ("last export not completed").
    uniqueIndex('export_jobs_one_open_per_user_uq')
      .on(t.userId)
      .where(sql`${t.status} IN ('QUEUED', 'RUNNING') AND ${t.scheduleId} IS NULL`),
  ],
);
