import * as Sentry from '@sentry/node';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { ApiErrorBody } from '@mbo/contracts/merchant-api';
import { AppError } from '../../lib/app-error';
import { constraintViolation, reportConstraintViolation } from '../../lib/constraint-violation';

/**
 * The merchant API's errors: `{ error: { code, message, requestId, fields? } }` with the HTTP status
 * a REST client expects, where the back-office answers its envelope with HTTP 200. The codes are the
 * same catalogue codes (a refund the back-office refuses is refused here with its code); a 5xx never
 * says more than the request id.
 */

/** Catalogue codes with a status of their own; any other business rule the call broke is a 400. */
const STATUS_OF: Readonly<Record<string, number>> = {
  [ERROR_CODES.API_KEY_INVALID]: 401,
  [ERROR_CODES.PERMISSION_DENIED]: 403,
  [ERROR_CODES.API_OBJECT_NOT_FOUND]: 404,
  [ERROR_CODES.ORDER_NOT_FOUND]: 404,
  [ERROR_CODES.DISPUTE_NOT_FOUND]: 404,
  [ERROR_CODES.PAYOUT_NOT_FOUND]: 404,
  [ERROR_CODES.AGREEMENT_NOT_FOUND]: 404,
  [ERROR_CODES.IDEMPOTENCY_MISMATCH]: 409,
  [ERROR_CODES.IDEMPOTENCY_IN_PROGRESS]: 409,
  [ERROR_CODES.REFUND_ONCE]: 409,
  [ERROR_CODES.TOO_MANY_OPERATIONS]: 429,
};

export const API_STATUS_DESCRIPTIONS = {
  400: 'Invalid request: a field is wrong (named in error.fields) or a rule refused it (error.code says which).',
  401: 'No valid API key: send "Authorization: Bearer sk_test_…".',
  404: 'No such object for this merchant.',
  409: 'The Idempotency-Key was used with another request, or that request is still running.',
  429: 'Too many requests for this key: retry after the Retry-After seconds.',
  500: 'Something failed on our side; quote error.requestId to support.',
} as const;
export type ApiErrorStatus = keyof typeof API_STATUS_DESCRIPTIONS;

/** The 404 of an unknown id (or another merchant's: the same answer, so ids reveal nothing). */
export function objectNotFound(object: string, id: string): AppError {
  return new AppError(ERROR_CODES.API_OBJECT_NOT_FOUND, { status: 404, msg: `No such ${object}: '${id}'.` });
}

/** The object, or the 404 of its id. */
export function found<T>(value: T | null, object: string, id: string): T {
  if (value === null) throw objectNotFound(object, id);
  return value;
}

interface FieldProblem {
  field: string;
  message: string;
}

export function apiErrorBody(code: string, message: string, requestId: string, fields?: FieldProblem[]): ApiErrorBody {
  return { error: { code, message, requestId, ...(fields?.length ? { fields } : {}) } };
}

const UNKNOWN_FIELDS = /^has unknown fields (.+)$/;

/**
 * The validator's problems (lib/validate.ts) with unknown fields named one by one: it reports them
 * together on the whole input ("(body) has unknown fields a, b"), which reads wrong for a query string.
 * The message is made again from the first problem when it was made from it.
 */
function namedProblems(err: AppError): { message: string; fields?: FieldProblem[] } {
  const raw = (err.data as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(raw) || !raw.length) return { message: err.message };
  const fields = (raw as FieldProblem[]).flatMap((p) => {
    const unknown = UNKNOWN_FIELDS.exec(p.message);
    if (!unknown) return [p];
    return unknown[1]
      .split(', ')
      .map((name) => ({ field: p.field === '(body)' ? name : `${p.field}.${name}`, message: 'is not a known field' }));
  });
  const first = raw[0] as FieldProblem;
  const madeFromFirst = err.message === `Invalid request: ${first.field} ${first.message}.`;
  return { message: madeFromFirst ? `Invalid request: ${fields[0].field} ${fields[0].message}.` : err.message, fields };
}

function statusOf(err: AppError): number {
  if (err.status >= 400) return err.status;
  return STATUS_OF[err.code] ?? 400;
}

/**
 * The scope's error handler: an AppError with its status; a constraint violation as its catalogue
 * error (lib/constraint-violation.ts); Fastify's client errors as 400s; anything else a 500 that leaks nothing.
 */
export function apiErrorHandler(app: FastifyInstance) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const { message, fields } = namedProblems(error);
      return reply.status(statusOf(error)).send(apiErrorBody(error.code, message, request.id, fields));
    }
    // A database constraint refused the write: its catalogue error (400, or 409 for an idempotency key in use), never a
    // 500.
    const violation = constraintViolation(error);
    if (violation) {
      reportConstraintViolation(request.log, violation, app.config.sentryDsn);
      return reply
        .status(statusOf(violation.error))
        .send(apiErrorBody(violation.error.code, violation.error.message, request.id));
    }
    // Fastify's own 4xx: a body that is not JSON, too large, of another media type.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(400)
        .send(
          apiErrorBody(
            ERROR_CODES.INVALID_REQUEST,
            `Invalid request: ${error.message.replace(/\.$/, '')}.`,
            request.id,
          ),
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    if (app.config.sentryDsn) Sentry.captureException(error);
    return reply
      .status(500)
      .send(
        apiErrorBody(ERROR_CODES.SYSTEM, `Internal error. Quote the request id ${request.id} to support.`, request.id),
      );
  };
}

export function apiNotFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply
    .status(404)
    .send(
      apiErrorBody(
        ERROR_CODES.API_OBJECT_NOT_FOUND,
        `Unrecognized request URL: ${request.method} ${path}.`,
        request.id,
      ),
    );
}
