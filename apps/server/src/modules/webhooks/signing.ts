import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { placeOf } from '../../db/encrypted-columns';
import type { SecretBox } from '../../lib/secret-box';

/** A new signing secret in the Standard Webhooks form: whsec_ and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A signing secret as stored: encrypted for its endpoint's row (db/encrypted-columns.ts). */
export function sealSigningSecret(secrets: SecretBox, endpointId: string, secret: string): string {
  return secrets.seal(secret, placeOf('webhook_endpoints', endpointId));
}

/** An endpoint's stored signing secrets (the current one, and the previous one while it still signs), opened. */
export function openSigningSecrets(
  secrets: SecretBox,
  endpointId: string,
  stored: readonly (string | null)[],
): string[] {
  return stored
    .filter((s): s is string => s !== null)
    .map((s) => secrets.open(s, placeOf('webhook_endpoints', endpointId)));
}

/**
 * The Standard Webhooks headers of one attempt: webhook-id (the event id, the same for every retry
 * and replay, so a receiver de-duplicates), webhook-timestamp (this attempt, seconds) and
 * webhook-signature, one `v1,…` per secret separated by a space: after a rotation the old secret
 * signs too until it expires, so a receiver still holding it keeps verifying.
 */
export function signatureHeaders(
  msgId: string,
  body: string,
  secrets: readonly string[],
  at: Date = new Date(),
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(msgId, at, body));
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
