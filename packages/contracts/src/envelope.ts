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

/** List answers (`POST .../list`) carry the page and the total. */
export interface Page<T> {
  total: number;
  records: T[];
}

export interface PageRequest {
  pageNum?: number;
  pageSize?: number;
}
