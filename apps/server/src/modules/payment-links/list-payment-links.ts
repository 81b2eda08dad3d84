import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import type {
  ListPaymentLinksQuery,
  PaymentLinkRecord,
  PaymentLinkSort,
  PaymentLinkStatus,
} from '@mbo/contracts/payment-links';
import type { DbOrTx } from '../../db/client';
import { paymentLinks } from '../../db/payments-schema';
import { toRecord } from './link-record';
import { escapeLike } from '../../lib/list-where';
import { createdRangeConditions } from '../../lib/date-range';

/** The condition for one status as shown: EXPIRED includes ACTIVE links past their expiry. */
function statusCondition(status: PaymentLinkStatus, now: Date): SQL {
  switch (status) {
    case 'ACTIVE':
      return and(eq(paymentLinks.status, 'ACTIVE'), sql`${paymentLinks.expiresAt} > ${now.toISOString()}`)!;
    case 'EXPIRED':
      return or(
        eq(paymentLinks.status, 'EXPIRED'),
        and(eq(paymentLinks.status, 'ACTIVE'), sql`${paymentLinks.expiresAt} <= ${now.toISOString()}`),
      )!;
    default:
      return eq(paymentLinks.status, status);
  }
}

const ORDER: Record<PaymentLinkSort, SQL[]> = {
  'createdAt:desc': [desc(paymentLinks.createdAt), desc(paymentLinks.id)],
  'createdAt:asc': [asc(paymentLinks.createdAt), asc(paymentLinks.id)],
  'expiresAt:asc': [asc(paymentLinks.expiresAt), asc(paymentLinks.id)],
  'amount:desc': [desc(paymentLinks.amount), desc(paymentLinks.id)],
  'amount:asc': [asc(paymentLinks.amount), asc(paymentLinks.id)],
};

/** A page of the merchant's payment links; every condition is scoped to the merchant. */
export async function listPaymentLinks(
  db: DbOrTx,
  merchantId: string,
  query: ListPaymentLinksQuery,
  publicUrl: string,
): Promise<Page<PaymentLinkRecord>> {
  const now = new Date();
  const where: SQL[] = [eq(paymentLinks.merchantId, merchantId)];
  if (query.status?.length) where.push(or(...query.status.map((s) => statusCondition(s, now)))!);
  if (query.keyword) {
    const escaped = escapeLike(query.keyword);
    where.push(
      or(sql`${paymentLinks.id} ILIKE ${`${escaped}%`}`, sql`${paymentLinks.description} ILIKE ${`%${escaped}%`}`)!,
    );
  }
  where.push(...createdRangeConditions(sql`${paymentLinks.createdAt}`, query));
  const condition = and(...where);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(paymentLinks).where(condition),
    db
      .select()
      .from(paymentLinks)
      .where(condition)
      .orderBy(...ORDER[query.sort])
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
  ]);
  return { total, records: rows.map((r) => toRecord(r, publicUrl, now)) };
}
