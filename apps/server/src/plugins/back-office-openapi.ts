import fp from 'fastify-plugin';
import swagger, { type SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withUsedSchemasOnly } from '../lib/openapi-components';
import { ERROR_RESPONSES } from '../lib/route-responses';
import { SESSION_COOKIE } from './session-store';
import type { RouteAccess } from './types';

/**
 * Where the back-office's OpenAPI document is served, to any signed-in user (the merchant API's is
 * /api/v1/openapi.json).
 */
export const BACK_OFFICE_OPENAPI_PATH = '/backoffice/web/v1/openapi.json';

/**
 * What is not the back-office API (the web app's calls): the merchant REST API (its own document),
 * the hosted checkout's pages, the web app's files, the health checks, the metrics and the developer tools.
 */
const NOT_BACK_OFFICE = [
  /^\/api\/v1\//,
  /^\/pay\//,
  /^\/app(\/|$)/,
  /^\/$/,
  /^\/(healthz|readyz|metrics)$/,
  /^\/dev\//,
];

/** Whether a route is one of the back-office's API calls, which answer the envelope of their contract. */
export function isBackOfficeRoute(route: { url: string; access?: RouteAccess }): boolean {
  return route.access !== 'api-key' && !NOT_BACK_OFFICE.some((pattern) => pattern.test(route.url));
}

const DESCRIPTION = [
  'The API the back-office web app calls, with the session cookie of a signed-in user (POST /usercenter/web/v1/login).',
  "Every answer is the envelope `{ code, msg, msg_params, data }`; code 000000 is success and `data` is the call's contract.",
  'A business error answers HTTP 200 with its catalogue code and `data` null (or the fields of a bad input);',
  'no session is HTTP 431 (002001B010), a permission the user lacks HTTP 430 (002001B024).',
  'Lists are `POST …/list` with `{ pageNum, pageSize, …filters }` → `data: { total, records }`. Amounts are integers in minor units.',
].join(' ');

const zodTransform = createJsonSchemaTransform({});
const zodTransformObject = createJsonSchemaTransformObject({});

/**
 * The OpenAPI 3.1 document of the back-office API, apart from the merchant API's: generated from the
 * zod schemas attached to the back-office routes (their requests and the envelopes of their answers,
 * lib/route-responses.ts), never written by hand. Registered before the routes, so it sees them all;
 * every other route is hidden.
 */
async function backOfficeOpenApi(app: FastifyInstance) {
  const options: SwaggerOptions = {
    decorator: 'backOfficeSwagger',
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Merchant Back-office API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session of a signed-in user.',
          },
        },
      },
      security: [{ sessionCookie: [] }],
    },
    transform: (input) => {
      const access = (input.route.config as { access?: RouteAccess } | undefined)?.access;
      if (!isBackOfficeRoute({ url: input.url, access })) return { schema: { hide: true }, url: input.url };
      // The error answers every call can give, which the routes leave out of their own schemas
      // (lib/route-responses.ts).
      const response = { ...(input.schema.response as object | undefined), ...ERROR_RESPONSES };
      return zodTransform({ ...input, schema: { ...input.schema, response } });
    },
    transformObject: (input) => withUsedSchemasOnly(zodTransformObject(input)),
  };
  await app.register(swagger, options);

  app.get(
    BACK_OFFICE_OPENAPI_PATH,
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'This OpenAPI document',
        response: {
          200: {
            description: 'The OpenAPI 3.1 document of the back-office API.',
            content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } },
          },
        },
      },
    },
    async () => (app as unknown as { backOfficeSwagger: () => { openapi: string } }).backOfficeSwagger(),
  );
}

export default fp(backOfficeOpenApi, { name: 'back-office-openapi', dependencies: ['auth'] });
