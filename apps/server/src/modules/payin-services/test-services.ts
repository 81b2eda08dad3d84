import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payinServices } from '../../db/payments-schema';
import { newId } from '../../lib/ids';

/** Test helpers (only tests import this file): pay-in services a test needs beyond the demo data. */
export type TestService = Partial<typeof payinServices.$inferInsert> &
  Pick<typeof payinServices.$inferInsert, 'payMethodName' | 'currency'>;

/**
 * Adds an ACTIVE card service (2.90 % + 0, no minimum, no limits, T+2, 18:00 Amsterdam) with the given overrides;
 * returns its id.
 */
export async function addPayinService(db: DbOrTx, service: TestService): Promise<string> {
  const id = service.id ?? newId('PIS');
  await db.insert(payinServices).values({
    merchantId: 'M1000001',
    country: 'NL',
    payMethodType: 'CARD',
    feePercentBps: 290,
    feeFixedMinor: 0,
    settlementCycleDays: 2,
    cutoffTime: '18:00',
    timeZone: 'Europe/Amsterdam',
    settlementCountry: 'NL',
    ...service,
    id,
  });
  return id;
}

/** Changes a merchant's services of a method and currency (status, fee parts, limits). */
export async function updatePayinServices(
  db: DbOrTx,
  merchantId: string,
  payMethodName: string,
  currency: string,
  set: Partial<typeof payinServices.$inferInsert>,
) {
  return db
    .update(payinServices)
    .set(set)
    .where(
      and(
        eq(payinServices.merchantId, merchantId),
        eq(payinServices.payMethodName, payMethodName),
        eq(payinServices.currency, currency),
      ),
    )
    .returning({ id: payinServices.id });
}
