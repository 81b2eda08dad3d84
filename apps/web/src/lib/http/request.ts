/**
 * The one HTTP client of the app: axios with baseURL '' and timeout 0, exactly spec sections 7 and 8.
 *
 * - GET data goes as query parameters, other methods send it as the JSON body.
 * - The cookie named HEADERS_COOKIE (a JSON object) adds headers to every call.
 * - code 000000 resolves (success toast when asked); 002001B051 / 002001B063 resolve with `errMsg`;
 *   every other code rejects with an ApiError whose message follows the error catalogue.
 * - HTTP 431 → 002001B010 and the login page; 430 → 002001B024 (login page, silently, for the
 *   menu-list and current-user calls; otherwise the 'permission-denied' access signal, so the shell
 *   reloads the menus and permissions); 401/403/404 → 002000S001; other statuses → status text.
 * - 002001B040 (two-factor set-up required) is not shown: the 'two-factor-setup-required' access
 *   signal makes the shell show the set-up panel instead (access-signals.ts).
 * - Every rejection is shown (unless showErrorMessage is false) and reported.
 * - Every call says the app's language (Accept-Language): the server answers its own messages in it.
 *   The catalogue's messages are the `errors` namespace of the language (i18n/README.md).
 */
import type { AxiosInstance, AxiosResponse, AxiosStatic } from 'axios';
import { SUCCESS_CODE, type Envelope } from '@mbo/contracts/envelope';
import { HTTP_STATUS, RESULT_CODES, CLIENT_CODES } from '@mbo/contracts/client-codes';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { withChunkTimeout } from '@/lib/chunk-errors';
import { currentLocale, i18n } from '@/i18n/i18n';
import { reportError } from '@/lib/error-reporting';
import { currentAppPath, isAuthPath, LOGIN_PATH } from '@/lib/login-redirect';
import { readCookieHeaders } from './cookie-headers';
import { emitAccessSignal } from './access-signals';
import { getHttpUi } from './http-ui';

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
  /** Cancels the call (e.g. TanStack Query's signal). A cancelled call rejects silently. */
  signal?: AbortSignal;
  /** Extra headers of this call only (e.g. the idempotency key of a money-moving call). */
  headers?: Record<string, string>;
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

/** The toast of a successful blob download (spec section 8), in the app's language. */
export const downloadSuccessMessage = (): string => i18n.t('common:http.downloadSuccess');
/** ApiError.code of a call that got no answer (network down, CORS, aborted by the browser). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
/** ApiError.code of a call cancelled through `signal` (never shown, never reported). */
export const CANCELLED_CODE = 'CANCELLED';
/** ApiError.code of an HTTP status without a meaning of its own: `HTTP_<status>`. */
export const httpErrorCode = (status: number) => `HTTP_${status}`;

function createHttp(axios: AxiosStatic): AxiosInstance {
  const instance = axios.create({
    baseURL: '',
    timeout: 0,
    withCredentials: true,
    adapter: 'xhr',
    headers: { Accept: 'application/json' },
    // Arrays as repeated keys (status=A&status=B), what the server's query parser reads.
    paramsSerializer: { indexes: null },
  });
  instance.interceptors.request.use((config) => {
    config.headers.set('Accept-Language', currentLocale());
    for (const [name, value] of Object.entries(readCookieHeaders())) config.headers.set(name, value);
    return config;
  });
  return instance;
}

let loading: Promise<{ axios: AxiosStatic; http: AxiosInstance }> | undefined;

/**
 * axios is loaded with the first call (or when the shell prefetches it), not with the first page:
 * the login page's initial JavaScript stays small.
 */
