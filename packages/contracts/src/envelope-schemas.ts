import { z } from 'zod';
import { SUCCESS_CODE } from './envelope';

/**
 * originalMsg: the message the gateway received before any mapping; isGwErrorMapEnabled 1: the client shows `msg` as it
 * is instead of its own table's.
 */
export const msgParamsSchema = z
  .object({ originalMsg: z.string().optional(), isGwErrorMapEnabled: z.union([z.literal(0), z.literal(1)]).optional() })
  .catchall(z.unknown());

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), msg: z.string(), msg_params: msgParamsSchema.nullable(), data });
}

/**
 * A successful answer: code 000000 and the call's `data`, nothing else (unknown fields are dropped when it is written).
 */
export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(SUCCESS_CODE), msg: z.string(), msg_params: msgParamsSchema.nullable(), data });
}

/** An error answer: its catalogue code, the message, and `data` (null, or e.g. the fields of a bad input). */
export const failureEnvelopeSchema = z
  .object({ code: z.string(), msg: z.string(), msg_params: msgParamsSchema.nullable(), data: z.unknown() })
  .meta({
    id: 'ErrorEnvelope',
    description:
      'An error: its catalogue code (not 000000), the message, msg_params.requestId, and data (null, or the fields of a bad input).',
  });

/** A list answer (`POST .../list`): the page's records and the total of all matches. */
export function pageSchema<T extends z.ZodType>(record: T) {
  return z.object({ total: z.number(), records: z.array(record) });
}

export const pageRequestSchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
