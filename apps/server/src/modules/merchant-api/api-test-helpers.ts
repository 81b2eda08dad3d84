import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { newId } from '../../lib/ids';
import { newApiKeySecret } from '../api-keys';

/**
 * A key of `merchantId` written straight into api_keys (the back-office's create call is tested in modules/api-keys).
 */
export async function insertApiKey(
  db: DbOrTx,
  merchantId: string,
  name = 'API test key',
): Promise<{ keyId: string; secret: string; authorization: string }> {
  const { secret, prefix, hash } = newApiKeySecret();
  const keyId = newId('key_');
  await db.execute(
    sql`INSERT INTO api_keys (id, merchant_id, name, prefix, secret_hash) VALUES (${keyId}, ${merchantId}, ${name}, ${prefix}, ${hash})`,
  );
  return { keyId, secret, authorization: `Bearer ${secret}` };
}

export interface ApiCallOptions {
  authorization?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** A call of the merchant API; the answer's status, body and headers. */
export async function api(app: FastifyInstance, method: 'GET' | 'POST', url: string, opts: ApiCallOptions = {}) {
  const res: LightMyRequestResponse = await app.inject({
    method,
    url,
    payload: opts.payload as object | undefined,
    headers: { ...(opts.authorization ? { authorization: opts.authorization } : {}), ...opts.headers },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever object a call answers
  return { status: res.statusCode, body: res.json() as any, headers: res.headers };
}