function loadAxios(): Promise<{ axios: AxiosStatic; http: AxiosInstance }> {
  loading ??= withChunkTimeout(() => import('axios')).then(
    ({ default: axios }) => ({ axios, http: createHttp(axios) }),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** The axios instance (for tests and rare low-level needs; use `request`). */
export async function getHttp(): Promise<AxiosInstance> {
  return (await loadAxios()).http;
}

/** Starts loading the client early (after the first render), so the first call does not wait for it. */
export function prefetchHttp(): void {
  void loadAxios().catch(() => undefined);
}

let catalogue: Promise<unknown> | undefined;

/**
 * The catalogue's messages (the `errors` namespace of the language in force), loaded beside the first
 * call rather than with the first page; waited for before a call's outcome is read.
 */
function catalogueLoaded(): Promise<unknown> {
  catalogue ??= i18n.loadNamespaces('errors').catch(() => {
    catalogue = undefined;
  });
  return catalogue;
}

/** Calls the API and applies the rules of spec section 8. */
export async function request<T>(options: RequestOptions): Promise<ApiResult<T>> {
  const messages = catalogueLoaded();
  const method = options.method ?? 'GET';
  const isGet = method === 'GET';
  const isBlob = options.responseType === 'blob';
  let lib: { axios: AxiosStatic; http: AxiosInstance };
  try {
    lib = await loadAxios();
  } catch (err) {
    await messages;
    throw fail(new ApiError(i18n.t('common:http.appChunkFailed'), NETWORK_ERROR_CODE), options, err);
  }
  let response: AxiosResponse;
  try {
    response = await lib.http.request({
      url: options.url,
      method,
      params: isGet ? options.data : undefined,
      data: isGet ? undefined : options.data,
      responseType: isBlob ? 'blob' : 'json',
      signal: options.signal,
      headers: options.headers,
    });
  } catch (err) {
    await messages;
    throw await transportFailure(lib.axios, err, options);
  }
  await messages;
  if (isBlob) return handleBlob<T>(response, options);
  return handleEnvelope<T>(response.data, options, response.status);
}

/** Shorthands; resolve with `data` only. */
export async function get<T>(url: string, data?: unknown, opts: Partial<RequestOptions> = {}): Promise<T> {
  return (await request<T>({ ...opts, url, method: 'GET', data })).data;
}
export async function post<T>(url: string, data?: unknown, opts: Partial<RequestOptions> = {}): Promise<T> {
  return (await request<T>({ ...opts, url, method: 'POST', data })).data;
}

// ---------------------------------------------------------------------------------------------

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return !!body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string';
}

/**
 * The catalogue's message of a code in the app's language (the `errors` namespace), or the fallback
 * wording of spec section 8 for a code the table does not know.
 */
export function catalogueText(code: string): string {
  return i18n.exists(code, { ns: 'errors' })
    ? i18n.t(code, { ns: 'errors' })
    : i18n.t('systemFallback', { ns: 'errors', code });
}

/**
 * The message of a business error code (spec section 8): the server's own msg (already in the
 * caller's language) when isGwErrorMapEnabled is 1, else the catalogue's.
 */
export function messageForEnvelope(env: Pick<Envelope<unknown>, 'code' | 'msg' | 'msg_params'>): string {
  if (Number(env.msg_params?.isGwErrorMapEnabled) === 1 && env.msg) return env.msg;
  return catalogueText(env.code);
}

function handleEnvelope<T>(body: unknown, options: RequestOptions, status?: number): ApiResult<T> {
  if (!isEnvelope(body)) {
    const code = CLIENT_CODES.SYSTEM;
    throw fail(new ApiError(catalogueText(code), code, status), options);
  }
  const env = body as Envelope<T>;
  if (env.code === SUCCESS_CODE) {
    if (options.showSuccessMessage && env.msg) getHttpUi().success(env.msg);
    return env;
  }
  if (RESULT_CODES.includes(env.code)) {
    const original = env.msg_params?.originalMsg;
    return { ...env, errMsg: env.msg || (typeof original === 'string' ? original : undefined) };
  }
  throw fail(new ApiError(messageForEnvelope(env), env.code, status, env), options);
}

async function handleBlob<T>(response: AxiosResponse, options: RequestOptions): Promise<ApiResult<T>> {
  const blob = response.data as Blob;
  const body = await blobEnvelope(blob, String(response.headers['content-type'] ?? ''));
  if (body && body.code !== SUCCESS_CODE) return handleEnvelope<T>(body, options, response.status);
  // Saving a file is the download's own code, loaded with the first download (not with the login page).
  const { filenameFromDisposition, saveBlob } = await import('./download');
  const filename = filenameFromDisposition(response.headers['content-disposition'] as string | undefined);
  saveBlob(blob, filename);
  const msg = downloadSuccessMessage();
  getHttpUi().success(msg);
  return { code: SUCCESS_CODE, msg, msg_params: null, data: blob as T };
}

/** The envelope inside a blob answer, when the server answered JSON instead of a file. */
async function blobEnvelope(blob: unknown, contentType: string): Promise<Envelope<unknown> | undefined> {
  if (!(blob instanceof Blob) || !/json/i.test(contentType || blob.type)) return undefined;
  try {
    const parsed: unknown = JSON.parse(await blob.text());
    return isEnvelope(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url, window.location.href).pathname;
  } catch {
    return url.split(/[?#]/)[0];
  }
}

function sendToLogin() {
  const here = currentAppPath();
  if (here === LOGIN_PATH || here.startsWith(`${LOGIN_PATH}?`)) return;
  getHttpUi().toLogin(isAuthPath(here) ? undefined : here);
}

async function transportFailure(axios: AxiosStatic, err: unknown, options: RequestOptions): Promise<unknown> {
  const { AxiosError } = axios;
  if (axios.isCancel(err) || (err instanceof AxiosError && err.code === AxiosError.ERR_CANCELED)) {
    return new ApiError(i18n.t('common:http.cancelled'), CANCELLED_CODE);
  }
  if (!(err instanceof AxiosError) || !err.response) {
    const message = i18n.t('common:http.networkError');
    return fail(new ApiError(message, NETWORK_ERROR_CODE), options, err);
  }
  const { status, statusText } = err.response;
  if (status === HTTP_STATUS.NO_SESSION) {
    const code = CLIENT_CODES.USER_NOT_LOGIN;
    const apiErr = fail(new ApiError(catalogueText(code), code, status), options);
    sendToLogin();
    return apiErr;
  }
  if (status === HTTP_STATUS.NO_PERMISSION) {
    const code = CLIENT_CODES.PERMISSION_DENIED;
    const path = pathOf(options.url);
    if (path === USERCENTER_PATHS.menuList || path === USERCENTER_PATHS.currentUser) {
      const apiErr = fail(new ApiError(catalogueText(code), code, status), { ...options, showErrorMessage: false });
      sendToLogin();
      return apiErr;
    }
    const apiErr = fail(new ApiError(catalogueText(code), code, status), options);
    // The role changed while the tab was open: the shell reloads what it shows from it (not when the
    // permission map itself answered so, which would only ask for it again).
    if (path !== USERCENTER_PATHS.isPermissionAllowed) emitAccessSignal('permission-denied');
    return apiErr;
  }
  if (status === 401 || status === 403 || status === 404) {
    const code = CLIENT_CODES.SYSTEM;
    return fail(new ApiError(catalogueText(code), code, status), options);
  }
  // A business error sent with an error status still carries its own code: read it as such.
  const data: unknown = err.response.data;
  const env = isEnvelope(data) ? data : await blobEnvelope(data, String(err.response.headers['content-type'] ?? ''));
  if (env && env.code !== SUCCESS_CODE && !RESULT_CODES.includes(env.code)) {
    return fail(new ApiError(messageForEnvelope(env), env.code, status, env), options);
  }
  return fail(new ApiError(statusText || err.message, httpErrorCode(status), status), options);
}

/** Shows (unless told not to) and reports a rejection; returns the error to throw. */
function fail(err: ApiError, options: RequestOptions, cause?: unknown): ApiError {
  const setupRequired = err.code === CLIENT_CODES.TWO_FACTOR_SETUP_REQUIRED;
  if (options.showErrorMessage !== false && !setupRequired) getHttpUi().error(err.message);
  reportError(err, {
    url: options.url,
    method: options.method ?? 'GET',
    code: err.code,
    status: err.status,
    cause: cause instanceof Error ? cause.message : undefined,
  });
  // The set-up panel explains it better than a toast would.
  if (setupRequired) emitAccessSignal('two-factor-setup-required');
  return err;
}
