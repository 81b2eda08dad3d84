import { and, eq, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { API_KEY_MODES } from '@mbo/contracts/integration';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/integration-schema';
import { merchants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { oneOf } from '../../lib/one-of';
import { hashToken } from '../../lib/tokens';
import type { ApiKeyContext } from '../../plugins/types';
import { bearerKey } from './api-key-secret';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

/** last_used_at and last_used_ip are written at most this often per key, to spare a write per call. */
const TOUCH_EVERY_MS = 60_000;

export const API_KEY_REFUSED_MESSAGE =
  'Send a valid API key as "Authorization: Bearer sk_test_…". Keys are created and revoked in Settings → Integration.';

/**
 * The key behind an `Authorization: Bearer` header, read afresh on every call (a revoked key is
 * refused on its very next call), or HTTP 401 013001B040. The session cookie plays no part.
 */
export async function authenticateApiKey(
  db: Db,
  authorization: string | undefined,
  ip: string,
): Promise<ApiKeyContext> {
  const secret = bearerKey(authorization);
  const k = apiKeys;
  const rows = secret
    ? await db
        .select({
          id: k.id,
          merchantId: k.merchantId,
          mode: k.mode,
          name: k.name,
          lastUsedAt: k.lastUsedAt,
          lastUsedIp: k.lastUsedIp,
        })
        .from(k)
        .innerJoin(merchants, eq(merchants.id, k.merchantId))
        .where(and(eq(k.secretHash, hashToken(secret)), isNull(k.revokedAt)))
    : [];
  const key = rows[0];
  if (!key) throw new AppError(ERROR_CODES.API_KEY_INVALID, { status: 401, msg: API_KEY_REFUSED_MESSAGE });
  const lastUsed = key.lastUsedAt ? key.lastUsedAt.getTime() : 0;
  if (Date.now() - lastUsed > TOUCH_EVERY_MS || key.lastUsedIp !== ip) {
    await db.execute(
      sql`UPDATE api_keys SET last_used_at = now(), last_used_ip = ${ip} WHERE id = ${key.id} AND revoked_at IS NULL`,
    );
  }
  return { keyId: key.id, merchantId: key.merchantId, mode: oneOf(API_KEY_MODES, key.mode), name: key.name };
}
