import { z } from 'zod';

/** Response code of a successful call (spec section 8). */
export const SUCCESS_CODE = '000000';

export interface MsgParams {
  /** The message the gateway received from the service before any mapping. */
  originalMsg?: string;
  /** 1 when the client must show `msg` as it is instead of its own table's message. */
  isGwErrorMapEnabled?: 0 | 1;
  [key: string]: unknown;
}

/** Every answer of the API has this shape (spec section 3). */
export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  msg_params: MsgParams | null;
  data: T;
}

export const msgParamsSchema = z
  .object({ originalMsg: z.string().optional(), isGwErrorMapEnabled: z.union([z.literal(0), z.literal(1)]).optional() })
  .catchall(z.unknown());

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), msg: z.string(), msg_params: msgParamsSchema.nullable(), data });
}

/** List answers (`POST .../list`) carry the page and the total. */
export interface Page<T> {
  total: number;
  records: T[];
}

export const pageRequestSchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type PageRequest = z.input<typeof pageRequestSchema>;
