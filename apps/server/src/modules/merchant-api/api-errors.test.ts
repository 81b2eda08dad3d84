import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from '../../lib/app-error';
import { contractValidator } from '../../lib/validate';
import { apiErrorHandler, apiNotFoundHandler } from './api-errors';

/** The API's error answers on a bare Fastify scope (no database): statuses, shape, and a 5xx that says nothing. */
describe('merchant API errors', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.decorate('config', { sentryDsn: undefined } as unknown as FastifyInstance['config']);
    app.setValidatorCompiler(contractValidator);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(apiErrorHandler(app));
    app.setNotFoundHandler(apiNotFoundHandler);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get('/boom', async () => {
      throw new Error('connect ECONNREFUSED postgres://admin:secret@db');
    });
    typed.get('/rule', async () => {
      throw new AppError(ERROR_CODES.REFUND_NOT_ALLOWED);
    });
    typed.get('/conflict', async () => {
      throw new AppError(ERROR_CODES.IDEMPOTENCY_IN_PROGRESS, { msg: 'Still running.' });
    });
    // An answer that breaks its own response schema is our bug: a 500, not a half-checked body.
    typed.get(
      '/bad-answer',
      { schema: { response: { 200: z.object({ id: z.string() }) } } },
      async () => ({ id: 42 }) as unknown as { id: string },
    );
    typed.get('/query', { schema: { querystring: z.strictObject({ n: z.coerce.number().int() }) } }, async () => ({
      ok: true,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers an unexpected error with a 500 that leaks nothing but the request id', async () => {
    for (const url of ['/boom', '/bad-answer']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      const body = res.json();
      expect(body.error.code, url).toBe(ERROR_CODES.SYSTEM);
      expect(body.error.message, url).toBe(`Internal error. Quote the request id ${body.error.requestId} to support.`);
      expect(res.body, url).not.toMatch(/secret|ECONNREFUSED|postgres|expected|invalid_type/i);
    }
  });

  it('gives business rules 400, idempotency conflicts 409, unknown calls 404 and unknown query fields named', async () => {
    expect((await app.inject({ method: 'GET', url: '/rule' })).json()).toMatchObject({
      error: { code: ERROR_CODES.REFUND_NOT_ALLOWED, message: 'Refund is not allowed.' },
    });
    expect((await app.inject({ method: 'GET', url: '/rule' })).statusCode).toBe(400);
    const conflict = await app.inject({ method: 'GET', url: '/conflict' });
    expect({ status: conflict.statusCode, body: conflict.json().error.message }).toEqual({
      status: 409,
      body: 'Still running.',
    });
    const missing = await app.inject({ method: 'GET', url: '/nope?x=1' });
    expect({ status: missing.statusCode, message: missing.json().error.message }).toEqual({
      status: 404,
      message: 'Unrecognized request URL: GET /nope.',
    });
    const unknown = await app.inject({ method: 'GET', url: '/query?n=1&zz=2&yy=3' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      message: 'Invalid request: zz is not a known field.',
      fields: [
        { field: 'zz', message: 'is not a known field' },
        { field: 'yy', message: 'is not a known field' },
      ],
    });
  });
});
