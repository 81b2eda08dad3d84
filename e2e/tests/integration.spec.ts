import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { E2E_BASE } from '../support/env';
import { signedInAs } from '../support/fixtures';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A merchant's webhook receiver on loopback: every request kept, answered 200. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test('create an API key, call the API with it, add a webhook endpoint, pay a link and see the signed delivery in the log', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    await signedInAs(page, 'owner@demo.test', 'settings/integration');
    await expect(page.getByRole('heading', { name: 'Integration' })).toBeVisible();

    // A key: its secret is shown once.
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByRole('button', { name: 'Create key' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create API key' });
    await createDialog.getByLabel('Name').fill('E2E server');
    await createDialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
    await expect(shown.getByText("You won't see it again")).toBeVisible();
    const secret = (await shown.getByLabel('API key').textContent())!.trim();
    expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    await shown.getByRole('checkbox', { name: /I have copied the key/ }).check();
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    // Its row shows the visible prefix (the first 12 characters) beside its name.
    await expect(keys.getByRole('row').filter({ hasText: secret.slice(0, 12) })).toContainText('E2E server');

    // The API with that key, from outside the browser: a payment link, then the payments list.
    const auth = { authorization: `Bearer ${secret}` };
    const created = await fetch(`${E2E_BASE}/api/v1/payment_links`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: '19.90',
        currency: 'EUR',
        description: 'E2E API poster',
        reusable: false,
        expiresInDays: 7,
      }),
    });
    expect(created.status).toBe(200);
    const link = (await created.json()) as { id: string; object: string; url: string };
    expect(link.object).toBe('payment_link');
    const payments = await fetch(`${E2E_BASE}/api/v1/payments?limit=1`, { headers: auth });
    expect(payments.status).toBe(200);
    expect(((await payments.json()) as { object: string }).object).toBe('list');
    // The session cookie is no key.
    expect((await fetch(`${E2E_BASE}/api/v1/payments`)).status).toBe(401);

    // A webhook endpoint at the local receiver, for successful payments.
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const endpointDialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await endpointDialog.getByLabel('Endpoint URL').fill(receiver.url);
    await endpointDialog.getByRole('checkbox', { name: /payment\.succeeded/ }).check();
    await endpointDialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(endpointDialog).toBeHidden();
    // The new endpoint opens, with its secret and its delivery log.
    await expect(page.getByRole('region', { name: 'Endpoint' })).toContainText(receiver.url);
    await page.getByRole('button', { name: 'Reveal' }).click();
    // The revealed value, once the server has answered (until then only "Signing secret, hidden" shows its dots).
    const revealed = page.getByLabel('signing secret', { exact: true });
    await expect(revealed).toHaveText(/^whsec_[A-Za-z0-9+/]+=*$/);
    const signingSecret = (await revealed.textContent())!.trim();

    // The customer pays the link on the hosted page.
    const customer = await context.browser()!.newContext();
    const checkout = await customer.newPage();
    await checkout.goto(link.url);
    await checkout.getByLabel('Email').fill('api.buyer@example.com');
    await checkout.getByLabel('Name on card').fill('Api Buyer');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: 'Pay €19.90' }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    const paymentId = (await checkout.getByTestId('payment-id').textContent())!.trim();
    await customer.close();

    // The receiver gets payment.succeeded once, signed per Standard Webhooks with the endpoint's secret.
    // (Only this payment's: tests in another worker pay Demo Store's links meanwhile, and the endpoint gets theirs
    // too.)
    const deliveriesOfThisPayment = () => receiver.received.filter((r) => r.body.includes(paymentId));
    // Waits for the server's delivery job.
    await expect.poll(() => deliveriesOfThisPayment().length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [delivery] = deliveriesOfThisPayment();
    const event = new Webhook(signingSecret).verify(delivery.body, delivery.headers) as {
      id: string;
      type: string;
      data: { object: { id: string; status: string } };
    };
    expect(event.type).toBe('payment.succeeded');
    expect(event.data.object).toMatchObject({ id: paymentId, status: 'SUCCESS' });
    expect(delivery.headers['webhook-id']).toBe(event.id);

    // The delivery log shows it delivered, with its attempt (searched by its event id, among the other payments'
    // deliveries).
    const log = page.getByRole('region', { name: 'Delivery log' });
    await page.getByLabel('Search deliveries').fill(event.id);
    await page.getByLabel('Search deliveries').press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${event.id}`));
    // Reloaded until the server has recorded the answer (the delivery job writes it after the receiver's 200).
    await expect(async () => {
      await page.reload();
      await expect(log.getByRole('row').filter({ hasText: 'payment.succeeded' }).first()).toContainText('Succeeded', {
        timeout: 2000,
      });
    }).toPass({ timeout: 20_000 });
    await log.getByRole('row').filter({ hasText: 'payment.succeeded' }).first().click();
    const drawer = page.getByRole('dialog').filter({ hasText: event.id });
    await expect(drawer.getByText('Attempt 1')).toBeVisible();
    await expect(drawer).toContainText('200');
    expect(deliveriesOfThisPayment()).toHaveLength(1);
  } finally {
    await receiver.close();
  }
});
