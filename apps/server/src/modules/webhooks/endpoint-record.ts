import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { WebhookEndpointRecord, WebhookEventType } from '@mbo/contracts/integration';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { AppError } from '../../lib/app-error';

/** A timestamp as the drivers give it (Date; text on some paths), as ISO 8601 UTC. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export const endpointNotFound = () =>
  new AppError(ERROR_CODES.WEBHOOK_ENDPOINT_NOT_FOUND, { msg: 'Webhook endpoint not found.' });

interface EndpointRow {
  id: string;
  url: string;
  description: string | null;
  event_types: WebhookEventType[];
  enabled: boolean;
  disabled_reason: 'FAILING' | null;
  failing_since: Date | string | null;
  previous_secret_expires_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  succeeded: number | string;
  failed: number | string;
  pending: number | string;
}

/** The merchant's endpoints (one when endpointId is given), with the last 24 hours' deliveries by outcome. */
export async function readEndpoints(
  db: DbOrTx,
  merchantId: string,
  endpointId?: string,
): Promise<WebhookEndpointRecord[]> {
  const rows = rowsOf<EndpointRow>(
    await db.execute(sql`
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
     ORDER BY w.created_at, w.id`),
  );
  return rows.map((r) => ({
    endpointId: r.id,
    url: r.url,
    description: r.description,
    eventTypes: r.event_types,
    enabled: r.enabled,
    disabledReason: r.disabled_reason,
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
): Promise<{ url: string; enabled: boolean; event_types: WebhookEventType[] }> {
  const [row] = rowsOf<{ url: string; enabled: boolean; event_types: WebhookEventType[] }>(
    await tx.execute(sql`
    SELECT url, enabled, event_types FROM webhook_endpoints WHERE id = ${endpointId} AND merchant_id = ${merchantId} FOR UPDATE`),
  );
  if (!row) throw endpointNotFound();
  return row;
}
