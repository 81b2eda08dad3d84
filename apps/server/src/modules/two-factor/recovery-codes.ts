import { createHash, createHmac, hkdfSync, randomInt } from 'node:crypto';
import { TWO_FACTOR_RULES } from '@mbo/contracts/usercenter';
import type { AfterMigrations } from '../../db/migrate';
import type { DataKey, SecretBox } from '../../lib/secret-box';

/**
 * Recovery codes of two-factor sign-in: ten single-use codes `xxxxx-xxxxx` (about 49 bits each),
 * shown once and stored only as a keyed hash:
 *
 *   rc1.<kid>.<hex of HMAC-SHA-256(K, SHA-256(code))>
 *
 * where K is derived (HKDF-SHA-256) from the data key <kid> (DATA_ENCRYPTION_KEY, lib/secret-box.ts),
 * which is never in the database. 49 bits are too few for a plain hash: SHA-256 alone (how codes
 * were stored before) lets whoever reads the table find every code by trying them all; without the
 * key the stored value tells nothing. An HMAC rather than argon2id: the key already makes guessing
 * offline impossible, and a login with a code checks it with one indexed lookup, not ten slow hashes.
 *
 * A code is checked against its hash under every key of the keyring, so codes made before a key
 * rotation keep working while the older key is in DATA_ENCRYPTION_KEYS_OLD; `npm run rotate-keys`
 * cannot move them (that needs the code), so they stop working once that key is dropped.
 */
const VERSION = 'rc1';
/** The stored form (also what keyRecoveryCodes looks for). */
export const RECOVERY_CODE_HASH_PATTERN = '^rc1\\.[A-Za-z0-9_-]{8}\\.[0-9a-f]{64}$';
/** How migration 0023 stored a code: the hex SHA-256 of its letters. */
const LEGACY_PATTERN = /^[0-9a-f]{64}$/;

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten single-use recovery codes, `xxxxx-xxxxx` (about 49 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: TWO_FACTOR_RULES.recoveryCodes }, () => `${part()}-${part()}`);
}

/** The SHA-256 (hex) of a code's letters, whatever the case, dash or spaces: what the key is applied to. */
function codeDigest(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

const hmacKeys = new WeakMap<Buffer, Buffer>();
/** The recovery-code key of a data key (HKDF-SHA-256, its own label: never the data key itself). */
function hmacKeyOf(dataKey: DataKey): Buffer {
  let key = hmacKeys.get(dataKey.key);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', dataKey.key, Buffer.alloc(0), 'mbo recovery code hash v1', 32));
    hmacKeys.set(dataKey.key, key);
  }
  return key;
}

function keyedHash(dataKey: DataKey, digest: string): string {
  return `${VERSION}.${dataKey.kid}.${createHmac('sha256', hmacKeyOf(dataKey)).update(digest).digest('hex')}`;
}

/** How a new code is stored: under the newest data key. */
export function recoveryCodeHash(secrets: SecretBox, code: string): string {
  return keyedHash(secrets.keyring.current, codeDigest(code));
}

/** Every value a code may be stored as: its hash under each key of the keyring, the newest first. */
export function recoveryCodeHashes(secrets: SecretBox, code: string): string[] {
  const digest = codeDigest(code);
  return [secrets.keyring.current, ...secrets.keyring.old].map((k) => keyedHash(k, digest));
}

const BATCH = 500;

/**
 * After the migrations, at every start (and in `npm run migrate`): codes stored by an earlier
 * version as plain SHA-256 get their keyed hash, which is made from that SHA-256, so no code is
 * needed and every code keeps working; none is left crackable from the table. A value in neither
 * form cannot match any code and is removed. Costs one query when there is nothing to do.
 */
export function keyRecoveryCodes(secrets: SecretBox): AfterMigrations {
  return async (connection) => {
    for (;;) {
      const rows = (
        await connection.executeSql(
          `SELECT id::text AS id, code_hash FROM user_recovery_codes WHERE code_hash !~ $1 ORDER BY id LIMIT ${BATCH}`,
          [RECOVERY_CODE_HASH_PATTERN],
        )
      ).rows as { id: string; code_hash: string }[];
      if (rows.length === 0) return;
      const legacy = rows.filter((r) => LEGACY_PATTERN.test(r.code_hash));
      const unusable = rows.filter((r) => !LEGACY_PATTERN.test(r.code_hash)).map((r) => r.id);
      if (legacy.length) {
        const updates = legacy.map((r) => ({
          id: r.id,
          o: r.code_hash,
          n: keyedHash(secrets.keyring.current, r.code_hash),
        }));
        await connection.executeSql(
          `UPDATE user_recovery_codes AS t SET code_hash = v.n FROM jsonb_to_recordset($1::jsonb) AS v(id text, o text, n text)
            WHERE t.id = v.id::bigint AND t.code_hash = v.o`,
          [JSON.stringify(updates)],
        );
      }
      if (unusable.length) {
        await connection.executeSql(
          `DELETE FROM user_recovery_codes WHERE id = ANY($1::bigint[]) AND code_hash !~ $2`,
          [unusable, RECOVERY_CODE_HASH_PATTERN],
        );
      }
    }
  };
}
