import swagger, { type SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { MERCHANT_API_PATHS, MERCHANT_API_PREFIX } from '@mbo/contracts/merchant-api';
import { z } from 'zod';

const TAGS = [
  { name: 'Payments', description: 'Payments from your customers.' },
  { name: 'Refunds', description: 'Refunds of payments (idempotent: send an Idempotency-Key).' },
  { name: 'Payment links', description: 'Hosted checkout pages for an amount.' },
  { name: 'Disputes', description: 'Customer disputes and chargebacks.' },
  { name: 'Settlements', description: 'What was settled to you, per day and currency.' },
  { name: 'Payouts', description: 'Payouts to beneficiaries.' },
  { name: 'Meta', description: 'This document.' },
];

const DESCRIPTION = [
  'The merchant REST API (sandbox). Authenticate every call with a secret key from Settings → Integration:',
  '`Authorization: Bearer sk_test_…`. Objects are JSON with camelCase fields, an `id` and an `object` type;',
  'amounts are integers in minor units of their `currency` (cents for USD, yen for JPY) and times ISO 8601 in UTC.',
  'Lists are newest first, paged with `limit` and `starting_after`. Errors answer `{ error: { code, message, requestId } }`',
  'with the HTTP status (400 invalid request, 401 no key, 404 no such object, 409 idempotency conflict, 429 rate limit).',
].join(' ');

type Components = { schemas?: Record<string, unknown> } | undefined;

const refsIn = (value: unknown): string[] =>
  [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]));

/**
 * Only the components the paths use, and what those use: the zod registry also yields the input
 * form of response objects and the output form of requests, which no call has. A request's
 * component loses the registry's "Input" suffix when no output form of it is used. `alwaysKeep`:
 * components no call answers but the document should show (the objects webhook events carry).
 */
export function withUsedSchemasOnly<D extends object>(doc: D, alwaysKeep: readonly string[] = []): D {
  const components = (doc as { components?: Components }).components;
  const schemas = components?.schemas ?? {};
  const keep = new Set<string>();
  const todo = [...alwaysKeep, ...refsIn({ ...doc, components: { ...components, schemas: {} } })];
  while (todo.length) {
    const name = todo.pop()!;
    if (keep.has(name) || !(name in schemas)) continue;
    keep.add(name);
    todo.push(...refsIn(schemas[name]));
  }
  const renamed = new Map([...keep].filter((n) => n.endsWith('Input') && !keep.has(n.slice(0, -5))).map((n) => [n, n.slice(0, -5)]));
  const used = Object.fromEntries([...keep].map((n) => [renamed.get(n) ?? n, schemas[n]]).sort(([a], [b]) => String(a).localeCompare(String(b))));
  let json = JSON.stringify({ ...doc, components: { ...components, schemas: used } });
  for (const [from, to] of renamed) json = json.replaceAll(`"#/components/schemas/${from}"`, `"#/components/schemas/${to}"`);
  return JSON.parse(json) as D;
}

/** The API's objects (merchant-api-schemas.ts ids): all shown, a subscription too, which only webhook events carry. */
const API_OBJECT_COMPONENTS = ['Payment', 'Refund', 'PaymentLink', 'Dispute', 'Settlement', 'Payout', 'Subscription'];

const zodTransform = createJsonSchemaTransform({});
const zodTransformObject = createJsonSchemaTransformObject({});

/**
 * The OpenAPI 3.1 document of the merchant API, generated from the zod schemas attached to its
 * routes (never written by hand), served at /api/v1/openapi.json. @fastify/swagger is registered in
 * the API's own scope, so it sees only those routes; anything else is hidden anyway.
 */
export async function registerOpenApi(scope: FastifyInstance): Promise<void> {
  const options: SwaggerOptions = {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Merchant API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: '/' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'sk_test_…', description: 'A secret API key of Settings → Integration.' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: (input) => (input.url.startsWith(`${MERCHANT_API_PREFIX}/`) ? zodTransform(input) : { schema: { hide: true }, url: input.url }),
    transformObject: (input) => withUsedSchemasOnly(zodTransformObject(input), API_OBJECT_COMPONENTS),
  };
  await scope.register(swagger, options);

  scope.get(MERCHANT_API_PATHS.openapi, {
    config: { access: 'public' },
    schema: {
      tags: ['Meta'], operationId: 'getOpenApiDocument', summary: 'This OpenAPI document', security: [],
      description: 'The OpenAPI 3.1 document of this API, generated from the schemas the server validates with. No key needed.',
      response: { 200: { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } } } },
    },
  }, async () => scope.swagger() as unknown as { openapi: string });
}
