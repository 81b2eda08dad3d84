/**
 * The SQL of each branch of the global search (search-records.ts runs them as one statement). Every
 * branch is scoped to the merchant, reads one index and stops at its LIMIT, so no query scans a table:
 * - an id: the table's primary key;
 * - an order number: payments_merchant_order_idx; a payout reference: payouts_merchant_reference_idx;
 *   a bank reference: payouts_/withdrawals_merchant_bank_reference_idx (migration 0020);
 * - an email prefix: payments_merchant_email_cover_idx (lower(customer_email) text_pattern_ops, 0012), no
 *   ORDER BY so it stops at its LIMIT (the few rows are ordered afterwards);
 * - last 4 with an amount: payments_merchant_last4_amount_idx; an amount with its currency:
 *   payments_merchant_currency_amount_idx (both migration 0031, newest first within the match);
 * - an API key's visible start: api_keys_merchant (a merchant has a handful of keys).
 *
 * @reads payments, refunds, disputes, settlements, settlement_batches, withdrawals, payouts, payout_batches
 * @reads agreements, payment_links, api_keys, webhook_events, webhook_deliveries
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AmountIn } from '@mbo/contracts/search-query';
import type { SearchKind, SearchMatch } from '@mbo/contracts/search';
import { likePrefix } from '../../lib/list-where';

/**
 * The columns every branch selects, in this order: kind, id, reference, status, amount, currency,
 * created_at, matched_by, endpoint_id.
 */
function select(kind: SearchKind, match: SearchMatch, columns: SQL, from: SQL, where: SQL, tail: SQL, limit: number) {
  return sql`(SELECT ${kind}::text AS kind, ${columns}, ${match}::text AS matched_by FROM ${from} WHERE ${where} ${tail} LIMIT ${limit})`;
}

const NO_ENDPOINT = sql`NULL::text AS endpoint_id`;
const money = (amount: SQL, currency: SQL) => sql`${amount}::bigint AS amount, ${currency}::text AS currency`;
const NO_MONEY = sql`NULL::bigint AS amount, NULL::text AS currency`;

/** The source of a kind whose rows carry money: its table, the reference column and the amount column. */
const withMoney = (table: string, reference: string, amount = 't.amount') => ({
  from: sql.raw(`${table} t`),
  columns: sql`t.id, ${sql.raw(reference)} AS reference, t.status, ${money(sql.raw(amount), sql`t.currency`)}, t.created_at, ${NO_ENDPOINT}`,
});

/** Per kind: its table (aliased t) and the columns of a result row (everything but kind and matched_by). */
const KIND_SOURCES: Record<SearchKind, { from: SQL; columns: SQL }> = {
  PAYMENT: withMoney('payments', 't.merchant_order_no'),
  REFUND: withMoney('refunds', 't.payment_id'),
  DISPUTE: withMoney('disputes', 't.payment_id'),
  SETTLEMENT: withMoney('settlements', 't.settlement_day::text', 't.net'),
  BATCH: withMoney('settlement_batches', 't.business_day::text', 't.gross'),
  WITHDRAWAL: withMoney('withdrawals', 't.bank_reference'),
  PAYOUT: withMoney('payouts', 't.beneficiary_name'),
  PAYOUT_BATCH: {
    from: sql`payout_batches t`,
    columns: sql`t.id, t.file_name AS reference, t.status, ${NO_MONEY}, t.created_at, ${NO_ENDPOINT}`,
  },
  AGREEMENT: withMoney('agreements', 't.customer_email'),
  PAYMENT_LINK: {
    from: sql`payment_links t`,
    // EXPIRED is also derived from expires_at when read (payments-schema.ts).
    columns: sql`t.id, t.description AS reference,
      CASE WHEN t.status = 'ACTIVE' AND t.expires_at <= now() THEN 'EXPIRED' ELSE t.status END AS status,
      ${money(sql`t.amount`, sql`t.currency`)}, t.created_at, ${NO_ENDPOINT}`,
  },
  API_KEY: {
    from: sql`api_keys t`,
    columns: sql`t.id, t.name || ' · ' || t.prefix || '…' AS reference,
      CASE WHEN t.revoked_at IS NULL THEN 'ACTIVE' ELSE 'REVOKED' END AS status, ${NO_MONEY}, t.created_at, ${NO_ENDPOINT}`,
  },
  WEBHOOK_EVENT: {
    from: sql`webhook_events t`,
    // The endpoint whose delivery log shows the event: its first delivery's (webhook_deliveries_event).
    columns: sql`t.id, t.type AS reference, NULL::text AS status, ${NO_MONEY}, t.created_at,
      (SELECT d.endpoint_id FROM webhook_deliveries d WHERE d.event_id = t.id ORDER BY d.created_at LIMIT 1) AS endpoint_id`,
  },
};

