/**
 * INTERFACE STUB, implemented by the shell work (see the brief). The one HTTP client of the app:
 * axios with baseURL '' and timeout 0, exactly spec sections 7 and 8.
 */
import type { Envelope } from '@mbo/contracts/envelope';

export interface RequestOptions<D = unknown> {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as query parameters for GET, as the JSON body otherwise. */
  data?: D;
  /** Show a success toast with the server msg when the call succeeds. Default false. */
  showSuccessMessage?: boolean;
  /** Show an error toast when the call fails. Default true. */
  showErrorMessage?: boolean;
  /** 'blob' for downloads: 'download success' toast, the file saved. */
  responseType?: 'json' | 'blob';
}

/** A settled call: the envelope, plus errMsg for the codes that resolve as results (002001B051, 002001B063). */
export type ApiResult<T> = Envelope<T> & { errMsg?: string };

/** What a rejected call rejects with. */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly code: string,
    public readonly status?: number,
    public readonly envelope?: Envelope<unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function request<T>(options: RequestOptions): Promise<ApiResult<T>> {
  void options;
  throw new Error('not implemented yet');
}

/** Shorthands; resolve with `data` only. */
export async function get<T>(url: string, data?: unknown, opts: Partial<RequestOptions> = {}): Promise<T> {
  return (await request<T>({ ...opts, url, method: 'GET', data })).data;
}
export async function post<T>(url: string, data?: unknown, opts: Partial<RequestOptions> = {}): Promise<T> {
  return (await request<T>({ ...opts, url, method: 'POST', data })).data;
}
