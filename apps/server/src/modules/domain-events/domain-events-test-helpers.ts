import { expect } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { WebhookEventType } from '@mbo/contracts/integration';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { webhookEvents } from '../../db/integration-schema';
import { computed, typedRows, type RowOf } from '../../db/typed-rows';
import { call, createTestApp, type TestApp } from '../../test/harness';

/*
 * What the domain webhook event tests (domain-events-*.test.ts) share: their app (every sandbox processor at once),
 * the hosted checkout they pay links on, and the reading of the outbox (webhook_events).
 */

/** The event as stored (every key kept): what the assertions read of it checked. */
const eventPayload = z.looseObject({
  id: z.string(),
  type: z.string(),
  data: z.looseObject({ object: z.looseObject({ id: z.string(), object: z.string(), status: z.string().optional() }) }),
});

const EVENT = {
  id: webhookEvents.id,
  merchant_id: webhookEvents.merchantId,
  type: webhookEvents.type,
  object_id: webhookEvents.objectId,
  payload: computed((value) => eventPayload.parse(webhookEvents.payload.mapFromDriverValue(value))),
};
type EventRow = RowOf<typeof EVENT>;

/** A value the test's flow always sets. */
export function present<T>(value: T | null): T {
  if (value === null) throw new Error('expected a value, found null');
  return value;
}

const CUSTOMER = { email: 'ana@example.com', name: 'Ana Customer', expiry: '12/39', cvc: '123' };

/**
 * The app of the domain event tests: the sandbox processors (refunds, disputes, payouts) run their jobs at once,
 * and the sandbox clock is there.
 */
export function createDomainEventsApp(): Promise<TestApp> {
  return createTestApp({
    config: {
      sandboxRefundDelayMs: 0,
      sandboxDisputeOpenDelayMs: 0,
      sandboxDisputeDecisionDelayMs: 0,
      sandboxPayoutDelayMs: 0,
      sandboxClock: true,
    },
  });
}

/** The tests' reads and calls, on the app and owner session the test file sets up (read when called). */
export function domainEventHelpers(current: () => { t: TestApp; owner: string }) {
  const db = () => current().t.database.db;
  const ok = <T>(res: { body: { code: string; msg: string; data: T } }): T => {
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data;
  };

  const eventsOf = (objectId: string) =>
    typedRows(
      db(),
      EVENT,
      sql`SELECT id, merchant_id, type, object_id, payload FROM webhook_events WHERE object_id = ${objectId} ORDER BY created_at, id`,
    );
  const countOf = async (type: WebhookEventType, merchantId: string) =>
    (
      await db()
        .select({ n: count() })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.type, type), eq(webhookEvents.merchantId, merchantId)))
    )[0].n;

  /**
   * The object's events, in order, as [type, the object's status in it]; each one about this object of this merchant.
   */
  async function expectEvents(
    objectId: string,
    merchantId: string,
    expected: [WebhookEventType, string][],
  ): Promise<EventRow[]> {
    const rows = await eventsOf(objectId);
    expect(rows.map((r) => [r.type, r.payload.data.object.status])).toEqual(expected);
    for (const r of rows) {
      expect(r).toMatchObject({ merchant_id: merchantId, object_id: objectId });
      expect(r.payload).toMatchObject({
        id: r.id,
        type: r.type,
        data: { object: { id: objectId, object: r.type.slice(0, r.type.indexOf('.')) } },
      });
    }
    return rows;
  }

  async function newLink(overrides: Record<string, unknown> = {}): Promise<string> {
    return ok<{ linkId: string }>(
      await call(current().t.app, 'POST', PAYMENT_LINK_PATHS.create, {
        cookie: current().owner,
        payload: {
          amount: '25.00',
          currency: 'EUR',
          description: 'Webhook events',
          reusable: false,
          expiresInDays: 7,
          ...overrides,
        },
      }),
    ).linkId;
  }

  let payAddress = 0;
  /** Pays a link on the hosted checkout (as the customer's browser does); returns the payment id. */
  async function pay(linkId: string, cardNumber: string): Promise<string> {
    const res = await current().t.app.inject({
      method: 'POST',
      url: `/pay/${linkId}`,
      remoteAddress: `127.78.${(payAddress >> 8) & 255}.${payAddress++ & 255}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'shop.test:8080',
        origin: 'http://shop.test:8080',
      },
      payload: new URLSearchParams({ ...CUSTOMER, cardNumber }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
    return /\/payments\/([^/]+)$/.exec(String(res.headers.location))![1];
  }

  return { db, ok, eventsOf, countOf, expectEvents, newLink, pay };
}
