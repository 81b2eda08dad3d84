import type { FastifyContextConfig } from 'fastify';
import type { z } from 'zod';
import { envelopeResponses } from './route-responses';

/*
 * A back-office route's options in one call: who may call it (`config.access`, route-access.ts), its request schema
 * and the envelope of its contract's `data` schema (envelopeResponses). The schemas keep their own types, so the zod
 * type provider still types `request.body` / `request.query` and checks the handler's answer against `data`.
 */

/** Who may call a route (plugins/types.ts RouteAccess, declared on Fastify's route config). */
type RouteAccess = NonNullable<FastifyContextConfig['access']>;

/**
 * Where a read-only route's heavy reads may go: 'replica' lets `request.reader` be the read replica
 * (plugins/read-routing.ts); without it every read is the primary's.
 */
type ReadsFrom = 'replica';

/** A GET whose parameters travel in the query string. */
export function query<Q extends z.ZodType, D extends z.ZodType>(
  access: RouteAccess,
  querystring: Q,
  data: D,
  from?: ReadsFrom,
) {
  const config: { access: RouteAccess; reads?: ReadsFrom } = from ? { access, reads: from } : { access };
  return { config, schema: { querystring, response: envelopeResponses(data) } };
}

/** A POST that only reads (a list or query whose filters travel in the body): declared `reads`, never a write. */
export function reads<B extends z.ZodType, D extends z.ZodType>(
  access: RouteAccess,
  body: B,
  data: D,
  from?: ReadsFrom,
) {
  return { config: { access, reads: from ?? true }, schema: { body, response: envelopeResponses(data) } };
}

/** A POST that changes state: its access must name an action's permission code (route-access.ts checkWriteAccess). */
export function writes<B extends z.ZodType, D extends z.ZodType>(access: RouteAccess, body: B, data: D) {
  return { config: { access }, schema: { body, response: envelopeResponses(data) } };
}

/** A GET without parameters: only its answer. */
export function answers<D extends z.ZodType>(access: RouteAccess, data: D) {
  return { config: { access }, schema: { response: envelopeResponses(data) } };
}
