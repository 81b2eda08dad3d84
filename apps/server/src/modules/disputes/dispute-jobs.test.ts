import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { disputeFeeOf } from '@mbo/contracts/disputes';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { events, ledgerTransactions, payments } from '../../db/payments-schema';
import { disputes, outboxEmails } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { balanceOf, createPayment, unbalancedTransactions } from '../payments/test-payments';
import { runDisputeDueDates } from './dispute-due-job';
import { openDispute } from './open-dispute';
import { openSandboxDispute } from './sandbox-open-dispute-job';

const DAY = 86_400_000;

/** The sandbox's dispute test card, the due-date job (expiry and reminder) and the dispute mails. */
describe('dispute jobs', () => {
  let t: TestApp;
  let owner: string;
  const db = () => t.database.db;
  const notifier = () => ({ mailer: t.app.mailer, publicUrl: 'https://backoffice.test' });
  const mailsAbout = (disputeId: string) =>
    db()
      .select({ to_address: outboxEmails.toAddress, subject: outboxEmails.subject, text_body: outboxEmails.textBody })
      .from(outboxEmails)
      .where(like(outboxEmails.textBody, `%${disputeId}%`))
      .orderBy(asc(outboxEmails.toAddress));

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxDisputeOpenDelayMs: 600_000 } });
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pays with the dispute test card, then the sandbox opens one chargeback for the whole amount, holds it and mails owners, finance users and the roles with the disputes page', async () => {
    const link = await call(t.app, 'POST', PAYMENT_LINK_PATHS.create, {
      cookie: owner,
      payload: { amount: '80.00', currency: 'EUR', description: 'Lamp', reusable: false, expiresInDays: 7 },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/pay/${link.body.data.linkId}`,
      remoteAddress: '127.88.0.1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'shop.test:8080',
        origin: 'http://shop.test:8080',
      },
      payload: new URLSearchParams({
        email: 'ana@example.com',
        name: 'Ana Customer',
        expiry: '12/39',
        cvc: '123',
        cardNumber: '4000 0000 0000 2685',
      }).toString(),
    });
    expect(res.statusCode).toBeLessThan(400);
    const [payment] = await db()
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(eq(payments.paymentLinkId, link.body.data.linkId));
    expect(payment.status).toBe('SUCCESS');
    // pg-boss's own table, outside the schema: the job's data.paymentId read as text.
    const [job] = await typedRows(
      db(),
      { paymentId: computed(String) },
      sql`SELECT data->>'paymentId' AS "paymentId" FROM pgboss.job WHERE name = 'disputes.sandbox-open' AND data->>'paymentId' = ${payment.id}`,
    );
    expect(job.paymentId).toBe(payment.id);

    const available = await balanceOf(db(), 'M1000001', 'EUR', 'AVAILABLE');
    const pending = await balanceOf(db(), 'M1000001', 'EUR', 'PENDING');
    const reserved = await balanceOf(db(), 'M1000001', 'EUR', 'RESERVED');
    const [id, again] = await Promise.all([
      openSandboxDispute(db(), 'M1000001', payment.id, notifier()),
      openSandboxDispute(db(), 'M1000001', payment.id, notifier()),
    ]);
    const opened = id ?? again;
    expect([id, again].filter(Boolean)).toHaveLength(1);
    expect(await openSandboxDispute(db(), 'M1000001', payment.id, notifier())).toBeNull();
    const [d] = await db()
      .select({ type: disputes.type, status: disputes.status, amount: disputes.amount, reason: disputes.reason })
      .from(disputes)
      .where(eq(disputes.id, opened!));
    expect(d).toEqual({
      type: 'CHARGEBACK',
      status: 'EVIDENCE_REQUIRED',
      amount: 8000,
      reason: 'PRODUCT_NOT_RECEIVED',
    });
    const held = 8_000 + disputeFeeOf('EUR');
    expect(await balanceOf(db(), 'M1000001', 'EUR', 'RESERVED')).toBe(reserved + held);
    expect(
      (await balanceOf(db(), 'M1000001', 'EUR', 'AVAILABLE')) + (await balanceOf(db(), 'M1000001', 'EUR', 'PENDING')),
    ).toBe(available + pending - held);
    const mails = await mailsAbout(opened!);
    // Owners, finance, and the demo's custom Support role (it has the disputes page).
    expect(mails.map((m) => m.to_address)).toEqual(['finance@demo.test', 'owner@demo.test', 'support@demo.test']);
    expect(mails[0].subject).toMatch(/^Chargeback DSP\w+: respond by /);
    expect(mails[0].text_body).toContain(
      `https://backoffice.test/app/transactions/disputes/detail?disputeId=${opened}`,
    );
    expect(mails[0].text_body).toContain('80.00 EUR');
  });

  it('expires disputes past their due date once, debiting the hold, and leaves the others; reminds once two days before', async () => {
    const now = new Date();
    const make = async (dueInDays: number) => {
      const p = await createPayment(db(), {
        merchantId: 'M1000001',
        amount: 5_000,
        currency: 'USD',
        payMethodName: 'VISA',
      });
      return openDispute(db(), {
        merchantId: 'M1000001',
        paymentId: p.id,
        type: 'CUSTOMER_DISPUTE',
        reason: 'GENERAL',
        at: new Date(now.getTime() - 5 * DAY),
        dueAt: new Date(now.getTime() + dueInDays * DAY),
      });
    };
    const overdue = await make(-0.01);
    const tomorrow = await make(1);
    const nextWeek = await make(7);
    const reserved = await balanceOf(db(), 'M1000001', 'USD', 'RESERVED');

    const [first, second] = await Promise.all([
      runDisputeDueDates(db(), { now, notifier: notifier() }),
      runDisputeDueDates(db(), { now, notifier: notifier() }),
    ]);
    expect(first.expired + second.expired).toBeGreaterThanOrEqual(1);
    const statuses = await db()
      .select({
        id: disputes.id,
        status: disputes.status,
        reminder: sql<boolean>`${disputes.reminderSentAt} IS NOT NULL`,
      })
      .from(disputes)
      .where(inArray(disputes.id, [overdue, tomorrow, nextWeek]));
    const of = (id: string) => statuses.find((s) => s.id === id)!;
    expect(of(overdue)).toMatchObject({ status: 'EXPIRED' });
    expect(of(tomorrow)).toMatchObject({ status: 'EVIDENCE_REQUIRED', reminder: true });
    expect(of(nextWeek)).toMatchObject({ status: 'EVIDENCE_REQUIRED', reminder: false });
    expect(await balanceOf(db(), 'M1000001', 'USD', 'RESERVED')).toBe(reserved - 5_000 - disputeFeeOf('USD'));
    const kinds = await db()
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.referenceId, overdue))
      .orderBy(asc(ledgerTransactions.id));
    expect(kinds.map((k) => k.kind)).toEqual(['DISPUTE_HOLD', 'DISPUTE_DEBIT']);
    const [event] = await db()
      .select({ actor: events.actor })
      .from(events)
      .where(and(eq(events.entityId, overdue), eq(events.type, 'EXPIRED')));
    expect(event.actor).toBe('Due date job');

    const reminders = await mailsAbout(tomorrow);
    expect(reminders.map((m) => m.to_address)).toEqual(['finance@demo.test', 'owner@demo.test', 'support@demo.test']);
    expect(reminders[0].subject).toMatch(/^Reminder: /);
    // A third run sends nothing more and expires nothing more.
    expect(await runDisputeDueDates(db(), { now, notifier: notifier() })).toMatchObject({ expired: 0 });
    expect(await mailsAbout(tomorrow)).toHaveLength(3);
    expect(await unbalancedTransactions(db())).toEqual([]);
  });
});
