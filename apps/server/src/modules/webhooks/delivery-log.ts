import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import {
  WEBHOOK_DELIVERY_KINDS,
  WEBHOOK_DELIVERY_STATUSES,
  type DeliveryListQuery,
  type WebhookAttemptRecord,
  type WebhookDeliveryDetail,
  type WebhookDeliveryRecord,
} from '@mbo/contracts/integration';
import type { DbOrTx } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/integration-schema';
import { computed, typedRows, type RowOf } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { inList } from '../../lib/list-where';
import { oneOf } from '../../lib/one-of';
import { createdRangeConditions } from '../../lib/date-range';
import { bodyOf } from './drain-endpoint';
import { iso } from './endpoint-record';

const d = webhookDeliveries;
/** The row COLUMNS select. */
const DELIVERY = {
  id: d.id,
  endpoint_id: d.endpointId,
  endpoint_url: webhookEndpoints.url,
  event_id: d.eventId,
  event_type: webhookEvents.type,
  kind: d.kind,
  status: d.status,
  attempts: d.attempts,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  next_attempt_at: d.nextAttemptAt,
  created_at: d.createdAt,
  finished_at: d.finishedAt,
};

const COLUMNS = sql`d.id, d.endpoint_id, w.url AS endpoint_url, d.event_id, e.type AS event_type, d.kind, d.status, d.attempts,
  d.last_status_code, d.last_error, d.next_attempt_at, d.created_at, d.finished_at`;
const FROM = sql`webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN webhook_events e ON e.id = d.event_id`;

function toRecord(r: RowOf<typeof DELIVERY>): WebhookDeliveryRecord {
  return {
    deliveryId: r.id,
    endpointId: r.endpoint_id,
    endpointUrl: r.endpoint_url,
    eventId: r.event_id,
    eventType: r.event_type,
    kind: oneOf(WEBHOOK_DELIVERY_KINDS, r.kind),
    status: oneOf(WEBHOOK_DELIVERY_STATUSES, r.status),
    attempts: Number(r.attempts),
    lastStatusCode: r.last_status_code === null ? null : Number(r.last_status_code),
    lastError: r.last_error,
    nextAttemptAt: iso(r.next_attempt_at),
    createdAt: iso(r.created_at),
    finishedAt: iso(r.finished_at),
  };
}

/**
 * The delivery log of the merchant (WEBHOOK_DELIVERIES_LIST): filters by endpoint, status, kind,
 * event type and creation time; the keyword is an exact event id or delivery id.
 */
export async function listDeliveries(
  db: DbOrTx,
  merchantId: string,
  q: DeliveryListQuery,
): Promise<{ total: number; records: WebhookDeliveryRecord[] }> {
  const keyword = q.keyword?.trim();
  const where: (SQL | undefined)[] = [
    sql`d.merchant_id = ${merchantId}`,
    q.endpointId ? sql`d.endpoint_id = ${q.endpointId}` : undefined,
    q.status?.length ? inList(sql`d.status`, q.status) : undefined,
    q.kind?.length ? inList(sql`d.kind`, q.kind) : undefined,
    q.eventType?.length ? inList(sql`e.type`, q.eventType) : undefined,
    ...createdRangeConditions(sql`d.created_at`, q),
    keyword ? sql`(d.id = ${keyword} OR d.event_id = ${keyword})` : undefined,
  ];
  const condition = sql.join(
    where.filter((c): c is SQL => c !== undefined),
    sql` AND `,
  );
  const order = q.sort === 'createdAt:asc' ? sql`d.created_at ASC, d.id ASC` : sql`d.created_at DESC, d.id DESC`;
  const [{ n }] = await typedRows(
    db,
    { n: computed(Number) },
    sql`SELECT count(*)::int AS n FROM ${FROM} WHERE ${condition}`,
  );
  const rows = await typedRows(
    db,
    DELIVERY,
    sql`
    SELECT ${COLUMNS} FROM ${FROM} WHERE ${condition} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
  );
  return { total: Number(n), records: rows.map(toRecord) };
}

export const deliveryNotFound = () =>
  new AppError(ERROR_CODES.WEBHOOK_DELIVERY_NOT_FOUND, { msg: 'Webhook delivery not found.' });

/** One delivery of the merchant with its attempts (no receiver's body cut beyond 2 kB: it was kept so). */
export async function readDelivery(db: DbOrTx, merchantId: string, deliveryId: string): Promise<WebhookDeliveryRecord> {
  const [row] = await typedRows(
    db,
    DELIVERY,
    sql`SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = ${deliveryId} AND d.merchant_id = ${merchantId}`,
  );
  if (!row) throw deliveryNotFound();
  return toRecord(row);
}

/** The delivery with the event as sent and every attempt, oldest first. */
export async function deliveryDetail(
  db: DbOrTx,
  merchantId: string,
  deliveryId: string,
): Promise<WebhookDeliveryDetail> {
  const record = await readDelivery(db, merchantId, deliveryId);
  const [event] = await db
    .select({ payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, record.eventId));
  const wa = webhookAttempts;
  const attempts = await db
    .select({
      attempt: wa.attempt,
      attemptedAt: wa.attemptedAt,
      statusCode: wa.statusCode,
      durationMs: wa.durationMs,
      responseBody: wa.responseBody,
      error: wa.error,
    })
    .from(wa)
    .where(eq(wa.deliveryId, deliveryId))
    .orderBy(asc(wa.attempt), asc(wa.id));
  const attemptLog: WebhookAttemptRecord[] = attempts.map((a) => ({
    attempt: Number(a.attempt),
    attemptedAt: iso(a.attemptedAt),
    statusCode: a.statusCode === null ? null : Number(a.statusCode),
    durationMs: Number(a.durationMs),
    responseBody: a.responseBody,
    error: a.error,
  }));
  const payload: unknown = JSON.parse(bodyOf(event.payload).body);
  return { ...record, payload, attemptLog };
}
