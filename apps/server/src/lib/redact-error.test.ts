import { describe, expect, it } from 'vitest';
import type { ErrorEvent } from '@sentry/node';
import { REDACTED, redactError, redactedMessage } from './redact-error';
import { scrubSentryEvent } from './sentry-options';

const TOKEN_HASH = 'f'.repeat(64);
const EMAIL = 'someone@merchant.example';

/** A driver error as pg reports a unique violation, wrapped as Drizzle wraps it. */
function failedInsert(): Error {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "user_links_token_uq"'), {
    code: '23505',
    constraint: 'user_links_token_uq',
    table: 'user_links',
    detail: `Key (token_hash)=(${TOKEN_HASH}) already exists.`,
  });
  const query = 'insert into "user_links" ("token_hash", "email") values ($1, $2)';
  const params = [TOKEN_HASH, EMAIL];
  return Object.assign(new Error(`Failed query: ${query}\nparams: ${params}`), {
    name: 'DrizzleQueryError',
    query,
    params,
    cause,
  });
}

describe('redactError', () => {
  it('keeps the query text, code and constraint, and drops every value of the query', () => {
    const err = failedInsert();
    const copy = redactError(err) as Error & {
      query: string;
      params: unknown;
      cause: Error & { detail: unknown; code: string; constraint: string };
    };
    const text = JSON.stringify({
      message: copy.message,
      stack: copy.stack,
      params: copy.params,
      cause: { ...copy.cause, message: copy.cause.message, stack: copy.cause.stack },
    });
    expect(text).not.toContain(TOKEN_HASH);
    expect(text).not.toContain(EMAIL);
    expect(copy.message).toBe(`Failed query: ${copy.query}\nparams: ${REDACTED}`);
    expect(copy.stack).toContain('at ');
    expect(copy.params).toBe(REDACTED);
    expect(copy.cause.detail).toBe(REDACTED);
    expect(copy).toBeInstanceOf(Error);
    expect(copy.cause).toMatchObject({ code: '23505', constraint: 'user_links_token_uq', table: 'user_links' });
    // The original is untouched (the caller may still need it).
    expect(err.message).toContain(TOKEN_HASH);
  });

  it('hides the value a data exception quotes, not the names other errors quote', () => {
    expect(redactedMessage({ message: 'invalid input syntax for type uuid: "sk_test_abc"', code: '22P02' })).toBe(
      `invalid input syntax for type uuid: "${REDACTED}"`,
    );
    expect(redactedMessage({ message: 'duplicate key value violates unique constraint "x_uq"', code: '23505' })).toBe(
      'duplicate key value violates unique constraint "x_uq"',
    );
  });
});

describe('scrubSentryEvent', () => {
  it('removes the query values wherever the event carries them, and the request body, query string and credentials', () => {
    const err = failedInsert();
    const event = {
      exception: {
        values: [
          { type: 'DrizzleQueryError', value: err.message },
          { type: 'Error', value: (err.cause as Error).message },
        ],
      },
      contexts: {
        DrizzleQueryError: { query: 'insert …', params: [TOKEN_HASH, EMAIL] },
        Error: { detail: `Key (token_hash)=(${TOKEN_HASH}) already exists.` },
      },
      breadcrumbs: [{ message: `looked up ${EMAIL}` }],
      request: {
        url: 'https://bo.example/x?token=abc',
        query_string: 'token=abc',
        data: '{"password":"Merchant#2026"}',
        cookies: { mbo_sid: 'abc' },
        headers: { Authorization: 'Bearer sk_test_x', 'user-agent': 'ua' },
      },
    } as unknown as ErrorEvent;
    const scrubbed = scrubSentryEvent(event, { originalException: err });
    const text = JSON.stringify(scrubbed);
    for (const secret of [TOKEN_HASH, EMAIL, 'token=abc', 'Merchant#2026', 'sk_test_x', 'mbo_sid'])
      expect(text).not.toContain(secret);
    expect(scrubbed.exception?.values?.[0].value).toContain('Failed query: insert into "user_links"');
    expect(scrubbed.request).toEqual({ url: 'https://bo.example/x', headers: { 'user-agent': 'ua' } });
  });
});
