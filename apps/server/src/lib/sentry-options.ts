import type { ErrorEvent, EventHint, NodeOptions } from '@sentry/node';
import { errorChain, queryValuesOf, REDACTED, redactedMessage, VALUE_PROPERTIES } from './redact-error';

/** Request headers that hold credentials (a session cookie, an API key). */
const CREDENTIAL_HEADERS = new Set(['cookie', 'authorization', 'x-api-key']);
/** Parts of an event that are not the error's text: left as they are (file names, function names, the SDK). */
const NOT_TEXT = new Set(['filename', 'abs_path', 'module', 'function', 'sdk', 'modules', 'debug_meta']);

/**
 * Sentry's beforeSend: the event leaves the process without any value of a failed query, wherever
 * the SDK put the error's text (the exception values of the error and its causes, the message,
 * breadcrumbs, extra data): each error's message as redactedMessage makes it, the query's values
 * replaced, value-carrying properties dropped. The request's body, query string, cookies and
 * credential headers are dropped too: a body holds passwords, a query string may hold a token.
 */
export function scrubSentryEvent(event: ErrorEvent, hint: EventHint): ErrorEvent {
  const messages = errorChain(hint.originalException)
    .map((e) => [e.message, redactedMessage(e)] as const)
    .filter(([original, redacted]) => original !== redacted);
  const values = queryValuesOf(hint.originalException);
  const scrubText = (text: string): string => {
    let out = text;
    for (const [original, redacted] of messages) out = out.split(original).join(redacted);
    const params = out.indexOf('\nparams:');
    if (params >= 0) out = `${out.slice(0, params)}\nparams: ${REDACTED}`;
    for (const value of values) out = out.split(value).join(REDACTED);
    return out;
  };
  const scrub = (value: unknown): unknown => {
    if (typeof value === 'string') return scrubText(value);
    if (Array.isArray(value)) return value.map(scrub);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        NOT_TEXT.has(key) ? v : VALUE_PROPERTIES.has(key) ? REDACTED : scrub(v),
      ]),
    );
  };
  const scrubbed = scrub(event) as ErrorEvent;
  if (scrubbed.request) {
    const { data: _data, cookies: _cookies, query_string: _query, headers, url, ...rest } = scrubbed.request;
    scrubbed.request = {
      ...rest,
      ...(url ? { url: url.split('?')[0] } : {}),
      ...(headers
        ? {
            headers: Object.fromEntries(
              Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())),
            ),
          }
        : {}),
    };
  }
  return scrubbed;
}

/**
 * The server's Sentry setup (SENTRY_DSN). The SDK's data collection collects everything unless told
 * otherwise (request bodies, cookies, query strings, a query's bound parameters, local variables of
 * stack frames): here none of it, and the request headers without credentials. Every event then
 * passes scrubSentryEvent.
 */
export function sentryOptions(dsn: string): NodeOptions {
  return {
    dsn,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { deny: [...CREDENTIAL_HEADERS] }, response: { deny: ['set-cookie'] } },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    beforeSend: scrubSentryEvent,
  };
}
