/**
 * The Integration rows of `npm run bench` (issue 14):
 * - the merchant REST API's payments list (GET /api/v1/payments, a Bearer key) over the generated
 *   payments: the first page, filters, and the next pages by cursor. The server runs with its
 *   limits on, as in production: the calls rotate over bench keys so no key passes its 100 calls a
 *   second;
 * - webhook delivery throughput: events emitted through the outbox (in transactions, as the domains
 *   do) for one endpoint pointing at a local receiver (node:http on 127.0.0.1), timed from the first
 *   emit to the last delivery the receiver got; the receiver's order is checked against the order
 *   the outbox gave them (per endpoint).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MERCHANT_API_PATHS, MERCHANT_API_PREFIX } from '@mbo/contracts/merchant-api';
import { rowsOf, type Db } from '../apps/server/src/db/client';
import { newId } from '../apps/server/src/lib/ids';
import { sealSigningSecret } from '../apps/server/src/modules/webhooks/signing';
import { newApiKeySecret } from '../apps/server/src/modules/api-keys/api-key-secret';
import { emitWebhookEvent } from '../apps/server/src/modules/webhooks/emit-event';
import { startReceiver } from '../apps/server/src/modules/webhooks/test-receiver';
import { percentiles, type Timing } from './measure';

const DAY = 86_400_000;
/** Bench keys: calls rotate over them, each well under the per-key limit. */
const KEYS = 10;

/** Active bench keys of the merchant (revoked first, so the 20-key limit is never in the way of a kept database). */
async function benchKeys(db: Db, merchantId: string): Promise<string[]> {
  await db.execute(
    sql`UPDATE api_keys SET revoked_at = now() WHERE merchant_id = ${merchantId} AND name LIKE 'bench-%' AND revoked_at IS NULL`,
  );
  const secrets: string[] = [];
  for (let i = 0; i < KEYS; i++) {
    const key = newApiKeySecret();
    await db.execute(sql`
      INSERT INTO api_keys (id, merchant_id, name, prefix, secret_hash) VALUES (${newId('key_')}, ${merchantId}, ${`bench-${i}`}, ${key.prefix}, ${key.hash})`);
    secrets.push(key.secret);
  }
  return secrets;
}

interface ApiList {
  data: { id: string }[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * GET /api/v1/payments as an integration calls it: the newest page, by status, by currency, the
 * last 30 days, an order number, and pages 2 to 5 by cursor (each from the previous page).
 */
export async function measureApiPaymentsList(
  app: FastifyInstance,
  db: Db,
  merchantId: string,
  runs: number,
  now: number,
): Promise<Timing> {
  const keys = await benchKeys(db, merchantId);
  const [order] = rowsOf<{ merchant_order_no: string }>(
    await db.execute(sql`
    SELECT merchant_order_no FROM payments WHERE merchant_id = ${merchantId} ORDER BY created_at DESC OFFSET 5000 LIMIT 1`),
  );
  const url = `${MERCHANT_API_PREFIX}${MERCHANT_API_PATHS.payments}`;
  let callNo = 0;
  const get = async (query: Record<string, string>): Promise<ApiList> => {
    const res = await app.inject({
      method: 'GET',
      url,
      query,
      headers: { authorization: `Bearer ${keys[callNo++ % keys.length]}` },
    });
    if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return res.json() as ApiList;
  };
  const firstPages: Record<string, string>[] = [
    { limit: '20' },
    { limit: '20', status: 'SUCCESS' },
    { limit: '20', currency: 'EUR' },
    { limit: '20', createdFrom: new Date(now - 30 * DAY).toISOString(), createdTo: new Date(now).toISOString() },
    ...(order ? [{ limit: '20', merchantOrderNo: order.merchant_order_no }] : []),
  ];
  const samples: number[] = [];
  const timed = async (query: Record<string, string>) => {
    const start = performance.now();
    const page = await get(query);
    samples.push(performance.now() - start);
    return page;
  };
  // Warm-up, then a first page of each kind, then pages 2–5 by cursor, in turn until `runs` calls are timed.
  for (const q of firstPages) await get(q);
  for (let i = 0; samples.length < runs; i++) {
    const q = firstPages[i % firstPages.length];
    let page = await timed(q);
    for (let p = 2; p <= 5 && page.hasMore && page.nextCursor && samples.length < runs; p++)
      page = await timed({ ...q, starting_after: page.nextCursor });
  }
  return percentiles(samples);
}

export interface WebhookThroughput {
  events: number;
  seconds: number;
  perSecond: number;
  /** The receiver got every event once, in the order of the endpoint's deliveries. */
  inOrder: boolean;
  duplicates: number;
}

/**
 * `events` events emitted through the outbox in transactions of 100 (as a busy merchant's payments
 * would emit them), delivered to one endpoint on a local receiver; timed from the first emit until the
 * receiver has them all.
 */
export async function measureWebhookThroughput(
  app: FastifyInstance,
  db: Db,
  merchantId: string,
  events: number,
): Promise<WebhookThroughput> {
  const receiver = await startReceiver();
  const endpointId = newId('we_');
  try {
    await db.execute(sql`
      INSERT INTO webhook_endpoints (id, merchant_id, url, event_types, secret)
      VALUES (${endpointId}, ${merchantId}, ${receiver.url}, ARRAY['payment.succeeded'], ${sealSigningSecret(app.database.secrets, endpointId, 'whsec_' + Buffer.from(newId('s')).toString('base64'))})`);
    const object = { id: 'bench', object: 'payment', amount: 1000, currency: 'EUR', status: 'SUCCESS' };
    const start = performance.now();
    for (let sent = 0; sent < events; sent += 100) {
      await db.transaction(async (tx) => {
        for (let i = sent; i < Math.min(events, sent + 100); i++) {
          await emitWebhookEvent(tx, app.jobs, {
            merchantId,
            type: 'payment.succeeded',
            objectId: `bench-${i}`,
            object: { ...object, id: `bench-${i}` },
          });
        }
      });
    }
    const deadline = Date.now() + 10 * 60_000;
    while (receiver.received.length < events && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const seconds = (performance.now() - start) / 1000;
    const expected = rowsOf<{ event_id: string }>(
      await db.execute(sql`SELECT event_id FROM webhook_deliveries WHERE endpoint_id = ${endpointId} ORDER BY seq`),
    ).map((r) => r.event_id);
    const got = receiver.received.map((r) => r.headers['webhook-id']);
    return {
      events: receiver.received.length,
      seconds,
      perSecond: receiver.received.length / seconds,
      inOrder: got.length === expected.length && got.every((id, i) => id === expected[i]),
      duplicates: got.length - new Set(got).size,
    };
  } finally {
    await receiver.close();
    // The bench endpoint goes; its events stay (the merchant's outbox history), as a real merchant's would.
    await db.execute(sql`UPDATE webhook_endpoints SET enabled = false WHERE id = ${endpointId}`);
  }
}
