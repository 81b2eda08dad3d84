import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { INTEGRATION_PATHS, type CreatedApiKey } from '@mbo/contracts/integration';
import type { Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { users } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { ok } from '../../lib/envelope';
import { createSession } from '../../plugins/session-store';
import { call, createSecondApp, type TestApp } from '../../test/harness';
import { appDatabaseUrl, databaseUrl } from '../../test/pg-admin';
import { guardApiCall } from './api-call-guard';

/** A route behind the guard, standing in for the merchant API's routes (modules/merchant-api) in these tests. */
export const PING = '/api/v1/__ping';

/**
 * Another instance of the server on the test app's database (its pool, or one of its own), with PING in an
 * encapsulated scope guarded as the merchant API's routes are.
 */
export async function guardedApp(
  t: TestApp,
  options: { database?: Database; config?: Partial<Config> } = {},
): Promise<FastifyInstance> {
  return createSecondApp(t, {
    ...options,
    beforeReady: (app) =>
      void app.register(async (scope) => {
        scope.addHook('onRequest', (request, reply) => guardApiCall(scope, request, reply));
        scope.get(PING, { config: { access: 'api-key' } }, async (request) => ok(request.apiKey));
      }),
  });
}

/**
 * A second connection pool to the test database on PostgreSQL (a real second instance); PGlite is one in-process
 * database.
 */
export async function secondDatabase(t: TestApp): Promise<Database> {
  if (t.kind !== 'postgres') return t.database;
  const [{ name }] = await typedRows(t.database.db, { name: computed(String) }, sql`SELECT current_database() AS name`);
  return openDatabase({
    databaseUrl: appDatabaseUrl(name),
    migrationDatabaseUrl: databaseUrl(name),
    poolSize: 10,
    secrets: t.database.secrets,
  });
}

/** A signed-in session of a new user of `roleCode` on `merchantId` (roles the demo data lacks, e.g. DEVELOPER). */
export async function sessionOfNewUser(
  t: TestApp,
  merchantId: string,
  roleCode: string,
  email: string,
): Promise<string> {
  const [row] = await typedRows(
    t.database.db,
    { id: users.id },
    sql`
      INSERT INTO users (merchant_id, email, name, role_code, status) VALUES (${merchantId}, ${email}, ${roleCode}, ${roleCode}, 'ACTIVE') RETURNING id`,
  );
  return `mbo_sid=${await createSession(t.database.db, { userId: row.id, merchantId, ip: '127.0.0.1', userAgent: 'api-keys-test' })}`;
}

/** Creates a key through the back-office as the holder of `cookie`; its record and its secret. */
export async function createKey(app: FastifyInstance, cookie: string, name = 'Test key'): Promise<CreatedApiKey> {
  const res = await call(app, 'POST', INTEGRATION_PATHS.createApiKey, { cookie, payload: { name } });
  expect(res.body.code, res.body.msg).toBe('000000');
  return res.body.data as CreatedApiKey;
}

export async function revokeKey(app: FastifyInstance, cookie: string, keyId: string): Promise<void> {
  const res = await call(app, 'POST', INTEGRATION_PATHS.revokeApiKey, { cookie, payload: { keyId } });
  expect(res.body.code, res.body.msg).toBe('000000');
}

/** Revokes every active key of a merchant in the database (a test that counts keys starts from none). */
export async function revokeAll(t: TestApp, merchantId: string): Promise<void> {
  await t.database.db.execute(
    sql`UPDATE api_keys SET revoked_at = now() WHERE merchant_id = ${merchantId} AND revoked_at IS NULL`,
  );
}

export const ping = (
  app: FastifyInstance,
  authorization: string | undefined,
  extra: { cookie?: string; remoteAddress?: string } = {},
) =>
  app.inject({
    method: 'GET',
    url: PING,
    remoteAddress: extra.remoteAddress,
    headers: {
      ...(authorization === undefined ? {} : { authorization }),
      ...(extra.cookie ? { cookie: extra.cookie } : {}),
    },
  });
