import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import * as Sentry from '@sentry/node';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from '../lib/app-error';
import { constraintViolation, reportConstraintViolation } from '../lib/constraint-violation';
import { failure } from '../lib/envelope';
import { callerLocale } from '../lib/i18n/i18n';
import { StorageUnavailableError } from '../lib/file-storage';

/** Fastify's own client errors, answered as a clear INVALID_REQUEST rather than a 4xx/5xx page. */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Invalid request: the body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Invalid request: the body is empty.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Invalid request: send the body as application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Invalid request: the body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid request: the content length is wrong.',
};

/**
 * One error handler: catalogue codes in the envelope; a 5xx never leaks its message. Every answer
 * carries the request id (x-request-id, and msg_params.requestId in an error envelope), and API
 * answers are `Cache-Control: no-store` unless a route set its own (personal data, QUALITY.md).
 */
async function errorHandlerPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  /**
   * An error envelope, written here as it is: a route's response schema describes its success
   * (lib/route-responses.ts), so the error answers of every route keep one shape.
   */
  const answer = (reply: FastifyReply, status: number, err: AppError, requestId: string) => {
    // The caller's language: the signed-in user's choice, else Accept-Language (the web app sends its own).
    const request = reply.request;
    const lang = callerLocale(request.auth?.locale, request.headers['accept-language']);
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(failure(err, requestId, lang)));
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // An outage of the file storage: the user is told to try again; the log says what failed (no credentials).
      if (error instanceof StorageUnavailableError)
        request.log.warn({ reason: error.reason }, 'file storage unavailable');
      return answer(reply, error.status, error, request.id);
    }
    // A database constraint refused the write (23xxx): a catalogue error, logged by the constraint's name only.
    const violation = constraintViolation(error);
    if (violation) {
      reportConstraintViolation(request.log, violation, app.config.sentryDsn);
      return answer(reply, violation.error.status, violation.error, request.id);
    }
    const clientMsg =
      CLIENT_ERRORS[error.code] ??
      (error.code === 'FST_ERR_VALIDATION' ? `Invalid request: ${error.message}.` : undefined);
    if (
      clientMsg ||
      (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 404)
    ) {
      const msg = clientMsg ?? `Invalid request: ${error.message}`;
      return answer(reply, 200, new AppError(ERROR_CODES.INVALID_REQUEST, { msg }), request.id);
    }
    request.log.error({ err: error }, 'unhandled error');
    if (app.config.sentryDsn) Sentry.captureException(error);
    return answer(reply, 500, new AppError(ERROR_CODES.SYSTEM), request.id);
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(
        failure(
          new AppError(ERROR_CODES.SYSTEM, { msg: `No such call: ${request.method} ${request.url.split('?')[0]}` }),
          request.id,
          callerLocale(undefined, request.headers['accept-language']),
        ),
      );
  });
}

/**
 * A request Node's HTTP parser refuses before Fastify sees it (headers too large, a malformed
 * request line) still gets the envelope. Not HTTP 431, which the client reads as "no session".
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(err);
    return;
  }
  const msg =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'Invalid request: the request headers are too large.'
      : 'Invalid request: the request could not be read.';
  const body = JSON.stringify(failure(new AppError(ERROR_CODES.INVALID_REQUEST, { msg })));
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
