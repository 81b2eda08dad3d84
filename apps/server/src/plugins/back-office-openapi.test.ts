import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { call, createTestApp, loginAs, type TestApp } from '../test/harness';
import { BACK_OFFICE_OPENAPI_PATH, isBackOfficeRoute } from './back-office-openapi';
import type { RegisteredRoute } from './types';

interface Operation {
  summary?: string;
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}
type OpenApi = {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const asPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const key = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${asPath(route.url)}`;

/**
 * The routes that are not the back-office API, each named (the dev mailbox only without SMTP): a new route is either a
 * back-office call (with its response schema) or added here knowingly.
 */
const NOT_BACK_OFFICE = [
  'GET /',
  'GET /app',
  'GET /app/*',
  'GET /healthz',
  'GET /readyz',
  'GET /dev/webhooks',
  'POST /dev/webhooks',
  'GET /dev/mailbox',
  'GET /dev/mailbox.json',
  'GET /pay/{linkId}',
  'POST /pay/{linkId}',
  'GET /pay/{linkId}/payments/{paymentId}',
];

/**
 * Every back-office call declares its answer (lib/route-responses.ts): walked over the routes the app
 * registered, as the routes × roles test does, so a route added without one fails here. Its OpenAPI
 * document, apart from the merchant API's, lists every one of them with that answer.
 */
describe('back-office API: response schemas and OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApi;
  let backOffice: RegisteredRoute[];

  beforeAll(async () => {
    t = await createTestApp();
    backOffice = t.app.registeredRoutes.filter(isBackOfficeRoute);
    const owner = await loginAs(t.app, 'owner@demo.test');
    const res = await t.app.inject({ method: 'GET', url: BACK_OFFICE_OPENAPI_PATH, headers: { cookie: owner } });
    expect(res.statusCode).toBe(200);
    doc = res.json() as OpenApi;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every back-office route a response schema for its answer', () => {
    expect(backOffice.length).toBeGreaterThan(100);
    const without = backOffice.filter((r) => !r.schema.response?.['200']).map(key);
    expect(without).toEqual([]);
    // ...and the routes left out are the merchant API (its own document) and these pages, files and tools.
    const others = t.app.registeredRoutes.filter((r) => !isBackOfficeRoute(r));
    const unnamed = others
      .filter((r) => r.access !== 'api-key' && !r.url.startsWith('/api/v1/'))
      .map(key)
      .filter((k) => !NOT_BACK_OFFICE.includes(k));
    expect(unnamed).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document of its own, for signed-in users only', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Merchant Back-office API');
    const anonymous = await call(t.app, 'GET', BACK_OFFICE_OPENAPI_PATH);
    expect(anonymous.status).toBe(431);
    expect(anonymous.body).toMatchObject({ code: '002001B010', data: null });
  });

  it('lists every back-office route with its answer, and nothing of the merchant API or the pages', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(backOffice.map(key).sort());
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const ok = op.responses['200'];
        expect(ok?.content, `${method} ${path}`).toBeDefined();
        expect(Object.keys(ok.content ?? {}), `${method} ${path}`).toContain('application/json');
      }
    }
    // The envelope of an answer names its data's fields: e.g. the payments list's page and records.
    const list = doc.paths['/acquiring/web/v1/payment/list'].post.responses['200'].content!['application/json'].schema;
    expect(JSON.stringify(list)).toContain('"totalExact"');
    expect(JSON.stringify(list)).toContain('"merchantOrderNo"');
    expect(doc.paths['/acquiring/web/v1/payment/list'].post.responses['431']).toBeDefined();
  });

  it('leaves the merchant API document as it was: only /api/v1 routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const apiDoc = res.json() as OpenApi;
    expect(Object.keys(apiDoc.paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/v1/'))).toBe(false);
  });
});
