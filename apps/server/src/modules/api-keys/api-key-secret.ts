import { randomBytes } from 'node:crypto';
import { hashToken } from '../../lib/tokens';

/** Sandbox keys start with this; a live mode would have its own (sk_live_). */
export const SANDBOX_KEY_PREFIX = 'sk_test_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 32;
/** The visible start of a key: its mode prefix and 4 characters of the secret. */
const SHOWN = SANDBOX_KEY_PREFIX.length + 4;
const KEY_SHAPE = /^sk_test_[0-9A-Za-z]{32}$/;

/** A new secret key (190 random bits, base 62), its visible prefix and the hash that is stored. */
export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  let body = '';
  // Rejection sampling keeps every character equally likely (248 = 4 × 62).
  while (body.length < SECRET_LENGTH) {
    for (const byte of randomBytes(SECRET_LENGTH)) {
      if (byte < 248 && body.length < SECRET_LENGTH) body += BASE62[byte % 62];
    }
  }
  const secret = `${SANDBOX_KEY_PREFIX}${body}`;
  return { secret, prefix: secret.slice(0, SHOWN), hash: hashToken(secret) };
}

/** The key of an `Authorization: Bearer <key>` header, or null when the header is missing or not a key's shape. */
export function bearerKey(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match && KEY_SHAPE.test(match[1]) ? match[1] : null;
}
