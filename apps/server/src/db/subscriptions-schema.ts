import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const money = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Migration 0022: a subscription (modules/subscriptions): the customer's agreement to be charged
 * `amount` every planIntervalCount planIntervals, for planCycles cycles (null: until cancelled).
 * ACTIVE, PAST_DUE, CANCELLED, EXPIRED; nextChargeAt is null exactly when it is final.
 */
export const agreements = pgTable('agreements', {
  id: text('id').primaryKey(),
  merchantId: text('merchant_id').notNull(),
  paymentLinkId: text('payment_link_id'),
  customerName: text('customer_name').notNull(),
  customerEmail: text('customer_email').notNull(),
  payMethodType: text('pay_method_type').notNull(),
  payMethodName: text('pay_method_name').notNull(),
  cardBin: text('card_bin'),
  cardLast4: text('card_last4'),
  country: text('country').notNull(),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  /** DAY, WEEK, MONTH, YEAR. */
  planInterval: text('plan_interval').notNull(),
  planIntervalCount: integer('plan_interval_count').notNull(),
  planCycles: integer('plan_cycles'),
  /** The zone the schedule is counted in (the merchant's when it started). */
  timeZone: text('time_zone').notNull(),
  status: text('status').notNull(),
  startAt: at('start_at').notNull(),
  cyclesCharged: integer('cycles_charged').notNull().default(0),
  periodStart: at('period_start').notNull(),
  periodEnd: at('period_end').notNull(),
  /** The next charge or retry (or the end of the period when it ends then); null once final. */
  nextChargeAt: at('next_charge_at'),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  cancelledAt: at('cancelled_at'),
  endReason: text('end_reason'),
  totalCollected: money('total_collected').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
