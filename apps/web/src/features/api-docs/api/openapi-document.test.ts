import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPENAPI_URL } from '@mbo/contracts/integration';
import { OPENAPI_FIXTURE } from '../testing/openapi-fixture';
import { OpenApiLoadError, fetchOpenApiDocument } from './openapi-document';

const stubFetch = (impl: typeof fetch) => {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
};
afterEach(() => vi.unstubAllGlobals());

describe('fetchOpenApiDocument', () => {
  it('GETs the generated document as JSON', async () => {
    const fetchMock = stubFetch(async () => Response.json(OPENAPI_FIXTURE));
    await expect(fetchOpenApiDocument()).resolves.toEqual(OPENAPI_FIXTURE);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(OPENAPI_URL);
    expect(new Headers(init?.headers).get('Accept')).toBe('application/json');
  });

  it('says which status the server answered', async () => {
    const answer = new Response('nope', { status: 404 });
    stubFetch(async () => answer);
    const err = await fetchOpenApiDocument().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenApiLoadError);
    expect(err).toMatchObject({ message: 'The server answered HTTP 404.', status: 404 });
    // The error answer's body is released, so the request completes in the browser.
    expect(answer.bodyUsed).toBe(true);
  });

  it('refuses an answer that is not an OpenAPI 3 document (an HTML page, an error envelope, Swagger 2)', async () => {
    for (const body of [
      '<!doctype html><html></html>',
      JSON.stringify({ code: '002001B010', msg: 'x' }),
      JSON.stringify({ swagger: '2.0', paths: {} }),
    ]) {
      stubFetch(async () => new Response(body, { status: 200 }));
      await expect(fetchOpenApiDocument()).rejects.toThrow('The server did not send an OpenAPI document.');
    }
  });

  it('turns a network failure into a message, but passes a cancellation on', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchOpenApiDocument()).rejects.toThrow(
      'The server could not be reached. Check your connection and try again.',
    );

    const controller = new AbortController();
    controller.abort();
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(async () => {
      throw aborted;
    });
    await expect(fetchOpenApiDocument(controller.signal)).rejects.toBe(aborted);
  });
});
