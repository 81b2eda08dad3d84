/**
 * What an error may say outside the process (the log, Sentry): no value a query carried. A database
 * error repeats its query's parameters (token hashes, emails, secrets): Drizzle's message ends in
 * "params: …" and keeps them in `params`; the driver's `detail` shows a failing row or key, and a data
 * exception's message (SQLSTATE class 22) quotes the value it could not take. The copy keeps the rest
 * (the query text, which holds only placeholders, the SQLSTATE code, the constraint, table, column).
 */
export const REDACTED = '[redacted]';

/** Properties of Drizzle's and the drivers' errors that hold a query's values or rows. */
export const VALUE_PROPERTIES = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

interface ErrorLike {
  message: string;
  name?: unknown;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** An error's message without the values of its query. */
export function redactedMessage(err: ErrorLike): string {
  let message = err.message;
  // Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
  const params = message.indexOf('\nparams:');
  if (params >= 0) message = `${message.slice(0, params)}\nparams: ${REDACTED}`;
  // A data exception names the value it could not take in double quotes ('invalid input syntax for type uuid: "…"').
  if (typeof err.code === 'string' && err.code.startsWith('22'))
    message = message.replace(/"(?:[^"\\]|\\.)*"/g, `"${REDACTED}"`);
  return message;
}

/** Every error of a cause chain, outermost first. */
export function errorChain(err: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let e: unknown = err; isErrorLike(e) && !chain.includes(e) && chain.length < 10; e = e.cause) chain.push(e);
  return chain;
}

/**
 * A copy of a thrown value safe to log or report: the same class, message and stack without the
 * query's values, the value-carrying properties replaced, its causes copied likewise. Anything that
 * is not an error is returned as it is.
 */
export function redactError<T>(err: T): T {
  return copyRedacted(err, new Map()) as T;
}

function copyRedacted(err: unknown, copies: Map<unknown, unknown>): unknown {
  if (!isErrorLike(err)) return err;
  if (copies.has(err)) return copies.get(err);
  const copy = Object.create(Object.getPrototypeOf(err) as object) as Record<string, unknown>;
  copies.set(err, copy);
  for (const key of Object.keys(err))
    copy[key] = VALUE_PROPERTIES.has(key) ? REDACTED : (err as unknown as Record<string, unknown>)[key];
  const message = redactedMessage(err);
  Object.defineProperty(copy, 'message', { value: message, writable: true, configurable: true, enumerable: false });
  if (typeof err.stack === 'string') {
    // V8's stack starts with "<name>: <message>": the message is replaced in it, or the header rewritten.
    const stack = err.stack.includes(err.message)
      ? err.stack.replace(err.message, () => message)
      : [
          `${String(err.name ?? 'Error')}: ${message}`,
          ...err.stack.split('\n').filter((line) => /^\s+at /.test(line)),
        ].join('\n');
    Object.defineProperty(copy, 'stack', { value: stack, writable: true, configurable: true, enumerable: false });
  }
  if (err.cause !== undefined) {
    Object.defineProperty(copy, 'cause', {
      value: copyRedacted(err.cause, copies),
      writable: true,
      configurable: true,
      enumerable: Object.keys(err).includes('cause'),
    });
  }
  return copy;
}

/**
 * The values a query of the error chain carried (its `params`), as text: what must not appear in a
 * report, wherever the reporting library put the error's text. Only values of 6 characters or more
 * (a token, a hash, an email, a secret), so short ones (a status, an amount) do not blank out words.
 */
export function queryValuesOf(err: unknown): string[] {
  const values = new Set<string>();
  const add = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(add);
    else if (typeof value === 'string' && value.length >= 6) values.add(value);
    else if (
      value instanceof Date ||
      typeof value === 'bigint' ||
      (typeof value === 'number' && String(value).length >= 6)
    )
      add(String(value));
    else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) add(JSON.stringify(value));
  };
  for (const e of errorChain(err)) {
    for (const key of VALUE_PROPERTIES) add((e as unknown as Record<string, unknown>)[key]);
    // PostgreSQL's detail: "Key (email)=(a@b.example) already exists.", "Failing row contains (…, …)."
    const detail = (e as { detail?: unknown }).detail;
    if (typeof detail === 'string') {
      for (const [, inside] of detail.matchAll(/(?:\)=|contains )\((.*)\)/g)) add([inside, ...inside.split(/,\s*/)]);
    }
  }
  return [...values].sort((a, b) => b.length - a.length);
}
