import { z } from 'zod';
import { SEARCH_KINDS, SEARCH_MATCHES, SEARCH_QUERY_MAX } from './search';

/** One search: the text as typed (trimmed; 1 to SEARCH_QUERY_MAX characters). */
export const searchRequest = z.object({
  query: z.string().trim().min(1, 'is required').max(SEARCH_QUERY_MAX),
});

/** A record found: what the result row shows and what it opens. */
export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  /** A second line: the order number, customer email, event type, key name…; null when there is none. */
  reference: z.string().nullable(),
  /** The record's status code (status-labels.ts has its words); null for a kind without one. */
  status: z.string().nullable(),
  /** Minor units of `currency`; null for a kind without an amount. */
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  createdAt: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  matchedBy: z.enum(SEARCH_MATCHES),
  /** A webhook event: the endpoint whose delivery log shows it (null when it was sent nowhere). */
  endpointId: z.string().nullable(),
});

export const searchGroupSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  records: z.array(searchResultSchema),
  /** More records matched than the group shows. */
  more: z.boolean(),
});

/** The groups that found something, in SEARCH_KINDS order; only kinds the user may read are searched. */
export const searchResultsSchema = z.object({
  query: z.string(),
  groups: z.array(searchGroupSchema),
});
