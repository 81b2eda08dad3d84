import { and, count, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookEndpointRecord,
  type WebhookEndpointSecret,
} from '@mbo/contracts/integration';
import type { Db } from '../../db/client';
import { webhookEndpoints } from '../../db/integration-schema';
import { typedRows } from '../../db/typed-rows';
import type { JobQueue } from '../../jobs/job-queue';
import type { MoneyActor } from '../../lib/actor';
import type { SecretBox } from '../../lib/secret-box';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { newId } from '../../lib/ids';
import { endpointNotFound, iso, lockEndpoint, readEndpoint } from './endpoint-record';
import { newSigningSecret, openSigningSecrets, sealSigningSecret } from './signing';
import { assertWebhookUrlAllowed, systemResolver, WebhookAddressRefused, type HostResolver } from './ssrf-guard';
import { webhookDrainJob } from './webhook-jobs';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

export interface WebhookDeps {
  db: Db;
  jobs: JobQueue;
  /** config.webhookAllowHttpLocalhost. */
  allowLoopback: boolean;
  resolve?: HostResolver;
  /** The database's keyring: signing secrets are stored encrypted. */
  secrets: SecretBox;
}

const TARGET = 'WEBHOOK_ENDPOINT';

/** The URL rules at create and update (ssrf-guard.ts), as the form's error. */
async function checkUrl(deps: WebhookDeps, url: string): Promise<void> {
  try {
    await assertWebhookUrlAllowed(url, { allowLoopback: deps.allowLoopback }, deps.resolve ?? systemResolver);
  } catch (err) {
    if (err instanceof WebhookAddressRefused)
      throw new AppError(ERROR_CODES.WEBHOOK_URL_REFUSED, { msg: err.message, data: { field: 'url' } });
    throw err;
  }
}

/**
 * Adds an endpoint with a new signing secret. The merchant row is locked (FOR NO KEY UPDATE, as for
 * API keys) so parallel creates cannot pass MAX_WEBHOOK_ENDPOINTS together. Audited.
 */
