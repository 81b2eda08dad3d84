import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants, users } from './schema';

/** @reads merchants, users (tables other modules own: db/table-owners.ts) */

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Migration 0024: a merchant's API keys (modules/api-keys). Only the SHA-256 of the secret is kept
 * (secretHash, unique); prefix tells keys apart.
 */
export const apiKeys = pgTable('api_keys', {
  id: text('id').primaryKey(),
  merchantId: text('merchant_id')
    .notNull()
    .references(() => merchants.id),
  name: text('name').notNull(),
  /** SANDBOX only, for now. */
  mode: text('mode').notNull().default('SANDBOX'),
  prefix: text('prefix').notNull(),
  secretHash: text('secret_hash').notNull().unique('api_keys_secret_hash_key'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull().defaultNow(),
  revokedAt: at('revoked_at'),
  revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  lastUsedAt: at('last_used_at'),
  lastUsedIp: text('last_used_ip'),
});

/**
 * Migration 0024: where a merchant's webhook events go (modules/webhooks). The signing secret (and
 * the previous one, until it expires after a rotation) is stored encrypted (migration 0026).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: text('id').primaryKey(),
  merchantId: text('merchant_id')
    .notNull()
    .references(() => merchants.id),
  url: text('url').notNull(),
  description: text('description'),
  eventTypes: text('event_types').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  previousSecretExpiresAt: at('previous_secret_expires_at'),
  /** The first failed attempt since the last delivered one. */
  failingSince: at('failing_since'),
  /** FAILING, or null. */
  disabledReason: text('disabled_reason'),
  /** One drainer per endpoint at a time (deliveries go out in order). */
  drainLeaseUntil: at('drain_lease_until'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Migration 0024: an event as it is sent ({ id, type, createdAt, data: { object } }), about objectId. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  merchantId: text('merchant_id')
    .notNull()
    .references(() => merchants.id),
  type: text('type').notNull(),
  objectId: text('object_id'),
  payload: jsonb('payload').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * Migration 0024: one event to one endpoint. kind EVENT, TEST or REPLAY; status PENDING (to send at
 * nextAttemptAt), SUCCEEDED or FAILED. seq is the order an endpoint's deliveries go out in.
 */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: text('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  merchantId: text('merchant_id')
    .notNull()
    .references(() => merchants.id),
  endpointId: text('endpoint_id')
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  eventId: text('event_id')
    .notNull()
    .references(() => webhookEvents.id),
  kind: text('kind').notNull().default('EVENT'),
  status: text('status').notNull().default('PENDING'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at').defaultNow(),
  lastStatusCode: integer('last_status_code'),
  lastError: text('last_error'),
  createdAt: at('created_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
});

/**
 * Migration 0024: one try of a delivery; statusCode null when no answer came (see error). Partitioned by month of
 * attempted_at (migration 0028; the webhooks module's daily job makes and drops the partitions), so the key holds it.
 */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: at('attempted_at').notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    /** The first 2 kB of the answer's body. */
    responseBody: text('response_body'),
    error: text('error'),
  },
  (t) => [primaryKey({ name: 'webhook_attempts_pkey', columns: [t.id, t.attemptedAt] })],
);
