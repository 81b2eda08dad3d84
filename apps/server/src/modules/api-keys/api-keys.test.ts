import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like, sql } from 'drizzle-orm';
import {
  INTEGRATION_PATHS,
  MAX_ACTIVE_API_KEYS,
  type ApiKeyList,
  type CreatedApiKey,
} from '@mbo/contracts/integration';
import { apiKeys } from '../../db/integration-schema';
import { auditLog } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { createKey, revokeAll, revokeKey, sessionOfNewUser } from './api-key-test-helpers';

const DEMO = 'M1000001';
const PAYOUTS = 'M2000001';

describe('API keys (Settings → Integration)', () => {
  let t: TestApp;
  let owner: string;
  const list = async (cookie: string) => {
    const res = await call(t.app, 'GET', INTEGRATION_PATHS.apiKeys, { cookie });
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data as ApiKeyList;
  };
  const post = (cookie: string, url: string, payload: unknown) => call(t.app, 'POST', url, { cookie, payload });
  const auditRows = async (action: string, targetId: string) =>
    t.database.db
      .select({
        actor_email: auditLog.actorEmail,
        merchant_id: auditLog.merchantId,
        ip: auditLog.ip,
        target_type: auditLog.targetType,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  const keyCount = async () => (await t.database.db.select({ n: count() }).from(apiKeys))[0].n;
  const auditCount = async () =>
    (await t.database.db.select({ n: count() }).from(auditLog).where(like(auditLog.action, 'API_KEY_%')))[0].n;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a key whose secret is shown once: the database keeps its SHA-256 and a visible prefix; audited', async () => {
    const before = await list(owner);
    expect(before.merchantId).toBe(DEMO);
    expect(before.maxActive).toBe(MAX_ACTIVE_API_KEYS);

    const res = await post(owner, INTEGRATION_PATHS.createApiKey, { name: '  Checkout server  ' });
    expect(res.body.code, res.body.msg).toBe('000000');
    expect(res.body.msg).toBe('API key created. Copy the secret now: it is not shown again.');
    const { key, secret } = res.body.data as CreatedApiKey;
    expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(key).toEqual({
      keyId: expect.stringMatching(/^key_[0-9A-Z]{17}$/),
      name: 'Checkout server',
      mode: 'SANDBOX',
      prefix: secret.slice(0, 12),
      createdAt: expect.any(String),
      createdByEmail: 'owner@demo.test',
      lastUsedAt: null,
      lastUsedIp: null,
      revokedAt: null,
    });
    expect(Math.abs(Date.parse(key.createdAt) - Date.now())).toBeLessThan(60_000);

    // Stored: the hash of the whole secret, nowhere the secret itself.
    const [row] = await typedRows(
      t.database.db,
      {
        secret_hash: apiKeys.secretHash,
        prefix: apiKeys.prefix,
        merchant_id: apiKeys.merchantId,
        whole: computed(String),
      },
      sql`SELECT secret_hash, prefix, merchant_id, row_to_json(k)::text AS whole FROM api_keys k WHERE id = ${key.keyId}`,
    );
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(row.prefix).toBe(key.prefix);
    expect(row.merchant_id).toBe(DEMO);
    expect(row.whole).not.toContain(secret.slice(12));

    // The list shows it, never its secret.
    const after = await list(owner);
    expect(after.activeCount).toBe(before.activeCount + 1);
    expect(after.records[0]).toEqual(key);
    expect(JSON.stringify(after)).not.toContain(secret.slice(12));
    expect(after.records.every((r) => !('secret' in r))).toBe(true);

    const [audit] = await auditRows('API_KEY_CREATED', key.keyId);
    expect(audit).toMatchObject({
      actor_email: 'owner@demo.test',
      merchant_id: DEMO,
      ip: '127.0.0.1',
      target_type: 'API_KEY',
      detail: { name: 'Checkout server', mode: 'SANDBOX', prefix: key.prefix },
    });
    expect(JSON.stringify(audit)).not.toContain(secret.slice(12));
  });

  it('revokes a key at once, audited; a second revoke changes nothing and answers the key as it is', async () => {
    const { key } = await createKey(t.app, owner, 'To revoke');
    const first = await post(owner, INTEGRATION_PATHS.revokeApiKey, { keyId: key.keyId });
    expect(first.body.code, first.body.msg).toBe('000000');
    expect(first.body.msg).toBe('API key revoked');
    expect(first.body.data).toEqual({ ...key, revokedAt: expect.any(String) });

    const second = await post(owner, INTEGRATION_PATHS.revokeApiKey, { keyId: key.keyId });
    expect(second.body.code, second.body.msg).toBe('000000');
    expect(second.body.data.revokedAt).toBe(first.body.data.revokedAt);
    expect(await auditRows('API_KEY_REVOKED', key.keyId)).toEqual([
      expect.objectContaining({
        actor_email: 'owner@demo.test',
        merchant_id: DEMO,
        target_type: 'API_KEY',
        detail: { name: 'To revoke', prefix: key.prefix },
      }),
    ]);

    // Listed after the active keys, not counted as active.
    const keys = await list(owner);
    expect(keys.activeCount).toBe(keys.records.filter((r) => r.revokedAt === null).length);
    const firstRevoked = keys.records.findIndex((r) => r.revokedAt !== null);
    expect(keys.records.slice(firstRevoked).every((r) => r.revokedAt !== null)).toBe(true);
    expect(keys.records.find((r) => r.keyId === key.keyId)?.revokedAt).toBe(first.body.data.revokedAt);
  });

  it('refuses the viewer and finance roles (430) on all three calls; the developer role manages keys', async () => {
    const { key } = await createKey(t.app, owner, 'Role check');
    const keysBefore = await keyCount();
    for (const email of ['viewer@demo.test', 'finance@demo.test']) {
      const cookie = await loginAs(t.app, email);
      expect((await call(t.app, 'GET', INTEGRATION_PATHS.apiKeys, { cookie })).status, email).toBe(430);
      const create = await post(cookie, INTEGRATION_PATHS.createApiKey, { name: 'Not mine' });
      expect([create.status, create.body.code]).toEqual([430, '002001B024']);
      expect((await post(cookie, INTEGRATION_PATHS.revokeApiKey, { keyId: key.keyId })).status).toBe(430);
    }
    expect(await keyCount()).toBe(keysBefore);
    expect((await list(owner)).records.find((r) => r.keyId === key.keyId)?.revokedAt).toBeNull();

    const developer = await sessionOfNewUser(t, DEMO, 'DEVELOPER', 'developer@demo.test');
    expect((await list(developer)).records.map((r) => r.keyId)).toContain(key.keyId);
    const created = await createKey(t.app, developer, 'Developer key');
    expect(created.key.createdByEmail).toBe('developer@demo.test');
    await revokeKey(t.app, developer, key.keyId);
    expect(await auditRows('API_KEY_REVOKED', key.keyId)).toEqual([
      expect.objectContaining({ actor_email: 'developer@demo.test' }),
    ]);
  });

  it("lets another merchant's owner neither see nor revoke Demo Store's key (not found, nothing written)", async () => {
    const { key } = await createKey(t.app, owner, 'Demo only');
    const other = await loginAs(t.app, 'payouts@demo.test');
    const otherList = await list(other);
    expect(otherList.merchantId).toBe(PAYOUTS);
    expect(otherList.records.map((r) => r.keyId)).not.toContain(key.keyId);
    const audits = await auditCount();
    const res = await post(other, INTEGRATION_PATHS.revokeApiKey, { keyId: key.keyId });
    expect([res.status, res.body.code, res.body.msg]).toEqual([200, '013001B042', 'API key not found.']);
    expect(await auditCount()).toBe(audits);
    expect((await list(owner)).records.find((r) => r.keyId === key.keyId)?.revokedAt).toBeNull();
  });

  it(`keeps at most ${MAX_ACTIVE_API_KEYS} active keys under 25 parallel creates; a revoke makes room again`, async () => {
    const other = await loginAs(t.app, 'payouts@demo.test');
    await revokeAll(t, PAYOUTS);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => post(other, INTEGRATION_PATHS.createApiKey, { name: `Parallel ${i}` })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '000000')).toHaveLength(MAX_ACTIVE_API_KEYS);
    expect(codes.filter((c) => c === '013001B041')).toHaveLength(25 - MAX_ACTIVE_API_KEYS);
    expect(answers.find((a) => a.body.code === '013001B041')?.body.msg).toBe(
      `A merchant can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one you no longer use first.`,
    );
    const keys = await list(other);
    expect(keys.activeCount).toBe(MAX_ACTIVE_API_KEYS);
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'API_KEY_CREATED'),
          eq(auditLog.merchantId, PAYOUTS),
          like(sql`${auditLog.detail}->>'name'`, 'Parallel %'),
        ),
      );
    expect(n).toBe(MAX_ACTIVE_API_KEYS);

    const refused = await post(other, INTEGRATION_PATHS.createApiKey, { name: 'One more' });
    expect(refused.body.code).toBe('013001B041');
    await revokeKey(t.app, other, keys.records[0].keyId);
    expect((await post(other, INTEGRATION_PATHS.createApiKey, { name: 'One more' })).body.code).toBe('000000');
    await revokeAll(t, PAYOUTS);
  });

  it('answers bad names and ids with a clear error naming the field, writing nothing', async () => {
    const { key } = await createKey(t.app, owner, 'Bad input');
    const keys = await keyCount();
    const audits = await auditCount();
    const cases: [string, unknown, string][] = [
      [INTEGRATION_PATHS.createApiKey, { name: '   ' }, 'Invalid request: name is required.'],
      [
        INTEGRATION_PATHS.createApiKey,
        { name: 'x'.repeat(81) },
        'Invalid request: name must be at most 80 characters.',
      ],
      [INTEGRATION_PATHS.createApiKey, {}, 'Invalid request: name is required.'],
      [INTEGRATION_PATHS.createApiKey, { name: 42 }, 'Invalid request: name must be a string.'],
      [INTEGRATION_PATHS.revokeApiKey, { keyId: 'abc' }, 'Invalid request: keyId must be an API key id.'],
      [
        INTEGRATION_PATHS.revokeApiKey,
        { keyId: key.keyId.toLowerCase() },
        'Invalid request: keyId must be an API key id.',
      ],
      [INTEGRATION_PATHS.revokeApiKey, {}, 'Invalid request: keyId is required.'],
    ];
    for (const [url, payload, msg] of cases) {
      const res = await post(owner, url, payload);
      expect([res.status, res.body.code, res.body.msg], JSON.stringify(payload)).toEqual([200, '001000B001', msg]);
    }
    const unknown = await post(owner, INTEGRATION_PATHS.revokeApiKey, { keyId: 'key_00000000000000000' });
    expect([unknown.status, unknown.body.code, unknown.body.msg]).toEqual([200, '013001B042', 'API key not found.']);
    expect(await keyCount()).toBe(keys);
    expect(await auditCount()).toBe(audits);
  });

  it('never accepts an API key on the back-office calls: a Bearer key without a cookie is no session (431)', async () => {
    const { key, secret } = await createKey(t.app, owner, 'Not a session');
    const keys = await keyCount();
    for (const [method, url, payload] of [
      ['GET', INTEGRATION_PATHS.apiKeys, undefined],
      ['POST', INTEGRATION_PATHS.createApiKey, { name: 'Through a key' }],
      ['POST', INTEGRATION_PATHS.revokeApiKey, { keyId: key.keyId }],
    ] as const) {
      const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${secret}` } });
      expect([res.statusCode, res.json().code], url).toEqual([431, '002001B010']);
    }
    expect(await keyCount()).toBe(keys);
    expect((await list(owner)).records.find((r) => r.keyId === key.keyId)?.revokedAt).toBeNull();
  });
});
