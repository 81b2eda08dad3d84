import type { OpenApiDocument } from '../api/openapi-document';

/**
 * A small OpenAPI 3.1 document in the shape the server generates (Bearer keys, /api/v1, an
 * idempotent refund): what the page's tests load instead of the real one.
 */
export const OPENAPI_FIXTURE: OpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Merchant API',
    version: '1.0.0',
    description: 'Payments, refunds and disputes of your merchant account.',
  },
  servers: [{ url: '/api/v1', description: 'Sandbox' }],
  security: [{ secretKey: [] }],
  tags: [{ name: 'Payments' }, { name: 'Refunds' }],
  paths: {
    '/payments': {
      get: {
        tags: ['Payments'],
        operationId: 'listPayments',
        summary: 'List payments',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
        ],
        responses: {
          '200': {
            description: 'A page of payments',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Payment' } } },
                },
              },
            },
          },
          '401': { description: 'No key, or a revoked one' },
        },
      },
    },
    '/payments/{paymentId}': {
      get: {
        tags: ['Payments'],
        operationId: 'getPayment',
        summary: 'Retrieve a payment',
        parameters: [{ name: 'paymentId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The payment',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Payment' } } },
          },
        },
      },
    },
    '/refunds': {
      post: {
        tags: ['Refunds'],
        operationId: 'createRefund',
        summary: 'Refund a payment',
        parameters: [
          { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', maxLength: 255 } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['paymentId', 'amount'],
                properties: {
                  paymentId: { type: 'string' },
                  amount: { type: 'integer', description: 'Minor units' },
                  reason: { type: ['string', 'null'] },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'The refund, or the first answer for this Idempotency-Key' } },
      },
    },
  },
  components: {
    securitySchemes: { secretKey: { type: 'http', scheme: 'bearer', description: 'A secret key: sk_test_…' } },
    schemas: {
      Payment: {
        type: 'object',
        properties: {
          id: { type: 'string', examples: ['pay_0123456789abcdefg'] },
          amount: { type: 'integer' },
          currency: { type: 'string', examples: ['SGD'] },
          status: { type: 'string', enum: ['PROCESSING', 'SUCCEEDED', 'FAILED'] },
        },
      },
    },
  },
};
