import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  apiDisputeSchema,
  apiPaymentLinkSchema,
  apiPaymentSchema,
  apiPayoutSchema,
  apiRefundSchema,
  apiSettlementSchema,
  apiSubscriptionSchema,
} from '@mbo/contracts/merchant-api-schemas';
import type { DbOrTx } from '../../db/client';
import { paymentLinks } from '../../db/payments-schema';
import { computed, typedRows } from '../../db/typed-rows';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  apiDispute,
  apiPayment,
  apiPaymentLink,
  apiPayout,
  apiRefund,
  apiSettlement,
  apiSubscription,
} from './api-objects';

type Loader = (db: DbOrTx, merchantId: string, id: string) => Promise<{ id: string; object: string } | null>;

/**
 * The loaders webhook events and the API share: each object of its merchant, as its schema says; another merchant's is
 * null.
 */
describe('merchant API objects', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const cases: [table: string, object: string, load: Loader, schema: z.ZodType][] = [
    ['payments', 'payment', apiPayment, apiPaymentSchema],
    ['refunds', 'refund', apiRefund, apiRefundSchema],
    [
      'payment_links',
      'payment_link',
      (db, m, id) => apiPaymentLink(db, m, id, 'https://mbo.example'),
      apiPaymentLinkSchema,
    ],
    ['disputes', 'dispute', apiDispute, apiDisputeSchema],
    ['settlements', 'settlement', apiSettlement, apiSettlementSchema],
    ['payouts', 'payout', apiPayout, apiPayoutSchema],
    ['agreements', 'subscription', apiSubscription, apiSubscriptionSchema],
  ];

  it.each(cases)(
    'loads %s as "%s" objects matching the schema, scoped to the merchant',
    async (table, object, load, schema) => {
      // Any of the tables: the ids and merchants read as text.
      const rows = await typedRows(
        t.database.db,
        { id: computed(String), merchant_id: computed(String) },
        sql`SELECT id, merchant_id FROM ${sql.raw(table)} ORDER BY created_at DESC LIMIT 25`,
      );
      expect(rows.length, `demo ${table}`).toBeGreaterThan(0);
      for (const row of rows) {
        const loaded = await load(t.database.db, row.merchant_id, row.id);
        expect(loaded, row.id).toMatchObject({ id: row.id, object });
        // The zod serializer checks every answer against the schema: a mapping that strays would be a 500.
        expect(schema.safeParse(loaded).error, row.id).toBeUndefined();
        const other = row.merchant_id === 'M2000001' ? 'M1000001' : 'M2000001';
        expect(await load(t.database.db, other, row.id), `${row.id} for ${other}`).toBeNull();
      }
      expect(await load(t.database.db, rows[0].merchant_id, 'NO_SUCH_ID')).toBeNull();
    },
  );

  it("shows a payment link's checkout URL and its effective status", async () => {
    const [link] = await typedRows(
      t.database.db,
      { id: paymentLinks.id },
      sql`
      UPDATE payment_links SET expires_at = now() - interval '1 day', status = 'ACTIVE'
       WHERE id = (SELECT id FROM payment_links WHERE merchant_id = 'M1000001' LIMIT 1) RETURNING id`,
    );
    expect(await apiPaymentLink(t.database.db, 'M1000001', link.id, 'https://mbo.example')).toMatchObject({
      url: `https://mbo.example/pay/${link.id}`,
      status: 'EXPIRED',
    });
  });
});
