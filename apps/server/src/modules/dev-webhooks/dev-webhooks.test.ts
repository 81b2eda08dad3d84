import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { INTEGRATION_PATHS, type WebhookEndpointRecord } from '@mbo/contracts/integration';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { DEV_WEBHOOKS_PATH } from './routes';

/** The sandbox's own receiver: an endpoint pointed at it gets the product's deliveries, their signatures checked. */
describe('dev webhooks receiver', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { webhookAllowHttpLocalhost: true, devMailbox: true } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('receives a test event sent to an endpoint at /dev/webhooks and shows it with a valid signature', async () => {
    const owner = await loginAs(t.app, 'owner@demo.test');
    const created = await call(t.app, 'POST', INTEGRATION_PATHS.createEndpoint, {
      cookie: owner,
      payload: {
        url: `${base}${DEV_WEBHOOKS_PATH}`,
        eventTypes: ['payment.succeeded'],
        description: 'Sandbox receiver',
      },
    });
    expect(created.body.code, created.body.msg).toBe('000000');
    const endpoint = created.body.data as WebhookEndpointRecord;
    const sent = await call(t.app, 'POST', INTEGRATION_PATHS.sendTestEvent, {
      cookie: owner,
      payload: { endpointId: endpoint.endpointId },
    });
    expect(sent.body.code, sent.body.msg).toBe('000000');
    await t.app.jobs.drain();

    const page = await t.app.inject({ method: 'GET', url: DEV_WEBHOOKS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('webhook.test');
    expect(page.body).toContain('Signature valid');
    expect(page.body).not.toContain('Signature not valid');
  });

  it('marks a body signed with an unknown secret as not valid, and answers nobody but this machine', async () => {
    const body = JSON.stringify({ id: 'evt_0000000000000000X', type: 'payment.succeeded', data: { object: {} } });
    const signature = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).sign(
      'evt_0000000000000000X',
      new Date(),
      body,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: DEV_WEBHOOKS_PATH,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'evt_0000000000000000X',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': signature,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, verified: false });
    expect((await t.app.inject({ method: 'GET', url: DEV_WEBHOOKS_PATH })).body).toContain('Signature not valid');
    expect(
      (await t.app.inject({ method: 'GET', url: DEV_WEBHOOKS_PATH, remoteAddress: '203.0.113.9' })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: DEV_WEBHOOKS_PATH,
          payload: body,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
