import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  INTEGRATION_PATHS,
  type ApiKeyList,
  type WebhookDeliveryDetail,
  type WebhookDeliveryRecord,
} from '@mbo/contracts/integration';
import type { Page } from '@mbo/contracts/envelope';
import { refunds } from '../db/payments-schema';
import { auditLog } from '../db/schema';
import { call, createTestApp, loginAs, type TestApp } from '../test/harness';
import { seedDemoIntegration } from './demo-integration';

describe('demo integration data', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives Demo Store a key in use and a revoked one, audited, whose secrets nobody holds', async () => {
    const res = await call(t.app, 'GET', INTEGRATION_PATHS.apiKeys, { cookie: owner });
    const list = res.body.data as ApiKeyList;
    expect(list.merchantId).toBe('M1000001');
    const byName = new Map(list.records.map((k) => [k.name, k]));
    expect(byName.get('Demo Store backend')).toMatchObject({
      mode: 'SANDBOX',
      revokedAt: null,
      lastUsedIp: '203.0.113.40',
      createdByEmail: 'owner@demo.test',
    });
    expect(byName.get('Old staging key')?.revokedAt).not.toBeNull();
    for (const k of list.records) expect(k.prefix).toMatch(/^sk_test_[0-9A-Za-z]{4}$/);
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, 'M1000001'), eq(auditLog.targetType, 'API_KEY')))
      .orderBy(auditLog.at);
    expect(audit.map((a) => a.action)).toEqual(['API_KEY_CREATED', 'API_KEY_CREATED', 'API_KEY_REVOKED']);
  });

  it('with the sandbox receiver: an endpoint there and a delivery history of real objects, one delivered on its second attempt', async () => {
    await seedDemoIntegration(t.database.db, {
      devWebhookUrl: 'http://localhost:8080/dev/webhooks',
      secrets: t.database.secrets,
    });
    const res = await call(t.app, 'POST', INTEGRATION_PATHS.deliveries, { cookie: owner, payload: { pageSize: 50 } });
    expect(res.body.code, res.body.msg).toBe('000000');
    const page = res.body.data as Page<WebhookDeliveryRecord>;
    expect(page.total).toBeGreaterThan(2);
    expect(
      page.records.every((d) => d.status === 'SUCCEEDED' && d.endpointUrl === 'http://localhost:8080/dev/webhooks'),
    ).toBe(true);
    const retried = page.records.filter((d) => d.attempts === 2);
    expect(retried).toHaveLength(1);
    expect(retried[0].eventType).toBe('refund.succeeded');
    const detail = (
      await call(t.app, 'GET', INTEGRATION_PATHS.delivery, {
        cookie: owner,
        query: { deliveryId: retried[0].deliveryId },
      })
    ).body.data as WebhookDeliveryDetail;
    expect(detail.attemptLog.map((a) => a.statusCode)).toEqual([503, 200]);
    const payload = detail.payload as { type: string; data: { object: { id: string; object: string } } };
    expect(payload.data.object.object).toBe('refund');
    // The event carries the refund as the API shows it.
    const [refund] = await t.database.db
      .select({ status: refunds.status })
      .from(refunds)
      .where(eq(refunds.id, payload.data.object.id));
    expect(refund.status).toBe('SUCCESS');
  });
});
