import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import { idempotencyKey } from '@mbo/contracts/refunds-schemas';
import type { DbOrTx } from '../../db/client';
import { idempotencyKeys } from '../../db/payments-schema';
import { AppError } from '../../lib/app-error';

/**
 * Idempotency of money-moving calls (ARCHITECTURE.md): a retry with the same key and the same body
 * gets the first answer; the same key with another body is refused (001000B002) and nothing is done.
 *
 * Use inside the call's database transaction, before anything else:
 *   const claim = await claimIdempotencyKey(tx, merchantId, 'REFUND', key, input);
 *   if (claim.replay) return claim.response;
 *   ... do the work ...
 *   await storeIdempotentResponse(tx, claim, answer);
 * The key row is inserted first; a concurrent call with the same key blocks on that insert until the
 * first transaction ends, then sees its row (committed: replay) or none (rolled back: it does the work
 * itself). So N parallel calls with one key make one effect, and all get the same answer.
 */
export interface IdempotencyClaim<T> {
  replay: boolean;
  response: T | undefined;
  merchantId: string;
  scope: string;
  key: string;
}

/** The key from the request header; a missing or malformed key is a bad input naming the header. */
export function idempotencyKeyFrom(headers: Record<string, string | string[] | undefined>): string {
  const raw = headers[IDEMPOTENCY_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') {
    throw badKey('is required');
  }
  const parsed = idempotencyKey.safeParse(value);
  if (!parsed.success) throw badKey(parsed.error.issues[0]?.message ?? 'is not valid');
  return parsed.data;
}

function badKey(message: string): AppError {
  return new AppError(ERROR_CODES.INVALID_REQUEST, {
    msg: `Invalid request: ${IDEMPOTENCY_HEADER} header ${message}.`,
    data: { fields: [{ field: IDEMPOTENCY_HEADER, message }] },
  });
}

/** A stable hash of a request body: keys sorted at every level. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(stableJson(body)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export async function claimIdempotencyKey<T>(
  tx: DbOrTx,
  merchantId: string,
  scope: string,
  key: string,
  body: unknown,
): Promise<IdempotencyClaim<T>> {
  const hash = requestHash(body);
  const k = idempotencyKeys;
  const inserted = await tx
    .insert(k)
    .values({ merchantId, scope, key, requestHash: hash })
    .onConflictDoNothing({ target: [k.merchantId, k.scope, k.key] })
    .returning({ key: k.key });
  const claim = { merchantId, scope, key };
  if (inserted.length > 0) return { ...claim, replay: false, response: undefined };
  // The response is what storeIdempotentResponse<T> stored for this scope: T, as the driver parsed its json.
  const [row] = await tx
    .select({ requestHash: k.requestHash, response: sql<T | null>`${k.response}` })
    .from(k)
    .where(and(eq(k.merchantId, merchantId), eq(k.scope, scope), eq(k.key, key)));
  if (!row || row.response === null) {
    throw new AppError(ERROR_CODES.IDEMPOTENCY_IN_PROGRESS, {
      msg: 'A request with this idempotency key is still in progress. Retry shortly.',
    });
  }
  if (row.requestHash !== hash) {
    throw new AppError(ERROR_CODES.IDEMPOTENCY_MISMATCH, {
      msg: `This ${IDEMPOTENCY_HEADER} was already used with a different request. Use a new key for a new request.`,
    });
  }
  return { ...claim, replay: true, response: row.response };
}

export async function storeIdempotentResponse<T>(tx: DbOrTx, claim: IdempotencyClaim<T>, response: T): Promise<void> {
  await tx.execute(sql`
    UPDATE idempotency_keys SET response = ${JSON.stringify(response)}::jsonb
     WHERE merchant_id = ${claim.merchantId} AND scope = ${claim.scope} AND key = ${claim.key}`);
}
