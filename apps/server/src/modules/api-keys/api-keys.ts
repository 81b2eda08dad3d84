import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import {
  API_KEY_MODES,
  MAX_ACTIVE_API_KEYS,
  type ApiKeyList,
  type ApiKeyRecord,
  type CreatedApiKey,
} from '@mbo/contracts/integration';
import type { Db, DbOrTx } from '../../db/client';
import { apiKeys } from '../../db/integration-schema';
import { users } from '../../db/schema';
import { orNull, typedRows, type RowOf } from '../../db/typed-rows';
import type { MoneyActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { newId } from '../../lib/ids';
import { oneOf } from '../../lib/one-of';
import { newApiKeySecret } from './api-key-secret';

/** @reads merchants, users (tables other modules own: db/table-owners.ts) */

/** Revoked keys stay in the list for the record, the newest this many (active keys are all listed). */
const REVOKED_LISTED = 50;

/** The row COLUMNS select. */
const KEY = {
  id: apiKeys.id,
  name: apiKeys.name,
  mode: apiKeys.mode,
  prefix: apiKeys.prefix,
  created_at: apiKeys.createdAt,
  created_by_email: orNull(users.email),
  last_used_at: apiKeys.lastUsedAt,
  last_used_ip: apiKeys.lastUsedIp,
  revoked_at: apiKeys.revokedAt,
};

/** The select list over `api_keys k` (never the hash), with the creator's email. */
const COLUMNS = sql`k.id, k.name, k.mode, k.prefix, k.created_at, u.email AS created_by_email, k.last_used_at, k.last_used_ip, k.revoked_at`;
const FROM = sql`api_keys k LEFT JOIN users u ON u.id = k.created_by`;

const isoOrNull = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toRecord(row: RowOf<typeof KEY>): ApiKeyRecord {
  return {
    keyId: row.id,
    name: row.name,
    mode: oneOf(API_KEY_MODES, row.mode),
    prefix: row.prefix,
    createdAt: new Date(row.created_at).toISOString(),
    createdByEmail: row.created_by_email,
    lastUsedAt: isoOrNull(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    revokedAt: isoOrNull(row.revoked_at),
  };
}

const notFound = () => new AppError(ERROR_CODES.API_KEY_NOT_FOUND, { msg: 'API key not found.' });

async function readKey(db: DbOrTx, merchantId: string, keyId: string): Promise<ApiKeyRecord> {
  const [row] = await typedRows(
    db,
    KEY,
    sql`SELECT ${COLUMNS} FROM ${FROM} WHERE k.id = ${keyId} AND k.merchant_id = ${merchantId}`,
  );
  if (!row) throw notFound();
  return toRecord(row);
}

/** The merchant's keys: every active one, then the newest revoked ones; newest first within each. */
export async function listApiKeys(db: Db, merchantId: string): Promise<ApiKeyList> {
  const rows = await typedRows(
    db,
    KEY,
    sql`
      (SELECT ${COLUMNS} FROM ${FROM} WHERE k.merchant_id = ${merchantId} AND k.revoked_at IS NULL)
      UNION ALL
      (SELECT ${COLUMNS} FROM ${FROM} WHERE k.merchant_id = ${merchantId} AND k.revoked_at IS NOT NULL ORDER BY k.revoked_at DESC LIMIT ${REVOKED_LISTED})`,
  );
  const records = rows
    .map(toRecord)
    .sort(
      (a, b) =>
        Number(a.revokedAt !== null) - Number(b.revokedAt !== null) ||
        b.createdAt.localeCompare(a.createdAt) ||
        b.keyId.localeCompare(a.keyId),
    );
  return {
    merchantId,
    maxActive: MAX_ACTIVE_API_KEYS,
    activeCount: records.filter((r) => r.revokedAt === null).length,
    records,
  };
}

/**
 * Creates a sandbox key. The secret is in this answer only: the database keeps its SHA-256 and the
 * visible prefix. The merchant row is locked (FOR NO KEY UPDATE: it serializes key changes without
 * blocking the inserts that reference the merchant), so parallel creates cannot pass the
 * MAX_ACTIVE_API_KEYS count together. Audited (API_KEY_CREATED, never the secret).
 */
export async function createApiKey(db: Db, actor: MoneyActor, name: string): Promise<CreatedApiKey> {
  const { secret, prefix, hash } = newApiKeySecret();
  const id = newId('key_');
  const key = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM merchants WHERE id = ${actor.merchantId} FOR NO KEY UPDATE`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.merchantId, actor.merchantId), isNull(apiKeys.revokedAt)));
    if (n >= MAX_ACTIVE_API_KEYS) {
      throw new AppError(ERROR_CODES.API_KEY_LIMIT, {
        msg: `A merchant can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one you no longer use first.`,
      });
    }
    await tx.execute(sql`
      INSERT INTO api_keys (id, merchant_id, name, mode, prefix, secret_hash, created_by)
      VALUES (${id}, ${actor.merchantId}, ${name}, 'SANDBOX', ${prefix}, ${hash}, ${actor.userId})`);
    await audit(tx, {
      action: 'API_KEY_CREATED',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'API_KEY',
      targetId: id,
      detail: { name, mode: 'SANDBOX', prefix },
    });
    return readKey(tx, actor.merchantId, id);
  });
  return { key, secret };
}

/**
 * Revokes a key of the merchant at once: the API reads the key on every call, so its very next call
 * is refused. A key of another merchant is "not found". Revoking a revoked key changes nothing and
 * answers it as it is (a second click, or two people at once), without a second audit row.
 */
export async function revokeApiKey(db: Db, actor: MoneyActor, keyId: string): Promise<ApiKeyRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.merchantId, actor.merchantId)))
      .for('update');
    if (!row) throw notFound();
    if (row.revokedAt !== null) return readKey(tx, actor.merchantId, keyId);
    await tx.execute(sql`UPDATE api_keys SET revoked_at = now(), revoked_by = ${actor.userId} WHERE id = ${keyId}`);
    const key = await readKey(tx, actor.merchantId, keyId);
    await audit(tx, {
      action: 'API_KEY_REVOKED',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'API_KEY',
      targetId: keyId,
      detail: { name: key.name, prefix: key.prefix },
    });
    return key;
  });
}
