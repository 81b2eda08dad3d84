import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, type TestApp } from '../../test/harness';
import { api } from './api-test-helpers';
import { withUsedSchemasOnly } from '../../lib/openapi-components';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema: { $ref?: string } }> }>;
}
type OpenApi = {
  openapi: string;
  servers: { url: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: Record<string, unknown> };
};

/**
 * The OpenAPI document is generated from the routes' zod schemas: a valid 3.1 document with every /api/v1 route, and
 * nothing else.
 */
describe('merchant API: OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApi;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await api(t.app, 'GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body as OpenApi;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is a valid OpenAPI 3.1 document, served without a key', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents every /api/v1 route the app registered, and no other', () => {
    const routes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/v1/'));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const registered = routes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(registered.sort());
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
  });

  it('declares the bearer key, the server, and for each call its tag, summary, answer and errors', () => {
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const what = `${method} ${path}`;
        expect(op.summary, what).toBeTruthy();
        expect(op.tags?.length, what).toBe(1);
        expect(op.responses['200'].description, what).not.toBe('Default Response');
        if (path === '/api/v1/openapi.json') {
          expect(op.security, what).toEqual([]);
          continue;
        }
        for (const status of ['400', '401', '429', '500']) {
          expect(op.responses[status]?.content?.['application/json'].schema.$ref, `${what} ${status}`).toBe(
            '#/components/schemas/ApiError',
          );
        }
      }
    }
    expect(doc.paths['/api/v1/payments/{id}'].get.responses['404']).toBeDefined();
    expect(doc.paths['/api/v1/refunds'].post.responses['409']).toBeDefined();
    expect(doc.paths['/api/v1/payments'].get.responses['200'].content?.['application/json'].schema.$ref).toBe(
      '#/components/schemas/PaymentList',
    );
  });

  it('has the API objects as components, from their zod schemas', () => {
    const names = Object.keys(doc.components.schemas);
    for (const name of [
      'Payment',
      'Refund',
      'PaymentLink',
      'Dispute',
      'Settlement',
      'Payout',
      'Subscription',
      'PaymentList',
      'ApiError',
      'CreateRefundRequest',
      'CreatePaymentLinkRequest',
    ]) {
      expect(names, name).toContain(name);
    }
    // Only what is used: no input form of an answer, no output form of a request.
    expect(names.filter((n) => n.endsWith('Input'))).toEqual([]);
    expect(doc.components.schemas.Payment).toMatchObject({
      type: 'object',
      properties: {
        object: { const: 'payment' },
        amount: { type: 'integer' },
        createdAt: { type: 'string', format: 'date-time' },
      },
    });
  });

  it("keeps only referenced components (and those asked for), renaming a request's input form", () => {
    const pruned = withUsedSchemasOnly(
      {
        paths: {
          '/x': { post: { body: { $ref: '#/components/schemas/ReqInput' }, ok: { $ref: '#/components/schemas/A' } } },
        },
        components: {
          schemas: {
            A: { items: { $ref: '#/components/schemas/B' } },
            B: {},
            AInput: {},
            Req: {},
            ReqInput: {},
            Unused: {},
            Kept: {},
          },
        },
      },
      ['Kept'],
    );
    expect(Object.keys(pruned.components.schemas)).toEqual(['A', 'B', 'Kept', 'Req']);
    expect(pruned.paths['/x'].post.body.$ref).toBe('#/components/schemas/Req');
  });
});
