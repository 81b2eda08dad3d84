import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import type {
  ListPayinServicesQuery,
  PayinServiceRecord,
  PayinServiceSort,
  PayinServiceStatus,
  UserFeeConfig,
} from '@mbo/contracts/payin-services';
import type { DbOrTx } from '../../db/client';
import { payinServices } from '../../db/payments-schema';
import { escapeLike } from '../../lib/list-where';
import { createdRangeConditions } from '../../lib/date-range';

type ServiceRow = typeof payinServices.$inferSelect;

export function toPayinServiceRecord(row: ServiceRow): PayinServiceRecord {
  return {
    serviceId: row.id,
    country: row.country,
    payMethodType: row.payMethodType,
    payMethodName: row.payMethodName,
    currency: row.currency,
    fee: {
      percentBps: row.feePercentBps,
      fixedMinor: row.feeFixedMinor,
      minimumMinor: row.feeMinimumMinor,
      currency: row.currency,
    },
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    settlementCycleDays: row.settlementCycleDays,
    cutoffTime: row.cutoffTime,
    timeZone: row.timeZone,
    settlementCountry: row.settlementCountry,
    status: row.status as PayinServiceStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every sort ends on the id, so pages never overlap. */
const ORDER: Record<PayinServiceSort, SQL[]> = {
  'country:asc': [
    asc(payinServices.country),
    asc(payinServices.payMethodName),
    asc(payinServices.currency),
    asc(payinServices.id),
  ],
  'country:desc': [
    desc(payinServices.country),
    asc(payinServices.payMethodName),
    asc(payinServices.currency),
    asc(payinServices.id),
  ],
  'payMethodName:asc': [
    asc(payinServices.payMethodName),
    asc(payinServices.currency),
    asc(payinServices.country),
    asc(payinServices.id),
  ],
  'payMethodName:desc': [
    desc(payinServices.payMethodName),
    asc(payinServices.currency),
    asc(payinServices.country),
    asc(payinServices.id),
  ],
  'currency:asc': [
    asc(payinServices.currency),
    asc(payinServices.payMethodName),
    asc(payinServices.country),
    asc(payinServices.id),
  ],
  'currency:desc': [
    desc(payinServices.currency),
    asc(payinServices.payMethodName),
    asc(payinServices.country),
    asc(payinServices.id),
  ],
  'createdAt:desc': [desc(payinServices.createdAt), desc(payinServices.id)],
  'createdAt:asc': [asc(payinServices.createdAt), asc(payinServices.id)],
};

/** A prefix pattern for LIKE, its wildcards escaped. */
const prefix = (text: string) => `${escapeLike(text)}%`;

/**
 * A page of the merchant's pay-in services (Services → Pay-in services), every condition scoped to the
 * merchant. The keyword is a prefix of the service id or of the method name, in any case.
 */
export async function listPayinServices(
  db: DbOrTx,
  merchantId: string,
  query: ListPayinServicesQuery,
): Promise<Page<PayinServiceRecord>> {
  const where: (SQL | undefined)[] = [eq(payinServices.merchantId, merchantId)];
  if (query.status?.length) where.push(inArray(payinServices.status, query.status));
  if (query.country) where.push(eq(payinServices.country, query.country.toUpperCase()));
  if (query.payMethodType) where.push(eq(payinServices.payMethodType, query.payMethodType));
  if (query.payMethodName) where.push(eq(payinServices.payMethodName, query.payMethodName));
  if (query.currency) where.push(eq(payinServices.currency, query.currency));
  if (query.keyword) {
    const pattern = prefix(query.keyword);
    where.push(or(sql`${payinServices.id} ILIKE ${pattern}`, sql`${payinServices.payMethodName} ILIKE ${pattern}`));
  }
  where.push(...createdRangeConditions(sql`${payinServices.createdAt}`, query));
  const condition = and(...where);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(payinServices).where(condition),
    db
      .select()
      .from(payinServices)
      .where(condition)
      .orderBy(...ORDER[query.sort])
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
  ]);
  return { total, records: rows.map(toPayinServiceRecord) };
}

/**
 * GET user-fee/config: the fee rule of each of the merchant's services, active and suspended, in the list's default
 * order.
 */
export async function userFeeConfig(db: DbOrTx, merchantId: string): Promise<UserFeeConfig> {
  const rows = await db
    .select()
    .from(payinServices)
    .where(eq(payinServices.merchantId, merchantId))
    .orderBy(...ORDER['country:asc']);
  return {
    merchantId,
    fees: rows.map((row) => {
      const { serviceId, country, payMethodType, payMethodName, currency, fee, status } = toPayinServiceRecord(row);
      return { serviceId, country, payMethodType, payMethodName, currency, fee, status };
    }),
  };
}
