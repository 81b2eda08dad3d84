/**
 * Global search (the header's search box, Ctrl/⌘+K): one call finds records of the active merchant by
 * id or reference, and payments by order number, customer email prefix, card last 4 with an amount,
 * or amount with currency. Schemas: search-schemas.ts (types inferred from them, type-only imports);
 * how a query is read: search-query.ts.
 */
import type { z } from 'zod';
import type { searchGroupSchema, searchRequest, searchResultSchema, searchResultsSchema } from './search-schemas';

export const SEARCH_PATHS = {
  search: '/usercenter/web/v1/search',
} as const;

/** The kinds of record the search finds, in the order their groups are shown. */
export const SEARCH_KINDS = [
  'PAYMENT',
  'REFUND',
  'DISPUTE',
  'SETTLEMENT',
  'BATCH',
  'WITHDRAWAL',
  'PAYOUT',
  'PAYOUT_BATCH',
  'AGREEMENT',
  'PAYMENT_LINK',
  'API_KEY',
  'WEBHOOK_EVENT',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** What a group's heading reads. */
export const SEARCH_KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  PAYMENT: 'Payments',
  REFUND: 'Refunds',
  DISPUTE: 'Disputes',
  SETTLEMENT: 'Settlements',
  BATCH: 'Clearing batches',
  WITHDRAWAL: 'Withdrawals',
  PAYOUT: 'Payouts',
  PAYOUT_BATCH: 'Payout batches',
  AGREEMENT: 'Agreements',
  PAYMENT_LINK: 'Payment links',
  API_KEY: 'API keys',
  WEBHOOK_EVENT: 'Webhook events',
};

/** Which part of a record the query matched. */
export const SEARCH_MATCHES = ['ID', 'REFERENCE', 'ORDER_NO', 'EMAIL', 'CARD_AMOUNT', 'AMOUNT', 'KEY_PREFIX'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

export const SEARCH_MATCH_LABELS: Readonly<Record<SearchMatch, string>> = {
  ID: 'ID',
  REFERENCE: 'Reference',
  ORDER_NO: 'Order number',
  EMAIL: 'Customer email',
  CARD_AMOUNT: 'Card and amount',
  AMOUNT: 'Amount',
  KEY_PREFIX: 'Key prefix',
};

/** The longest query the server reads (a longer one is a bad input). */
export const SEARCH_QUERY_MAX = 200;
/** At most this many records per kind; a group with more says so (`more`). */
export const SEARCH_LIMIT_PER_KIND = 8;

export type SearchRequest = z.infer<typeof searchRequest>;
export type SearchResult = z.infer<typeof searchResultSchema>;
export type SearchGroup = z.infer<typeof searchGroupSchema>;
export type SearchResults = z.infer<typeof searchResultsSchema>;