export async function createEndpoint(
  deps: WebhookDeps,
  actor: MoneyActor,
  input: CreateWebhookEndpointRequest,
): Promise<WebhookEndpointRecord> {
  await checkUrl(deps, input.url);
  const id = newId('we_');
  const eventTypes = [...new Set(input.eventTypes)];
  const enabled = input.enabled ?? true;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM merchants WHERE id = ${actor.merchantId} FOR NO KEY UPDATE`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.merchantId, actor.merchantId));
    if (n >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError(ERROR_CODES.WEBHOOK_ENDPOINT_LIMIT, {
        msg: `A merchant can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one you no longer use first.`,
      });
    }
    await tx.execute(sql`
      INSERT INTO webhook_endpoints (id, merchant_id, url, description, event_types, enabled, secret, created_by)
      VALUES (${id}, ${actor.merchantId}, ${input.url}, ${input.description || null}, ${sql`ARRAY[${sql.join(
        eventTypes.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`},
              ${enabled}, ${sealSigningSecret(deps.secrets, id, newSigningSecret())}, ${actor.userId})`);
    await audit(tx, {
      action: 'WEBHOOK_ENDPOINT_CREATED',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: TARGET,
      targetId: id,
      detail: { url: input.url, eventTypes, enabled },
    });
    return readEndpoint(tx, actor.merchantId, id);
  });
}

/**
 * Changes an endpoint's URL, description, events or enabled flag. Enabling it again clears a
 * FAILING disable and sends a drain job, so deliveries that waited go out. Audited with what changed.
 */
export async function updateEndpoint(
  deps: WebhookDeps,
  actor: MoneyActor,
  input: UpdateWebhookEndpointRequest,
): Promise<WebhookEndpointRecord> {
  if (input.url !== undefined) await checkUrl(deps, input.url);
  return deps.db.transaction(async (tx) => {
    await lockEndpoint(tx, actor.merchantId, input.endpointId);
    const before = await readEndpoint(tx, actor.merchantId, input.endpointId);
    const eventTypes = input.eventTypes ? [...new Set(input.eventTypes)] : undefined;
    const sets = [
      input.url !== undefined ? sql`url = ${input.url}` : undefined,
      input.description !== undefined ? sql`description = ${input.description || null}` : undefined,
      eventTypes
        ? sql`event_types = ARRAY[${sql.join(
            eventTypes.map((t) => sql`${t}`),
            sql`, `,
          )}]::text[]`
        : undefined,
      input.enabled !== undefined ? sql`enabled = ${input.enabled}` : undefined,
      // Enabled again (by hand): the failure streak starts over.
      input.enabled === true && !before.enabled ? sql`disabled_reason = NULL, failing_since = NULL` : undefined,
    ].filter((s) => s !== undefined);
    if (sets.length === 0) return before;
    await tx.execute(
      sql`UPDATE webhook_endpoints SET ${sql.join(sets, sql`, `)}, updated_at = now() WHERE id = ${input.endpointId}`,
    );
    const after = await readEndpoint(tx, actor.merchantId, input.endpointId);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['url', 'description', 'eventTypes', 'enabled'] as const) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        changes[key] = { from: before[key], to: after[key] };
    }
    if (Object.keys(changes).length === 0) return after;
    if (after.enabled && !before.enabled)
      await deps.jobs.send(webhookDrainJob, { endpointId: input.endpointId }, { tx });
    await audit(tx, {
      action: 'WEBHOOK_ENDPOINT_UPDATED',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: TARGET,
      targetId: input.endpointId,
      detail: { changes },
    });
    return after;
  });
}

/** Deletes an endpoint with its deliveries and their attempts (the events stay, for other endpoints). Audited. */
export async function deleteEndpoint(
  deps: WebhookDeps,
  actor: MoneyActor,
  endpointId: string,
): Promise<{ endpointId: string }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.merchantId, actor.merchantId)))
      .returning({ url: webhookEndpoints.url });
    if (!row) throw endpointNotFound();
    await audit(tx, {
      action: 'WEBHOOK_ENDPOINT_DELETED',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: TARGET,
      targetId: endpointId,
      detail: { url: row.url },
    });
    return { endpointId };
  });
}

/** The signing secret, shown on request: every viewing is audited (WEBHOOK_SECRET_VIEWED). */
export async function viewEndpointSecret(
  deps: WebhookDeps,
  actor: MoneyActor,
  endpointId: string,
): Promise<WebhookEndpointSecret> {
  return deps.db.transaction(async (tx) => {
    const w = webhookEndpoints;
    const [row] = await typedRows(
      tx,
      { secret: w.secret, previous_secret_expires_at: w.previousSecretExpiresAt },
      sql`
      SELECT secret, CASE WHEN previous_secret_expires_at > now() THEN previous_secret_expires_at END AS previous_secret_expires_at
        FROM webhook_endpoints WHERE id = ${endpointId} AND merchant_id = ${actor.merchantId}`,
    );
    if (!row) throw endpointNotFound();
    await audit(tx, {
      action: 'WEBHOOK_SECRET_VIEWED',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: TARGET,
      targetId: endpointId,
    });
    const [secret] = openSigningSecrets(deps.secrets, endpointId, [row.secret]);
    return { secret, previousSecretExpiresAt: iso(row.previous_secret_expires_at) };
  });
}

/**
 * A new signing secret; the current one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_HOURS
 * (both signatures in webhook-signature), so the receiver can switch without losing events. A
 * secret older than the current one is dropped at once. Answers the new secret. Audited.
 */
export async function rotateEndpointSecret(
  deps: WebhookDeps,
  actor: MoneyActor,
  endpointId: string,
): Promise<WebhookEndpointSecret> {
  return deps.db.transaction(async (tx) => {
    const secret = newSigningSecret();
    const w = webhookEndpoints;
    const [row] = await tx
      .update(w)
      .set({
        previousSecret: sql`${w.secret}`,
        previousSecretExpiresAt: sql`now() + make_interval(hours => ${WEBHOOK_SECRET_OVERLAP_HOURS}::int)`,
        secret: sealSigningSecret(deps.secrets, endpointId, secret),
        updatedAt: sql`now()`,
      })
      .where(and(eq(w.id, endpointId), eq(w.merchantId, actor.merchantId)))
      .returning({ previousSecretExpiresAt: w.previousSecretExpiresAt });
    if (!row) throw endpointNotFound();
    const previousSecretExpiresAt = iso(row.previousSecretExpiresAt);
    await audit(tx, {
      action: 'WEBHOOK_SECRET_ROTATED',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: TARGET,
      targetId: endpointId,
      detail: { previousSecretExpiresAt },
    });
    return { secret, previousSecretExpiresAt };
  });
}
