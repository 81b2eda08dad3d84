import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { APPROVAL_PATHS, type ApprovalRules } from '@mbo/contracts/approvals';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { WebhookEventType } from '@mbo/contracts/integration';
import { PAYOUT_PATHS } from '@mbo/contracts/payouts';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import { webhookDeliveries, webhookEvents } from '../../db/integration-schema';
import { payouts } from '../../db/money-out-schema';
import { typedRows } from '../../db/typed-rows';
import { call, loginAs, type TestApp } from '../../test/harness';
import { sealSigningSecret } from '../webhooks';
import { createDomainEventsApp, domainEventHelpers } from './domain-events-test-helpers';

const GB_PAYOUT = {
  beneficiaryName: 'Jane Cooper',
  country: 'GB',
  currency: 'GBP',
  amount: '12.00',
  method: 'BANK_TRANSFER',
  accountNumber: 'GB29NWBK60161331926819',
  routingCode: '',
  bic: '',
  purpose: 'SUPPLIER',
  reference: 'EVT-1',
};

/**
 * A valid GB IBAN (NWBK sort code 601613) whose last four digits are `suffix` (0003, 0004: refused by the sandbox
 * bank).
 */
function ibanEnding(suffix: string): string {
  const bban = `NWBK6016130000${suffix}`;
  const numeric = `${bban}GB00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of numeric) rest = (rest * 10 + Number(digit)) % 97;
  return `GB${String(98 - rest).padStart(2, '0')}${bban}`;
}

/**
 * The webhook events the domains emit (issue 14), each driven as the product does it (the hosted
 * checkout, the back-office calls, the sandbox processors' jobs) and read back from the outbox
 * (webhook_events): its type, merchant and object as the change's transaction left it. A refused or
 * rolled-back change leaves no event.
 * This file: the payouts' events (the sandbox bank's outcomes, batches in row order, approvers' rejections); the
 * money coming in is in domain-events-pay-in.test.ts.
 */
describe('domain webhook events', () => {
  let t: TestApp;
  let owner: string;
  let payoutUser: string;
  const { db, ok, countOf, expectEvents } = domainEventHelpers(() => ({ t, owner }));
  const payoutsOfBatch = (batchId: string) =>
    db()
      .select({ id: payouts.id, reference: payouts.reference })
      .from(payouts)
      .where(eq(payouts.batchId, batchId))
      .orderBy(asc(payouts.rowNo));
  const objectsInEventOrder = (type: WebhookEventType, objectIds: string[]) =>
    db()
      .select({ object_id: webhookEvents.objectId })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.type, type), inArray(webhookEvents.objectId, objectIds)))
      .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id));
  const withKey = async (url: string, payload: unknown, cookie: string, key: string = randomUUID()) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, [IDEMPOTENCY_HEADER]: key },
      payload: payload as object,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever data a call answers
    return { status: res.statusCode, body: res.json() as { code: string; msg: string; data: any } };
  };

  beforeAll(async () => {
    t = await createDomainEventsApp();
    owner = await loginAs(t.app, 'owner@demo.test');
    payoutUser = await loginAs(t.app, 'payouts@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('payout.created, then payout.paid or payout.failed from the sandbox bank; a replay or a refused payout emits nothing', async () => {
    const key = randomUUID();
    const single = ok<{ payoutId: string }>(await withKey(PAYOUT_PATHS.create, GB_PAYOUT, payoutUser, key));
    // The same key again answers the first payout: no second event.
    expect(ok<{ payoutId: string }>(await withKey(PAYOUT_PATHS.create, GB_PAYOUT, payoutUser, key)).payoutId).toBe(
      single.payoutId,
    );
    const created = await countOf('payout.created', 'M2000001');
    // A bad row: refused, nothing reserved, nothing sent.
    expect((await withKey(PAYOUT_PATHS.create, { ...GB_PAYOUT, amount: '-5' }, payoutUser)).body.code).toBe(
      ERROR_CODES.PAYOUT_ROWS_INVALID,
    );
    expect(await countOf('payout.created', 'M2000001')).toBe(created);
    await t.app.jobs.drain();
    const [, paidEvent] = await expectEvents(single.payoutId, 'M2000001', [
      ['payout.created', 'PENDING'],
      ['payout.paid', 'SUCCESS'],
    ]);
    expect(paidEvent.payload.data.object).toMatchObject({
      bankReference: expect.stringMatching(/^SBX/),
      accountLast4: '6819',
    });
    expect(JSON.stringify(paidEvent.payload)).not.toContain('60161331926819');

    const batch = ok<{ batchId: string }>(
      await withKey(
        PAYOUT_PATHS.submit,
        {
          fileName: 'events.csv',
          rows: [
            { ...GB_PAYOUT, reference: 'EVT-B1' },
            { ...GB_PAYOUT, reference: 'EVT-B2', accountNumber: ibanEnding('0004') },
            { ...GB_PAYOUT, reference: 'EVT-B3' },
          ],
        },
        payoutUser,
      ),
    );
    // drain() also waits for a row's bank step sent to run a moment later.
    await t.app.jobs.drain();
    const rows = await payoutsOfBatch(batch.batchId);
    expect(rows.map((r) => r.reference)).toEqual(['EVT-B1', 'EVT-B2', 'EVT-B3']);
    await expectEvents(rows[0].id, 'M2000001', [
      ['payout.created', 'PENDING'],
      ['payout.paid', 'SUCCESS'],
    ]);
    const [, failedEvent] = await expectEvents(rows[1].id, 'M2000001', [
      ['payout.created', 'PENDING'],
      ['payout.failed', 'FAILED'],
    ]);
    expect(failedEvent.payload.data.object).toMatchObject({
      batchId: batch.batchId,
      failureReason: 'The beneficiary’s name does not match the account.',
    });
    await expectEvents(rows[2].id, 'M2000001', [
      ['payout.created', 'PENDING'],
      ['payout.paid', 'SUCCESS'],
    ]);
  });

  it("a batch's events reach each subscribed endpoint in row order, and replay in it too", async () => {
    const secret = (id: string) => sealSigningSecret(t.database.secrets, id, 'whsec_dGVzdA==');
    await db().execute(sql`
      INSERT INTO webhook_endpoints (id, merchant_id, url, event_types, secret) VALUES
        ('we_domaineventsA0000', 'M2000001', 'https://hooks.invalid/a', ARRAY['payout.created'], ${secret('we_domaineventsA0000')}),
        ('we_domaineventsB0000', 'M2000001', 'https://hooks.invalid/b', ARRAY['payout.created', 'payout.paid'], ${secret('we_domaineventsB0000')}),
        ('we_domaineventsC0000', 'M2000001', 'https://hooks.invalid/c', ARRAY['refund.created'], ${secret('we_domaineventsC0000')})`);
    const references = Array.from({ length: 12 }, (_, i) => `EVT-O${String(i).padStart(2, '0')}`);
    const batch = ok<{ batchId: string }>(
      await withKey(
        PAYOUT_PATHS.submit,
        {
          fileName: 'ordered.csv',
          rows: references.map((reference) => ({ ...GB_PAYOUT, amount: '1.00', reference })),
        },
        payoutUser,
      ),
    );
    const rows = await payoutsOfBatch(batch.batchId);
    const created = await typedRows(
      db(),
      { endpoint_id: webhookDeliveries.endpointId, object_id: webhookEvents.objectId, event_id: webhookEvents.id },
      sql`
      SELECT d.endpoint_id, e.object_id, e.id AS event_id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
       WHERE d.endpoint_id LIKE 'we_domainevents%' AND e.type = 'payout.created' AND d.kind = 'EVENT' ORDER BY d.seq`,
    );
    for (const endpoint of ['we_domaineventsA0000', 'we_domaineventsB0000']) {
      const mine = created.filter((d) => d.endpoint_id === endpoint);
      expect(mine.map((d) => d.object_id)).toEqual(rows.map((r) => r.id));
      expect(mine.map((d) => d.event_id)).toEqual(mine.map((d) => d.event_id).sort());
    }
    expect(created.filter((d) => d.endpoint_id === 'we_domaineventsC0000')).toEqual([]);
    // The events themselves, in the order a replay reads them (created_at, id): the rows' order.
    const replayOrder = await objectsInEventOrder(
      'payout.created',
      rows.map((r) => r.id),
    );
    expect(replayOrder.map((r) => r.object_id)).toEqual(rows.map((r) => r.id));
    await db().execute(sql`UPDATE webhook_endpoints SET enabled = false WHERE id LIKE 'we_domainevents%'`);
  });

  it('payout.cancelled for a payout or each row of a batch an approver rejects, in row order; approved, no such event', async () => {
    await db().execute(sql`
      INSERT INTO users (merchant_id, email, name, role_code, status, password_hash, password_changed_at)
      SELECT 'M2000001', 'events-checker@demo.test', 'Events Checker', 'ADMIN', 'ACTIVE', password_hash, now() FROM users WHERE email = 'owner@demo.test'`);
    const checker = await loginAs(t.app, 'events-checker@demo.test');
    const rules = ok<ApprovalRules>(await call(t.app, 'GET', APPROVAL_PATHS.rules, { cookie: checker }));
    ok(
      await call(t.app, 'POST', APPROVAL_PATHS.updateRules, {
        cookie: checker,
        payload: { thresholds: { GBP: 100_00 } },
      }),
    );
    const decide = (path: string, payload: Record<string, string>) =>
      call(t.app, 'POST', path, { cookie: checker, payload });

    const single = ok<{ payoutId: string; status: string }>(
      await withKey(PAYOUT_PATHS.create, { ...GB_PAYOUT, amount: '150.00', reference: 'EVT-R1' }, payoutUser),
    );
    expect(single.status).toBe('PENDING_APPROVAL');
    ok(await decide(APPROVAL_PATHS.reject, { kind: 'PAYOUT', id: single.payoutId, reason: 'Wrong supplier' }));
    const [, cancelled] = await expectEvents(single.payoutId, 'M2000001', [
      ['payout.created', 'PENDING_APPROVAL'],
      ['payout.cancelled', 'CANCELLED'],
    ]);
    expect(cancelled.payload.data.object).toMatchObject({
      failureReason: 'Rejected by the approver',
      amount: 150_00,
      currency: 'GBP',
    });

    const batch = ok<{ batchId: string }>(
      await withKey(
        PAYOUT_PATHS.submit,
        {
          fileName: 'rejected.csv',
          rows: [1, 2, 3].map((i) => ({ ...GB_PAYOUT, amount: '60.00', reference: `EVT-RB${i}` })),
        },
        payoutUser,
      ),
    );
    ok(await decide(APPROVAL_PATHS.reject, { kind: 'PAYOUT_BATCH', id: batch.batchId }));
    const rows = await payoutsOfBatch(batch.batchId);
    for (const row of rows)
      await expectEvents(row.id, 'M2000001', [
        ['payout.created', 'PENDING_APPROVAL'],
        ['payout.cancelled', 'CANCELLED'],
      ]);
    const order = await objectsInEventOrder(
      'payout.cancelled',
      rows.map((r) => r.id),
    );
    expect(order.map((r) => r.object_id)).toEqual(rows.map((r) => r.id));

    // Approved: on to the bank, no cancellation.
    const approved = ok<{ payoutId: string }>(
      await withKey(PAYOUT_PATHS.create, { ...GB_PAYOUT, amount: '150.00', reference: 'EVT-R2' }, payoutUser),
    );
    ok(await decide(APPROVAL_PATHS.approve, { kind: 'PAYOUT', id: approved.payoutId }));
    await t.app.jobs.drain();
    await expectEvents(approved.payoutId, 'M2000001', [
      ['payout.created', 'PENDING_APPROVAL'],
      ['payout.paid', 'SUCCESS'],
    ]);
    ok(
      await call(t.app, 'POST', APPROVAL_PATHS.updateRules, {
        cookie: checker,
        payload: { thresholds: rules.thresholds },
      }),
    );
  });
});
