/**
 * How the reference is rendered (swagger-ui-react props, read once when it mounts). Kept apart from
 * the renderer so the page and the tests read it without loading swagger-ui.
 */

/** The part of a swagger-client request the interceptor touches. */
export interface InterceptedRequest {
  credentials?: RequestCredentials;
  [key: string]: unknown;
}

/**
 * "Try it" calls authenticate with the secret key typed into "Authorize" only: the browser must not
 * add the back-office session cookie (same origin, so fetch would send it by default).
 */
export function omitCookies<R extends InterceptedRequest>(request: R): R {
  request.credentials = 'omit';
  return request;
}

export const SWAGGER_OPTIONS = {
  tryItOutEnabled: true,
  // The key stays in memory for this page only, never in localStorage.
  persistAuthorization: false,
  withCredentials: false,
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  filter: true,
  // A ?url= or ?configUrl= in the address must not load another document into the page.
  queryConfigEnabled: false,
  requestInterceptor: omitCookies,
} as const;
