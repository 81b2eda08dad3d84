import { bigint, char, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './schema';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

const money = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Migration 0015: a settlement pays the CLOSED batches of one merchant and currency due on one day:
 * their net moves from pending to available in one balanced ledger transaction
 * (modules/settlements/settle-batches.ts). gross − refunds − fees − disputes − reserve = net (a CHECK).
 */
export const settlements = pgTable(
  'settlements',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    currency: text('currency').notNull(),
    /** The batches' due day, YYYY-MM-DD. */
    settlementDay: date('settlement_day', { mode: 'string' }).notNull(),
    /** PENDING, PAID, FAILED (the sandbox bank pays at once: PAID). */
    status: text('status').notNull(),
    batchCount: integer('batch_count').notNull(),
    paymentCount: integer('payment_count').notNull(),
    refundCount: integer('refund_count').notNull(),
    gross: money('gross').notNull(),
    refunds: money('refunds').notNull(),
    fees: money('fees').notNull(),
    disputes: money('disputes').notNull().default(0),
    disputeCount: integer('dispute_count').notNull().default(0),
    reserve: money('reserve').notNull().default(0),
    net: money('net').notNull(),
    bankAccount: text('bank_account'),
    bankReference: text('bank_reference'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
  },
  (t) => [
    index('settlements_merchant_day_idx').on(t.merchantId, t.settlementDay.desc(), t.id.desc()),
    index('settlements_merchant_currency_day_idx').on(t.merchantId, t.currency, t.settlementDay.desc(), t.id.desc()),
  ],
);

/**
 * Migration 0015: a clearing batch: the captures of one merchant and currency under one set of
 * settlement terms from one cut-off to the next (settlement-terms.ts batchKeyOf), with running totals
 * kept by the captures and refunds themselves. OPEN → CLOSED at its cut-off → SETTLED on its due day.
 */
export const settlementBatches = pgTable(
  'settlement_batches',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    currency: text('currency').notNull(),
    batchKey: text('batch_key').notNull(),
    settlementCycleDays: integer('settlement_cycle_days').notNull(),
    settlementCountry: char('settlement_country', { length: 2 }).notNull(),
    timeZone: text('time_zone').notNull(),
    cutoffTime: text('cutoff_time').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    closesAt: at('closes_at').notNull(),
    dueDay: date('due_day', { mode: 'string' }).notNull(),
    /** OPEN, CLOSED, SETTLED. */
    status: text('status').notNull().default('OPEN'),
    paymentCount: integer('payment_count').notNull().default(0),
    gross: money('gross').notNull().default(0),
    fees: money('fees').notNull().default(0),
    refundCount: integer('refund_count').notNull().default(0),
    refunds: money('refunds').notNull().default(0),
    /** Disputes held from this batch (migration 0016): amount + fee each. */
    disputeCount: integer('dispute_count').notNull().default(0),
    disputes: money('disputes').notNull().default(0),
    settlementId: text('settlement_id').references(() => settlements.id),
    createdAt: at('created_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('settlement_batches_key_uq').on(t.batchKey),
    index('settlement_batches_merchant_status_idx').on(t.merchantId, t.status, t.closesAt.desc(), t.id.desc()),
    index('settlement_batches_merchant_closes_idx').on(t.merchantId, t.closesAt.desc(), t.id.desc()),
    index('settlement_batches_settlement_idx').on(t.settlementId),
  ],
);
