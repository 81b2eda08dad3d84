import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_LINK_PATHS, TEST_CARDS } from '@mbo/contracts/payment-links';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payments } from '../../db/payments-schema';
import { computed, typedRows } from '../../db/typed-rows';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { addPayinService } from '../payin-services/test-services';
import { balanceOf, brokenAccounts, unbalancedTransactions } from './test-payments';
import { databaseError } from '../../lib/db-error';

/** The database error of a refused statement, with its constraint name in the message. */
function dbError(err: unknown): { code?: string; message: string } {
  const db = databaseError(err);
  return db ? { code: db.code, message: `${db.message} ${db.constraint ?? ''}` } : { message: String(err) };
}

describe('a fee never exceeds its payment', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('pays a 0.01 CHF link on the hosted checkout: SUCCESS, fee = amount, the ledger balanced (no 500)', async () => {
    // The demo merchant takes no CHF: a Visa service in CHF at 2.90 % + 0.30, without limits.
    await addPayinService(t.database.db, {
      payMethodName: 'VISA',
      currency: 'CHF',
      country: 'CH',
      settlementCountry: 'CH',
      feeFixedMinor: 30,
    });
    const created = await call(t.app, 'POST', PAYMENT_LINK_PATHS.create, {
      cookie: owner,
      payload: { amount: '0.01', currency: 'CHF', description: 'A sticker', reusable: false, expiresInDays: 1 },
    });
    expect(created.body.code).toBe('000000');
    const linkId: string = created.body.data.linkId;
    const pendingBefore = await balanceOf(t.database.db, 'M1000001', 'CHF', 'PENDING');
    const feesBefore = await balanceOf(t.database.db, 'M1000001', 'CHF', 'FEES');

    const res = await t.app.inject({
      method: 'POST',
      url: `/pay/${linkId}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'shop.test:8080',
        origin: 'http://shop.test:8080',
      },
      payload: new URLSearchParams({
        email: 'ana@example.com',
        name: 'Ana Customer',
        cardNumber: TEST_CARDS.SUCCESS,
        expiry: '12/39',
        cvc: '123',
      }).toString(),
    });
    expect(res.statusCode).toBe(303);

    const [payment] = await t.database.db
      .select({ id: payments.id, amount: payments.amount, fee: payments.fee, status: payments.status })
      .from(payments)
      .where(eq(payments.paymentLinkId, linkId));
    expect(res.headers.location).toBe(`/pay/${linkId}/payments/${payment.id}`);
    expect(payment.status).toBe('SUCCESS');
    expect(Number(payment.amount)).toBe(1);
    expect(Number(payment.fee)).toBe(1);

    // Captured: 0.01 into pending and straight out again as the fee; nothing left unbalanced or negative.
    const lt = ledgerTransactions;
    const entries = (
      await t.database.db
        .select({ type: ledgerAccounts.type, amount: ledgerEntries.amount })
        .from(lt)
        .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, lt.id))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(and(eq(lt.referenceType, 'PAYMENT'), eq(lt.referenceId, payment.id), eq(lt.kind, 'CAPTURE')))
        .orderBy(ledgerEntries.id)
    ).map((e) => [e.type, Number(e.amount)]);
    expect(entries).toEqual([
      ['CLEARING', -1],
      ['PENDING', 1],
      ['PENDING', -1],
      ['FEES', 1],
    ]);
    expect(await balanceOf(t.database.db, 'M1000001', 'CHF', 'PENDING')).toBe(pendingBefore);
    expect(await balanceOf(t.database.db, 'M1000001', 'CHF', 'FEES')).toBe(feesBefore + 1);
    expect(await unbalancedTransactions(t.database.db)).toEqual([]);
    expect(await brokenAccounts(t.database.db)).toEqual([]);

    const page = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Payment successful');
  });

  it('the database refuses a payment whose fee is above its amount (CHECK payments_fee_within_amount)', async () => {
    const insert = (id: string, amount: number, fee: number) =>
      t.database.db.execute(sql`
        INSERT INTO payments (id, merchant_id, merchant_order_no, amount, currency, fee, status, pay_method_type, pay_method_name, country, customer_email, customer_name)
        VALUES (${id}, 'M1000001', ${`ORD-${id}`}, ${amount}, 'CHF', ${fee}, 'SUCCESS', 'CARD', 'VISA', 'CH', 'x@example.com', 'X')`);

    const refused = await insert('PAYFEECHECK1', 1, 30).then(() => null, dbError);
    expect(refused?.code).toBe('23514');
    expect(refused?.message).toContain('payments_fee_within_amount');
    expect(await insert('PAYFEECHECK2', 1, -1).then(() => null, dbError)).toMatchObject({ code: '23514' });

    // The boundary is allowed, and an update cannot break the rule afterwards.
    await insert('PAYFEECHECK3', 1, 1);
    const update = await t.database.db
      .execute(sql`UPDATE payments SET fee = 2 WHERE id = 'PAYFEECHECK3'`)
      .then(() => null, dbError);
    expect(update).toMatchObject({ code: '23514' });
    expect(update?.message).toContain('payments_fee_within_amount');

    // Validated, not merely NOT VALID: every existing row meets it (the demo data included).
    const [constraint] = await typedRows(
      t.database.db,
      { convalidated: computed((v) => v === true) },
      sql`SELECT convalidated FROM pg_constraint WHERE conname = 'payments_fee_within_amount' AND conrelid = 'payments'::regclass`,
    );
    expect(constraint).toEqual({ convalidated: true });
  });
});
