/**
 * Smoke, the platform around the money: the paths a user of `npm start` takes through the HTTP API as
 * the demo users — signing in and out, inviting a team member (the mail through the harness's real SMTP
 * server), a report built by its job and downloaded, and the integration settings: an API key calling
 * the merchant API, whose payment reaches a real webhook receiver signed. One `it` per domain, on one
 * database: run on the embedded database (PGlite, project `server-embedded`) in every CI run, on PostgreSQL
 * (project `server`), and through PgBouncer in transaction mode (pooler.topology.test.ts): the body is this
 * function, which each of those files calls with the way it starts the server. Background work runs through
 * `app.jobs.drain()` (no sleeps).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { ACCOUNT_PATHS } from '@mbo/contracts/account';
import { INTEGRATION_PATHS, type ApiKeyList, type WebhookEndpointRecord } from '@mbo/contracts/integration';
import { formatAmount } from '@mbo/contracts/money';
import { PAYMENT_LINK_PATHS, TEST_CARDS } from '@mbo/contracts/payment-links';
import { PAYMENT_PATHS, type PaymentRecord } from '@mbo/contracts/payments';
import { REPORT_PATHS, type ExportRecord } from '@mbo/contracts/reports';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { call, cookieOf, createTestApp, loginAs, type TestApp } from '../test/harness';
import { createKey } from '../modules/api-keys/api-key-test-helpers';
import { api } from '../modules/merchant-api/api-test-helpers';
import { brokenAccounts, unbalancedTransactions } from '../modules/payments/test-payments';
import { parseCsv, waitForExport } from '../modules/reports/reports-test-helpers';
import { teamClient } from '../modules/team/team-test-helpers';
import { startReceiver, type TestReceiver } from '../modules/webhooks/test-receiver';
import { ok, payOnCheckout, type StartApp } from './smoke-client';

const DAY = 86_400_000;

interface MenuNode {
  menuUrl: string;
  childMenus: MenuNode[];
}
const menuUrls = (menus: MenuNode[]): string[] => menus.flatMap((m) => [m.menuUrl, ...menuUrls(m.childMenus)]);

export function platformSmoke(startApp: StartApp = createTestApp): void {
  describe('smoke: the platform (auth, team, reports, integration)', () => {
    let t: TestApp;
    let owner: string;
    let receiver: TestReceiver | undefined;
    const get = (url: string, query?: Record<string, string>, cookie = owner) =>
      call(t.app, 'GET', url, { cookie, query });
    const post = (url: string, payload: unknown, cookie = owner) => call(t.app, 'POST', url, { cookie, payload });

    beforeAll(async () => {
      // A long delivery deadline: on PGlite (in-process) a burst of queries can hold the event loop for seconds.
      t = await startApp({ config: { webhookAllowHttpLocalhost: true, webhookTimeoutMs: 30_000 } });
      owner = await loginAs(t.app, 'owner@demo.test');
    });
    afterAll(async () => {
      await receiver?.close();
      await t?.close();
    });

    it('auth: the viewer signs in, sees who they are and their menu, and logging out ends the session', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: USERCENTER_PATHS.login,
        payload: { email: 'viewer@demo.test', password: 'Merchant#2026' },
      });
      expect(res.json()).toMatchObject({ code: '000000', data: { forceResetPassword: false } });
      const viewer = cookieOf(res);
      expect(viewer).toMatch(/mbo_sid=/);

      expect(ok(await get(USERCENTER_PATHS.currentUser, undefined, viewer))).toMatchObject({
        email: 'viewer@demo.test',
        roleCode: 'VIEWER',
        merchantId: 'M1000001',
        merchantName: 'Demo Store',
        merchantSignProducts: 'DIRECT_PAYMENT',
      });
      const urls = menuUrls(ok<MenuNode[]>(await get(USERCENTER_PATHS.menuList, undefined, viewer)));
      expect(urls).toEqual(expect.arrayContaining(['/transactions/payments', '/account/balance']));
      expect(urls).not.toContain('/settings/team');
      // A viewer reads and changes nothing.
      expect(ok<{ total: number }>(await post(PAYMENT_PATHS.list, {}, viewer)).total).toBeGreaterThan(0);
      expect(
        (
          await post(
            PAYMENT_LINK_PATHS.create,
            { amount: '1.00', currency: 'EUR', description: 'x', reusable: false, expiresInDays: 1 },
            viewer,
          )
        ).status,
      ).toBe(430);

      expect((await post(USERCENTER_PATHS.logout, {}, viewer)).body.code).toBe('000000');
      expect((await get(USERCENTER_PATHS.currentUser, undefined, viewer)).status).toBe(431);
      expect((await post(PAYMENT_PATHS.list, {}, viewer)).status).toBe(431);
    });

    it('team: the owner invites a member, the invitation arrives over SMTP, the member sets a password and signs in', async () => {
      const team = teamClient(t);
      const email = 'smoke.finance@example.com';
      const since = t.smtp.messages.length;
      // Invite (as the owner), the register_password link from the mail the SMTP server got, the password set, a login.
      const member = await team.addMember(owner, email, 'FINANCE');
      const mails = t.smtp.messages.slice(since).filter((m) => m.to === email);
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toMatch(/https?:\/\/\S+register_password\S*token=/);

      expect(ok(await get(USERCENTER_PATHS.currentUser, undefined, member.cookie))).toMatchObject({
        email,
        roleCode: 'FINANCE',
        merchantId: 'M1000001',
      });
      // The new finance member works at once: the balances of Demo Store.
      expect(ok<unknown[]>(await get(ACCOUNT_PATHS.balances, undefined, member.cookie)).length).toBeGreaterThan(0);
      const members = ok<{ records: { email: string; status: string; roleCode: string }[] }>(
        await team.members(owner, { keyword: email }),
      );
      expect(members.records).toEqual([expect.objectContaining({ email, status: 'ACTIVE', roleCode: 'FINANCE' })]);
    });

    it('reports: the owner exports a week of EUR payments, the job builds it, the download has the rows the list shows', async () => {
      const range = { createdFrom: new Date(Date.now() - 7 * DAY).toISOString(), createdTo: new Date().toISOString() };
      const filters = { currency: 'EUR' };
      const created = ok<ExportRecord>(
        await post(REPORT_PATHS.create, {
          type: 'PAYMENTS',
          format: 'CSV',
          timeZone: 'UTC',
          ...range,
          filters,
          columns: ['paymentId', 'status', 'amount', 'fee', 'currency'],
        }),
      );
      expect(['QUEUED', 'RUNNING', 'SUCCESS']).toContain(created.status);

      // Built by its job (the helper reads the detail whenever the job queue has nothing left to run).
      const done: ExportRecord = await waitForExport(t.app, owner, created.exportId);
      expect(done).toMatchObject({ status: 'SUCCESS', progress: 100, error: null });
      expect(ok<{ records: ExportRecord[] }>(await post(REPORT_PATHS.list, {})).records[0]).toMatchObject({
        exportId: created.exportId,
        status: 'SUCCESS',
      });

      const file = await t.app.inject({
        method: 'GET',
        url: REPORT_PATHS.download,
        query: { exportId: created.exportId },
        headers: { cookie: owner },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="payments_\d{8}_\d{6}\.csv"/);
      const [header, ...rows] = parseCsv(file.rawPayload.toString('utf8').replace(/^\uFEFF/, ''));
      expect(header).toEqual(['Payment ID', 'Status', 'Amount', 'Fee', 'Currency']);

      // The list with the same filters, every page.
      const listed: PaymentRecord[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const page = ok<{ total: number; records: PaymentRecord[] }>(
          await post(PAYMENT_PATHS.list, { ...range, ...filters, pageNum, pageSize: 200 }),
        );
        listed.push(...page.records);
        if (listed.length >= page.total || page.records.length === 0) break;
      }
      expect(listed.length).toBeGreaterThan(0);
      expect(done.totalRows).toBe(listed.length);
      expect(rows).toEqual(
        listed.map((p) => [p.paymentId, p.status, formatAmount(p.amount, 'EUR'), formatAmount(p.fee, 'EUR'), 'EUR']),
      );
    });

    it('integration: an API key calls the merchant API, the payment it asked for reaches a real webhook receiver, signed', async () => {
      receiver = await startReceiver();
      const endpoint = ok<WebhookEndpointRecord>(
        await post(INTEGRATION_PATHS.createEndpoint, { url: receiver.url, eventTypes: ['payment.succeeded'] }),
      );
      const { secret } = ok<{ secret: string }>(
        await post(INTEGRATION_PATHS.endpointSecret, { endpointId: endpoint.endpointId }),
      );
      const key = await createKey(t.app, owner, 'Smoke shop');
      expect(key.secret).toMatch(/^sk_test_/);
      const authorization = `Bearer ${key.secret}`;

      // The shop asks for a payment link through the API, and its customer pays it on the hosted checkout.
      const link = await api(t.app, 'POST', '/api/v1/payment_links', {
        authorization,
        payload: {
          amount: '19.00',
          currency: 'EUR',
          description: 'API smoke order',
          reusable: false,
          expiresInDays: 7,
        },
      });
      expect(link).toMatchObject({
        status: 200,
        body: { object: 'payment_link', amount: 1900, currency: 'EUR', status: 'ACTIVE' },
      });
      const { paymentId } = await payOnCheckout(t.app, link.body.id, TEST_CARDS.SUCCESS);
      const payment = await api(t.app, 'GET', `/api/v1/payments/${paymentId}`, { authorization });
      expect(payment).toMatchObject({
        status: 200,
        body: { id: paymentId, object: 'payment', status: 'SUCCESS', amount: 1900, currency: 'EUR' },
      });
      expect((await api(t.app, 'GET', `/api/v1/payment_links/${link.body.id}`, { authorization })).body).toMatchObject({
        status: 'PAID',
        paidCount: 1,
      });
      const keys = ok<ApiKeyList>(await get(INTEGRATION_PATHS.apiKeys));
      expect(keys.records.find((k) => k.keyId === key.key.keyId)?.lastUsedAt).not.toBeNull();

      // The delivery job sends payment.succeeded to the receiver, signed by Standard Webhooks.
      await t.app.jobs.drain();
      const got = receiver.received.find((r) => JSON.parse(r.body).data?.object?.id === paymentId);
      expect(got, `payment.succeeded of ${paymentId} among ${receiver.received.length} deliveries`).toBeDefined();
      const event = new Webhook(secret).verify(got!.body, got!.headers) as {
        id: string;
        type: string;
        data: { object: { id: string; status: string; amount: number } };
      };
      expect(event).toMatchObject({
        id: got!.headers['webhook-id'],
        type: 'payment.succeeded',
        data: { object: { id: paymentId, status: 'SUCCESS', amount: 1900 } },
      });
      const deliveries = ok<{ records: { eventId: string; status: string }[] }>(
        await post(INTEGRATION_PATHS.deliveries, { endpointId: endpoint.endpointId }),
      );
      expect(deliveries.records).toEqual(
        expect.arrayContaining([expect.objectContaining({ eventId: event.id, status: 'SUCCEEDED' })]),
      );
      expect(await unbalancedTransactions(t.database.db)).toEqual([]);
      expect(await brokenAccounts(t.database.db)).toEqual([]);
    });
  });
}