const NEWEST = sql`ORDER BY t.created_at DESC`;
const NONE = sql``;

/** A record of `kind` by its exact id. */
export function byId(kind: SearchKind, merchantId: string, id: string, limit: number): SQL {
  const { from, columns } = KIND_SOURCES[kind];
  return select(kind, 'ID', columns, from, sql`t.id = ${id} AND t.merchant_id = ${merchantId}`, NONE, limit);
}

/** Payments by their exact merchant order number. */
export function paymentsByOrderNo(merchantId: string, orderNo: string, limit: number): SQL {
  const { from, columns } = KIND_SOURCES.PAYMENT;
  const where = sql`t.merchant_id = ${merchantId} AND t.merchant_order_no = ${orderNo}`;
  return select('PAYMENT', 'ORDER_NO', columns, from, where, NEWEST, limit);
}

/** Payouts by their exact reference (the merchant's) or bank reference. */
export function payoutsByReference(merchantId: string, reference: string, limit: number): SQL[] {
  const { from, columns } = KIND_SOURCES.PAYOUT;
  return [
    select(
      'PAYOUT',
      'REFERENCE',
      columns,
      from,
      sql`t.merchant_id = ${merchantId} AND t.reference = ${reference}`,
      NEWEST,
      limit,
    ),
    select(
      'PAYOUT',
      'REFERENCE',
      columns,
      from,
      sql`t.merchant_id = ${merchantId} AND t.bank_reference = ${reference}`,
      NEWEST,
      limit,
    ),
  ];
}

/** Withdrawals by their exact bank reference. */
export function withdrawalsByReference(merchantId: string, reference: string, limit: number): SQL {
  const { from, columns } = KIND_SOURCES.WITHDRAWAL;
  const where = sql`t.merchant_id = ${merchantId} AND t.bank_reference = ${reference}`;
  return select('WITHDRAWAL', 'REFERENCE', columns, from, where, NEWEST, limit);
}

/**
 * Payments whose customer email starts with `prefix` (lower case). No ORDER BY: the index's range is
 * read until LIMIT rows, whatever the number of matches; the caller orders the few rows.
 */
export function paymentsByEmailPrefix(merchantId: string, prefix: string, limit: number): SQL {
  // The second line shows the email that matched, not the order number.
  const { from } = KIND_SOURCES.PAYMENT;
  const columns = sql`t.id, t.customer_email AS reference, t.status, ${money(sql`t.amount`, sql`t.currency`)}, t.created_at, ${NO_ENDPOINT}`;
  const where = sql`t.merchant_id = ${merchantId} AND lower(t.customer_email) LIKE ${likePrefix(prefix)}`;
  return select('PAYMENT', 'EMAIL', columns, from, where, NONE, limit);
}

/** Card payments by the card's last 4 and an amount (in any of the currencies it can be). */
export function paymentsByCardAmount(merchantId: string, last4: string, amounts: AmountIn[], limit: number): SQL {
  const { from, columns } = KIND_SOURCES.PAYMENT;
  const minors = [...new Set(amounts.map((a) => a.minor))];
  const pairs = sql.join(
    amounts.map((a) => sql`(t.currency = ${a.currency} AND t.amount = ${a.minor})`),
    sql` OR `,
  );
  const where = sql`t.merchant_id = ${merchantId} AND t.card_last4 = ${last4}
    AND t.amount IN (${sql.join(
      minors.map((m) => sql`${m}`),
      sql`, `,
    )}) AND (${pairs})`;
  return select('PAYMENT', 'CARD_AMOUNT', columns, from, where, NEWEST, limit);
}

/** Payments of an amount in a currency, newest first. */
export function paymentsByAmount(merchantId: string, amount: AmountIn, limit: number): SQL {
  const { from, columns } = KIND_SOURCES.PAYMENT;
  const where = sql`t.merchant_id = ${merchantId} AND t.currency = ${amount.currency} AND t.amount = ${amount.minor}`;
  return select('PAYMENT', 'AMOUNT', columns, from, where, NEWEST, limit);
}

/** API keys by their visible start (sk_test_…): the typed text, or the stored prefix when a whole key is typed. */
export function apiKeysByPrefix(merchantId: string, typed: string, limit: number): SQL {
  const { from, columns } = KIND_SOURCES.API_KEY;
  const where = sql`t.merchant_id = ${merchantId} AND (starts_with(t.prefix, ${typed}) OR starts_with(${typed}, t.prefix))`;
  return select('API_KEY', 'KEY_PREFIX', columns, from, where, NEWEST, limit);
}
