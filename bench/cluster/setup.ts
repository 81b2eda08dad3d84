/**
 * What the bench's workload needs in the cluster's database before the load: users for the virtual users (copies of
 * the demo owner: the per-email login limit counts per user), the payments they refund, reusable payment links to pay
 * at the hosted checkout, and a webhook endpoint of Demo Store at the bench's receiver.
 */
import { INTEGRATION_PATHS, WEBHOOK_EVENT_TYPES } from '@mbo/contracts/integration';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo';
import type { ClusterDatabase } from './database';
import { Client, envelopeOf } from './http-client';
import type { WebhookReceiver } from './webhook-receiver';

export const MERCHANT = 'M1000001';
export const OWNER = 'owner@demo.test';

export interface RefundablePayment {
  paymentId: string;
  currency: string;
}

/** Users `bench-vu-N@demo.test` with the owner's role and password. */
export async function createBenchUsers(db: ClusterDatabase, count: number): Promise<string[]> {
  await db.query(
    `INSERT INTO users (merchant_id, email, name, role_code, status, password_hash)
     SELECT merchant_id, 'bench-vu-' || g || '@demo.test', 'Bench user ' || g, role_code, 'ACTIVE', password_hash
       FROM users, generate_series(1, $2::int) AS g WHERE email = $1
     ON CONFLICT (email) DO NOTHING`,
    [OWNER, count],
  );
  return Array.from({ length: count }, (_, i) => `bench-vu-${i + 1}@demo.test`);
}

/** Successful payments of Demo Store that can take a refund of 1.00 (never refunded, not disputed, recent). */
export async function refundablePayments(db: ClusterDatabase): Promise<RefundablePayment[]> {
  const rows = await db.query<{ id: string; currency: string }>(
    `SELECT p.id, p.currency FROM payments p
      WHERE p.merchant_id = $1 AND p.status = 'SUCCESS' AND p.refunded_amount = 0 AND p.dispute_status IS NULL
        AND p.created_at > now() - interval '150 days' AND p.currency IN ('EUR', 'USD', 'GBP') AND p.amount >= 500
        AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id)
      ORDER BY p.created_at DESC`,
    [MERCHANT],
  );
  return rows.map((r) => ({ paymentId: r.id, currency: r.currency }));
}

export async function login(client: Client, email: string, localAddress?: string): Promise<void> {
  const answer = await client.request('POST', USERCENTER_PATHS.login, {
    json: { email, password: DEMO_PASSWORD },
    localAddress,
  });
  if (envelopeOf(answer)?.code !== '000000')
    throw new Error(`login of ${email} answered ${answer.status} ${answer.body.toString().slice(0, 200)}`);
}

async function call<T>(client: Client, path: string, body: unknown): Promise<T> {
  const answer = await client.request('POST', path, { json: body });
  const envelope = envelopeOf<T>(answer);
  if (envelope?.code !== '000000')
    throw new Error(`${path} answered ${answer.status} ${answer.body.toString().slice(0, 300)}`);
  return envelope.data;
}

/** Reusable links of 10.00 EUR (the limit is 60 payment attempts per link in 10 minutes: the load uses several). */
export async function createPaymentLinks(client: Client, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const link = await call<{ linkId: string }>(client, PAYMENT_LINK_PATHS.create, {
      amount: '10.00',
      currency: 'EUR',
      description: `Bench link ${i + 1}`,
      reusable: true,
      expiresInDays: 1,
    });
    ids.push(link.linkId);
  }
  return ids;
}

/** Demo Store's endpoint at the receiver, for every event type; the receiver checks signatures with its secret. */
export async function registerWebhookEndpoint(client: Client, receiver: WebhookReceiver): Promise<string> {
  const endpoint = await call<{ endpointId: string }>(client, INTEGRATION_PATHS.createEndpoint, {
    url: receiver.url,
    description: 'bench:cluster receiver',
    eventTypes: WEBHOOK_EVENT_TYPES,
  });
  const { secret } = await call<{ secret: string }>(client, INTEGRATION_PATHS.endpointSecret, {
    endpointId: endpoint.endpointId,
  });
  receiver.useSecret(secret);
  return endpoint.endpointId;
}
