import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import type { ApiKeyContext } from '../../plugins/types';
import { bearerKey } from './api-key-secret';

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
  const rows = secret
    ? rowsOf<{
        id: string;
        merchant_id: string;
        mode: 'SANDBOX';
        name: string;
        last_used_at: string | Date | null;
        last_used_ip: string | null;
      }>(
        await db.execute(sql`
          SELECT k.id, k.merchant_id, k.mode, k.name, k.last_used_at, k.last_used_ip
            FROM api_keys k JOIN merchants m ON m.id = k.merchant_id
           WHERE k.secret_hash = ${hashToken(secret)} AND k.revoked_at IS NULL`),
      )
    : [];
  const key = rows[0];
  if (!key) throw new AppError(ERROR_CODES.API_KEY_INVALID, { status: 401, msg: API_KEY_REFUSED_MESSAGE });
  const lastUsed = key.last_used_at ? new Date(key.last_used_at).getTime() : 0;
  if (Date.now() - lastUsed > TOUCH_EVERY_MS || key.last_used_ip !== ip) {
    await db.execute(
      sql`UPDATE api_keys SET last_used_at = now(), last_used_ip = ${ip} WHERE id = ${key.id} AND revoked_at IS NULL`,
    );
  }
  return { keyId: key.id, merchantId: key.merchant_id, mode: key.mode, name: key.name };
}
