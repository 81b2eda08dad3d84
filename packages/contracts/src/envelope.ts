import type { z } from 'zod';
import type { msgParamsSchema, pageRequestSchema } from './envelope-schemas';

/** Response code of a successful call (spec section 8). */
export const SUCCESS_CODE = '000000';

/**
 * originalMsg: the message the gateway received before any mapping; isGwErrorMapEnabled 1: show `msg` as it is
 * (envelope-schemas.ts).
 */
export type MsgParams = z.infer<typeof msgParamsSchema>;

/** Every answer of the API has this shape (spec section 3). */
export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  msg_params: MsgParams | null;
  data: T;
}

/** List answers (`POST .../list`) carry the page and the total. */
export interface Page<T> {
  total: number;
  records: T[];
}

/**
 * Paging of a list call: pageNum and pageSize may be left out (1, 20). From the schema's output: its
 * input type is `unknown`, as the schema coerces ("2" is read as 2).
 */
export type PageRequest = Partial<z.output<typeof pageRequestSchema>>;
