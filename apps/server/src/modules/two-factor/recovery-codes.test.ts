import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import type { MigrationConnection } from '../../db/migrate';
import { userRecoveryCodes } from '../../db/schema';
import { settableClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/harness';
import { PASSWORD, teamClient } from '../team/team-test-helpers';
import { keyRecoveryCodes } from './recovery-codes';

const STEP_MS = 30_000;
/** The app's clock, in the middle of a 30-second step: the test's TOTP codes are the server's. */
const clock = settableClock(Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2);
/** What migration 0023's version stored for a code: the plain SHA-256 of its letters. */
const plainSha256 = (code: string) =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');

/** Recovery codes are stored as keyed hashes (HMAC under a key derived from the data key), never as a plain SHA-256. */
describe('recovery codes at rest', () => {
  let t: TestApp;
  let c: ReturnType<typeof teamClient>;
  let owner: string;

  const codeStep = async (email: string, code: string) => {
    await c.clearRateLimits();
    const login = await t.app.inject({
      method: 'POST',
      url: USERCENTER_PATHS.login,
      payload: { email, password: PASSWORD },
    });
    const challenge = login.json().data.challenge as string;
    return (
      await t.app.inject({ method: 'POST', url: USERCENTER_PATHS.loginTwoFactor, payload: { challenge, code } })
    ).json().code as string;
  };
  const storedHashes = async (userId: string) =>
    (
      await t.database.db
        .select({ codeHash: userRecoveryCodes.codeHash })
        .from(userRecoveryCodes)
        .where(eq(userRecoveryCodes.userId, userId))
        .orderBy(userRecoveryCodes.id)
    ).map((r) => r.codeHash);

  /** A member with two-factor sign-in on, and the ten codes shown to them. */
  async function enrolled(email: string) {
    const m = await c.addMember(owner, email, 'VIEWER');
    const { secret } = (await c.post(m.cookie, USERCENTER_PATHS.twoFactorSetup)).body.data as { secret: string };
    const enabled = await c.post(m.cookie, USERCENTER_PATHS.twoFactorEnable, {
      code: await generate({ secret, epoch: Math.floor(clock() / 1000) }),
    });
    expect(enabled.body.code, enabled.body.msg).toBe('000000');
    return { ...m, recoveryCodes: enabled.body.data.recoveryCodes as string[] };
  }

  beforeAll(async () => {
    t = await createTestApp({ config: { clock } });
    c = teamClient(t);
    owner = await c.login('owner@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores each code as a keyed hash under the data key, not its SHA-256; a code signs in once', async () => {
    const m = await enrolled('codes.keyed@example.com');
    const stored = await storedHashes(m.id);
    expect(stored).toHaveLength(10);
    const kid = t.database.secrets.currentKid;
    for (const value of stored) expect(value).toMatch(new RegExp(`^rc1\\.${kid}\\.[0-9a-f]{64}$`));
    const plain = new Set(m.recoveryCodes.map(plainSha256));
    for (const value of stored) {
      expect(plain.has(value)).toBe(false);
      expect([...plain].some((p) => value.includes(p))).toBe(false);
    }

    expect(await codeStep('codes.keyed@example.com', m.recoveryCodes[2])).toBe('000000');
    expect(await codeStep('codes.keyed@example.com', m.recoveryCodes[2])).toBe(ERROR_CODES.TWO_FACTOR_CODE_INVALID);
    expect(await codeStep('codes.keyed@example.com', m.recoveryCodes[5].toUpperCase().replace('-', ' '))).toBe(
      '000000',
    );
  });

  it('re-keys codes stored by the earlier version as plain SHA-256 at start-up: each still signs in, once', async () => {
    const m = await enrolled('codes.legacy@example.com');
    // As the earlier version stored them: the plain SHA-256 of each code.
    await c.exec(sql`DELETE FROM user_recovery_codes WHERE user_id = ${m.id}`);
    for (const code of m.recoveryCodes)
      await c.exec(sql`INSERT INTO user_recovery_codes (user_id, code_hash) VALUES (${m.id}, ${plainSha256(code)})`);

    // The start-up step (migration-hooks.ts), here over the test's own connection.
    const client = (
      t.database.db as unknown as { $client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } }
    ).$client;
    const connection: MigrationConnection = {
      kind: t.kind,
      executeSql: async (text, values) => ({ rows: (await client.query(text, values)).rows }),
    };
    await keyRecoveryCodes(t.database.secrets)(connection);
    await keyRecoveryCodes(t.database.secrets)(connection); // again: nothing left to do

    const stored = await storedHashes(m.id);
    expect(stored).toHaveLength(10);
    for (const value of stored) expect(value).toMatch(/^rc1\./);
    const plain = new Set(m.recoveryCodes.map(plainSha256));
    expect(stored.some((value) => plain.has(value))).toBe(false);

    expect(await codeStep('codes.legacy@example.com', m.recoveryCodes[0])).toBe('000000');
    expect(await codeStep('codes.legacy@example.com', m.recoveryCodes[0])).toBe(ERROR_CODES.TWO_FACTOR_CODE_INVALID);
  });
});
