import { and, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpointRecord } from '@mbo/contracts/integration';
import type { DbOrTx } from '../../db/client';
import { webhookEndpoints } from '../../db/integration-schema';
import { computedOrNull, typedRows } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { oneOf } from '../../lib/one-of';

/** A timestamp as the drivers give it (Date; text on some paths), as ISO 8601 UTC. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export const endpointNotFound = () =>
  new AppError(ERROR_CODES.WEBHOOK_ENDPOINT_NOT_FOUND, { msg: 'Webhook endpoint not found.' });

/** Why an endpoint was switched off (the column's CHECK). */
const DISABLED_REASONS = ['FAILING'] as const;

/** The merchant's endpoints (one when endpointId is given), with the last 24 hours' deliveries by outcome. */
export async function readEndpoints(
  db: DbOrTx,
  merchantId: string,
  endpointId?: string,
): Promise<WebhookEndpointRecord[]> {
  const w = webhookEndpoints;
  // Plain SQL: the counts of the last 24 hours come from a lateral join.
  const rows = await typedRows(
    db,
    {
      id: w.id,
      url: w.url,
      description: w.description,
      event_types: w.eventTypes,
      enabled: w.enabled,
      disabled_reason: w.disabledReason,
      failing_since: w.failingSince,
      previous_secret_expires_at: w.previousSecretExpiresAt,
      created_at: w.createdAt,
      updated_at: w.updatedAt,
      succeeded: computedOrNull(Number),
      failed: computedOrNull(Number),
      pending: computedOrNull(Number),
    },
    sql`
    SELECT w.id, w.url, w.description, w.event_types, w.enabled, w.disabled_reason, w.failing_since,
           CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret_expires_at END AS previous_secret_expires_at,
           w.created_at, w.updated_at, r.succeeded, r.failed, r.pending
      FROM webhook_endpoints w
      LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE d.status = 'SUCCEEDED')::int AS succeeded,
               count(*) FILTER (WHERE d.status = 'FAILED')::int AS failed,
               count(*) FILTER (WHERE d.status = 'PENDING')::int AS pending
          FROM webhook_deliveries d
         WHERE d.endpoint_id = w.id AND d.created_at >= now() - interval '24 hours') r ON true
     WHERE w.merchant_id = ${merchantId} ${endpointId ? sql`AND w.id = ${endpointId}` : sql``}
     ORDER BY w.created_at, w.id`,
  );
  return rows.map((r) => ({
    endpointId: r.id,
    url: r.url,
    description: r.description,
    eventTypes: r.event_types.map((t) => oneOf(WEBHOOK_EVENT_TYPES, t)),
    enabled: r.enabled,
    disabledReason: r.disabled_reason === null ? null : oneOf(DISABLED_REASONS, r.disabled_reason),
    failingSince: iso(r.failing_since),
    previousSecretExpiresAt: iso(r.previous_secret_expires_at),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    recent: { succeeded: Number(r.succeeded ?? 0), failed: Number(r.failed ?? 0), pending: Number(r.pending ?? 0) },
  }));
}

/** One endpoint of the merchant; another merchant's id is "not found". */
export async function readEndpoint(db: DbOrTx, merchantId: string, endpointId: string): Promise<WebhookEndpointRecord> {
  const [record] = await readEndpoints(db, merchantId, endpointId);
  if (!record) throw endpointNotFound();
  return record;
}

/** Locks the merchant's endpoint row for a change; "not found" for another merchant's. */
export async function lockEndpoint(
  tx: DbOrTx,
  merchantId: string,
  endpointId: string,
): Promise<{ url: string; enabled: boolean; eventTypes: string[] }> {
  const w = webhookEndpoints;
  const [row] = await tx
    .select({ url: w.url, enabled: w.enabled, eventTypes: w.eventTypes })
    .from(w)
    .where(and(eq(w.id, endpointId), eq(w.merchantId, merchantId)))
    .for('update');
  if (!row) throw endpointNotFound();
  return row;
}
