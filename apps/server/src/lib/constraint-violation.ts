import * as Sentry from '@sentry/node';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from './app-error';
import { databaseError } from './db-error';

/**
 * A database constraint refusing a write (SQLSTATE class 23: check, unique, foreign key, not null,
 * exclusion, restrict), as the client gets it: a catalogue error, never a 500. The transaction that
 * hit it has rolled back, so nothing was written. The routes check their rules before they write;
 * a constraint reaching the error handler is a rule the code missed (or a race it lost), so the
 * handler logs it as an error naming the constraint (never the query or its parameters, which
 * carry personal data and money).
 */
export interface ConstraintViolation {
  /** SQLSTATE, 23xxx. */
  sqlState: string;
  /** The constraint's name (both drivers report it); `table.column not null` for a not-null violation. */
  constraint: string;
  /** What the client is answered. */
  error: AppError;
}

const IDEMPOTENCY_TABLE = 'idempotency_keys';

/** What each kind of violation tells the client (the code is INVALID_REQUEST: the client shows this msg). */
const MESSAGES: Record<string, string> = {
  '23505':
    'Invalid request: it conflicts with a record that already exists, or with a request made at the same time. Reload and try again.',
  '23503': 'Invalid request: it refers to a record that does not exist (any more). Reload and try again.',
  '23502': 'Invalid request: a required value is missing.',
};
const BROKEN_RULE =
  'Invalid request: the change would break a rule of the data, and nothing was changed. Reload and try again.';

/** The catalogue answer to a constraint violation behind `err`, or undefined when `err` is not one. */
export function constraintViolation(err: unknown): ConstraintViolation | undefined {
  const db = databaseError(err);
  if (!db?.code.startsWith('23')) return undefined;
  const constraint = db.constraint ?? (db.column ? `${db.table ?? '?'}.${db.column} not null` : 'unknown');
  // A debit the balance cannot cover, refused by the ledger's posting trigger (migration 0016).
  if (constraint === 'ledger_accounts_no_negative')
    return { sqlState: db.code, constraint, error: new AppError(ERROR_CODES.INSUFFICIENT_BALANCE) };
  // Two calls with one idempotency key at once: the second is told to retry (lib/idempotency.ts answers it the same
  // way).
  if (db.code === '23505' && constraint.startsWith(IDEMPOTENCY_TABLE)) {
    return {
      sqlState: db.code,
      constraint,
      error: new AppError(ERROR_CODES.IDEMPOTENCY_IN_PROGRESS, {
        msg: 'A request with this idempotency key is still in progress. Retry shortly.',
      }),
    };
  }
  return {
    sqlState: db.code,
    constraint,
    error: new AppError(ERROR_CODES.INVALID_REQUEST, { msg: MESSAGES[db.code] ?? BROKEN_RULE }),
  };
}

/**
 * Logs a violation as an error by the constraint's name and SQLSTATE (never the query or its
 * parameters), and reports it to Sentry the same way when it is configured. Every error handler
 * (plugins/error-handler.ts, the merchant API's, the hosted checkout's) reports it through here.
 */
export function reportConstraintViolation(
  log: FastifyBaseLogger,
  violation: ConstraintViolation,
  sentryDsn: string | undefined | null,
): void {
  log.error(
    { sqlState: violation.sqlState, constraint: violation.constraint },
    `constraint violation: ${violation.constraint}`,
  );
  if (sentryDsn) Sentry.captureMessage(`constraint violation: ${violation.constraint}`, 'error');
}
