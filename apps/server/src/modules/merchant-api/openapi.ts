import swagger, { type SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { MERCHANT_API_PATHS, MERCHANT_API_PREFIX } from '@mbo/contracts/merchant-api';
import { z } from 'zod';
import { withUsedSchemasOnly } from '../../lib/openapi-components';

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
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'sk_test_…',
            description: 'A secret API key of Settings → Integration.',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: (input) =>
      input.url.startsWith(`${MERCHANT_API_PREFIX}/`)
        ? zodTransform(input)
        : { schema: { hide: true }, url: input.url },
    transformObject: (input) => withUsedSchemasOnly(zodTransformObject(input), API_OBJECT_COMPONENTS),
  };
  await scope.register(swagger, options);

  scope.get(
    MERCHANT_API_PATHS.openapi,
    {
      config: { access: 'public' },
      schema: {
        tags: ['Meta'],
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI document',
        security: [],
        description:
          'The OpenAPI 3.1 document of this API, generated from the schemas the server validates with. No key needed.',
        response: {
          200: {
            description: 'The OpenAPI 3.1 document.',
            content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } },
          },
        },
      },
    },
    async () => scope.swagger() as unknown as { openapi: string },
  );
}
