import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import * as Sentry from '@sentry/node';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from '../lib/app-error';
import { failure } from '../lib/envelope';

/** Fastify's own client errors, answered as a clear INVALID_REQUEST rather than a 4xx/5xx page. */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Invalid request: the body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Invalid request: the body is empty.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Invalid request: send the body as application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Invalid request: the body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid request: the content length is wrong.',
};

/** One error handler: catalogue codes in the envelope; a 5xx never leaks its message. */
async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(failure(error));
    }
    const clientMsg = CLIENT_ERRORS[error.code] ?? (error.code === 'FST_ERR_VALIDATION' ? `Invalid request: ${error.message}.` : undefined);
    if (clientMsg || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 404)) {
      const msg = clientMsg ?? `Invalid request: ${error.message}`;
      return reply.status(200).send(failure(new AppError(ERROR_CODES.INVALID_REQUEST, { msg })));
    }
    request.log.error({ err: error }, 'unhandled error');
    if (app.config.sentryDsn) Sentry.captureException(error);
    return reply.status(500).send(failure(new AppError(ERROR_CODES.SYSTEM)));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(failure(new AppError(ERROR_CODES.SYSTEM, { msg: `No such call: ${request.method} ${request.url.split('?')[0]}` })));
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
