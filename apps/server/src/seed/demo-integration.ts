import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments as paymentsTable, refunds as refundsTable } from '../db/payments-schema';
import { auditLog, users } from '../db/schema';
import { newId } from '../lib/ids';
import type { SecretBox } from '../lib/secret-box';
import { newApiKeySecret } from '../modules/api-keys';
import { apiPayment, apiRefund } from '../modules/merchant-api';
import { newSigningSecret, sealSigningSecret } from '../modules/webhooks';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Demo Store's integration history (Settings → Integration): a backend key in use and an old
 * staging key revoked (their secrets are not known to anyone: a merchant makes a key of their own to
 * call the API), the audit rows of both. With `devWebhookUrl` (the sandbox's own receiver,
 * /dev/webhooks, where http on localhost is allowed) an endpoint at it, subscribed to payments and
 * refunds, with a short delivery history of real demo objects: delivered at once, and one refund
 * event delivered on its second attempt after a 503. New events reach it as they happen.
 */
export async function seedDemoIntegration(
  db: Db,
  options: { devWebhookUrl?: string; secrets: SecretBox },
  now = Date.now(),
): Promise<void> {
  const merchantId = 'M1000001';
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.test'));
  const keys = [
    { name: 'Demo Store backend', createdDays: 40, lastUsedHours: 2, revokedDays: null },
    { name: 'Old staging key', createdDays: 90, lastUsedHours: 24 * 12, revokedDays: 10 },
  ];
  for (const k of keys) {
    const secret = newApiKeySecret();
    const id = newId('key_', now - k.createdDays * DAY);
    await db.execute(sql`
      INSERT INTO api_keys (id, merchant_id, name, prefix, secret_hash, created_by, created_at, last_used_at, last_used_ip, revoked_at, revoked_by)
      VALUES (${id}, ${merchantId}, ${k.name}, ${secret.prefix}, ${secret.hash}, ${owner.id}, ${new Date(now - k.createdDays * DAY).toISOString()}::timestamptz,
              ${new Date(now - k.lastUsedHours * HOUR).toISOString()}::timestamptz, '203.0.113.40',
              ${k.revokedDays === null ? null : new Date(now - k.revokedDays * DAY).toISOString()}::timestamptz, ${k.revokedDays === null ? null : owner.id})`);
    const by = {
      actorUserId: owner.id,
      actorEmail: 'owner@demo.test',
      merchantId,
      ip: '203.0.113.10',
      outcome: 'SUCCESS',
      targetType: 'API_KEY',
      targetId: id,
    };
    await db.insert(auditLog).values([
      {
        ...by,
        at: new Date(now - k.createdDays * DAY),
        action: 'API_KEY_CREATED',
        detail: { name: k.name, prefix: secret.prefix },
      },
      ...(k.revokedDays === null
        ? []
        : [
            {
              ...by,
              at: new Date(now - k.revokedDays * DAY),
              action: 'API_KEY_REVOKED',
              detail: { name: k.name, prefix: secret.prefix },
            },
          ]),
    ]);
  }
  if (!options.devWebhookUrl) return;

  const endpointId = newId('we_', now - 30 * DAY);
  await db.execute(sql`
    INSERT INTO webhook_endpoints (id, merchant_id, url, description, event_types, secret, created_by, created_at, updated_at)
    VALUES (${endpointId}, ${merchantId}, ${options.devWebhookUrl}, 'Sandbox receiver (open /dev/webhooks to see what arrives)',
            ARRAY['payment.succeeded', 'payment.failed', 'refund.created', 'refund.succeeded', 'refund.failed'], ${sealSigningSecret(options.secrets, endpointId, newSigningSecret())}, ${owner.id},
            ${new Date(now - 30 * DAY).toISOString()}::timestamptz, ${new Date(now - 30 * DAY).toISOString()}::timestamptz)`);
  await db.insert(auditLog).values({
    actorUserId: owner.id,
    actorEmail: 'owner@demo.test',
    merchantId,
    ip: '203.0.113.10',
    outcome: 'SUCCESS',
    targetType: 'WEBHOOK_ENDPOINT',
    targetId: endpointId,
    at: new Date(now - 30 * DAY),
    action: 'WEBHOOK_ENDPOINT_CREATED',
    detail: { url: options.devWebhookUrl },
  });

  // The latest payments and refunds of the last days, as their events were delivered.
  const payments = await db
    .select({ id: paymentsTable.id })
    .from(paymentsTable)
    .where(
      and(
        eq(paymentsTable.merchantId, merchantId),
        eq(paymentsTable.status, 'SUCCESS'),
        gt(paymentsTable.createdAt, sql`now() - interval '3 days'`),
      ),
    )
    .orderBy(desc(paymentsTable.createdAt))
    .limit(8);
  const refunds = await db
    .select({ id: refundsTable.id })
    .from(refundsTable)
    .where(and(eq(refundsTable.merchantId, merchantId), eq(refundsTable.status, 'SUCCESS')))
    .orderBy(desc(refundsTable.createdAt))
    .limit(2);
  const events: { type: string; object: { id: string; createdAt: string } | null; retried: boolean }[] = [
    ...(await Promise.all(
      payments.map(async (p) => ({
        type: 'payment.succeeded',
        object: await apiPayment(db, merchantId, p.id),
        retried: false,
      })),
    )),
    ...(await Promise.all(
      refunds.map(async (r, i) => ({
        type: 'refund.succeeded',
        object: await apiRefund(db, merchantId, r.id),
        retried: i === 0,
      })),
    )),
  ];
  for (const e of events) {
    if (!e.object) continue;
    const at = Math.min(now - 5 * 60_000, Date.parse(e.object.createdAt) + 2000);
    const eventId = newId('evt_', at);
    const deliveryId = newId('whd_', at);
    const payload = { id: eventId, type: e.type, createdAt: new Date(at).toISOString(), data: { object: e.object } };
    await db.execute(sql`
      INSERT INTO webhook_events (id, merchant_id, type, object_id, payload, created_at)
      VALUES (${eventId}, ${merchantId}, ${e.type}, ${e.object.id}, ${JSON.stringify(payload)}::jsonb, ${new Date(at).toISOString()}::timestamptz)`);
    const attempts = e.retried
      ? [
          { at, status: 503, ms: 212, body: 'Service Unavailable' },
          { at: at + 5000, status: 200, ms: 38, body: '{"received":true,"verified":true}' },
        ]
      : [{ at, status: 200, ms: 31, body: '{"received":true,"verified":true}' }];
    const last = attempts[attempts.length - 1];
    await db.execute(sql`
      INSERT INTO webhook_deliveries (id, merchant_id, endpoint_id, event_id, kind, status, attempts, next_attempt_at, last_status_code, created_at, finished_at)
      VALUES (${deliveryId}, ${merchantId}, ${endpointId}, ${eventId}, 'EVENT', 'SUCCEEDED', ${attempts.length}, NULL, ${last.status},
              ${new Date(at).toISOString()}::timestamptz, ${new Date(last.at + last.ms).toISOString()}::timestamptz)`);
    for (const [i, a] of attempts.entries()) {
      await db.execute(sql`
        INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status_code, duration_ms, response_body)
        VALUES (${deliveryId}, ${i + 1}, ${new Date(a.at).toISOString()}::timestamptz, ${a.status}, ${a.ms}, ${a.body})`);
    }
  }
}
