import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { desc, eq } from 'drizzle-orm';
import { createRequire } from 'node:module';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { PASSWORD_RULES, passwordPolicyProblem } from '@mbo/contracts/usercenter';
import type { DbOrTx } from '../../db/client';
import { passwordHistory, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). */
const ARGON2 = { algorithm: 2 as Algorithm /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the email is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | null = null;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('timing-equaliser-0000');
  return dummyHash;
}

/** The 10,000 most common passwords (zxcvbn's list, by frequency). */
let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  if (!common) {
    const list = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    common = new Set(list.slice(0, 10_000).map((p) => p.toLowerCase()));
  }
  return common;
}

/** Length 12–128, letters and digits, not a common password (PCI DSS 8.3.6, ASVS 6.2.4). */
export function assertPasswordPolicy(password: string): void {
  const problem = passwordPolicyProblem(password);
  if (problem) {
    throw new AppError(ERROR_CODES.PASSWORD_POLICY, {
      text: {
        key: `passwordPolicy.${problem.key}`,
        values: { count: problem.count, min: PASSWORD_RULES.minLength, max: PASSWORD_RULES.maxLength },
      },
    });
  }
  // The password itself, or a common word with digits and symbols around it ('password12345!').
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (commonPasswords().has(lower) || (core.length >= 4 && commonPasswords().has(core))) {
    throw new AppError(ERROR_CODES.PASSWORD_COMMON, { text: { key: 'passwordCommon' } });
  }
}

/** Not one of the last 4 passwords (PCI DSS 8.3.7). */
export async function assertNotRecentlyUsed(db: DbOrTx, userId: string, password: string): Promise<void> {
  const recent = await db
    .select({ hash: passwordHistory.hash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(PASSWORD_RULES.history);
  const checks = await Promise.all(recent.map((r) => verifyPassword(r.hash, password)));
  if (checks.some(Boolean)) {
    throw new AppError(ERROR_CODES.PASSWORD_REUSED, {
      text: { key: 'passwordReused', values: { count: PASSWORD_RULES.history } },
    });
  }
}

/** Stores a new password (hash + history) and clears the forced-reset flag and the lockout. */
export async function storePassword(db: DbOrTx, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash, forceReset: false, failedLoginCount: 0, lockedUntil: null, passwordChangedAt: new Date() })
    .where(eq(users.id, userId));
  await db.insert(passwordHistory).values({ userId, hash: passwordHash });
}
