import { sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type {
  DeliveryListQuery,
  WebhookAttemptRecord,
  WebhookDeliveryDetail,
  WebhookDeliveryKind,
  WebhookDeliveryRecord,
  WebhookDeliveryStatus,
} from '@mbo/contracts/integration';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { inList } from '../../lib/list-where';
import { createdRangeConditions } from '../../lib/date-range';
import { bodyOf } from './drain-endpoint';
import { iso } from './endpoint-record';

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  endpoint_url: string;
  event_id: string;
  event_type: string;
  kind: WebhookDeliveryKind;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const COLUMNS = sql`d.id, d.endpoint_id, w.url AS endpoint_url, d.event_id, e.type AS event_type, d.kind, d.status, d.attempts,
  d.last_status_code, d.last_error, d.next_attempt_at, d.created_at, d.finished_at`;
const FROM = sql`webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN webhook_events e ON e.id = d.event_id`;

function toRecord(r: DeliveryRow): WebhookDeliveryRecord {
  return {
    deliveryId: r.id,
    endpointId: r.endpoint_id,
    endpointUrl: r.endpoint_url,
    eventId: r.event_id,
    eventType: r.event_type,
    kind: r.kind,
    status: r.status,
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
  const [{ n }] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM ${FROM} WHERE ${condition}`),
  );
  const rows = rowsOf<DeliveryRow>(
    await db.execute(sql`
    SELECT ${COLUMNS} FROM ${FROM} WHERE ${condition} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
  );
  return { total: Number(n), records: rows.map(toRecord) };
}

export const deliveryNotFound = () =>
  new AppError(ERROR_CODES.WEBHOOK_DELIVERY_NOT_FOUND, { msg: 'Webhook delivery not found.' });

/** One delivery of the merchant with its attempts (no receiver's body cut beyond 2 kB: it was kept so). */
export async function readDelivery(db: DbOrTx, merchantId: string, deliveryId: string): Promise<WebhookDeliveryRecord> {
  const [row] = rowsOf<DeliveryRow>(
    await db.execute(sql`SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = ${deliveryId} AND d.merchant_id = ${merchantId}`),
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
  const [event] = rowsOf<{ payload: unknown }>(
    await db.execute(sql`SELECT payload FROM webhook_events WHERE id = ${record.eventId}`),
  );
  const attempts = rowsOf<{
    attempt: number;
    attempted_at: Date | string;
    status_code: number | null;
    duration_ms: number;
    response_body: string | null;
    error: string | null;
  }>(
    await db.execute(sql`
    SELECT attempt, attempted_at, status_code, duration_ms, response_body, error
      FROM webhook_attempts WHERE delivery_id = ${deliveryId} ORDER BY attempt, id`),
  );
  const attemptLog: WebhookAttemptRecord[] = attempts.map((a) => ({
    attempt: Number(a.attempt),
    attemptedAt: iso(a.attempted_at),
    statusCode: a.status_code === null ? null : Number(a.status_code),
    durationMs: Number(a.duration_ms),
    responseBody: a.response_body,
    error: a.error,
  }));
  const payload: unknown = JSON.parse(bodyOf(event.payload as Parameters<typeof bodyOf>[0]).body);
  return { ...record, payload, attemptLog };
}
