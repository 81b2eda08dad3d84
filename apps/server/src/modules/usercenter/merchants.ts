import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { MerchantProduct, MerchantSummary } from '@mbo/contracts/usercenter';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { setActiveMerchant, type AuthContext } from '../../plugins/session-store';

/** @reads merchants, user_merchant_access, users (tables other modules own: db/table-owners.ts) */

/**
 * The merchants a user may act for: their own (the parent) and its sub-merchants, all of them or
 * the ones an owner chose for the member (Settings → Team, user_merchant_access).
 */
function accessible(auth: AuthContext): SQL | undefined {
  return or(
    eq(merchants.id, auth.homeMerchantId),
    and(
      eq(merchants.parentId, auth.homeMerchantId),
      sql`(
      (SELECT all_sub_merchants FROM users WHERE id = ${auth.userId})
      OR EXISTS (SELECT 1 FROM user_merchant_access a WHERE a.user_id = ${auth.userId} AND a.merchant_id = ${merchants.id}))`,
    ),
  );
}

export async function accessibleMerchants(db: Db, auth: AuthContext): Promise<MerchantSummary[]> {
  const rows = await db.select().from(merchants).where(accessible(auth)).orderBy(merchants.parentId, merchants.name);
  return rows
    .map((m) => ({
      merchantId: m.id,
      merchantName: m.name,
      merchantSignProducts: m.signProduct as MerchantProduct,
      parentMerchantId: m.id === auth.homeMerchantId ? null : m.parentId,
      current: m.id === auth.merchantId,
    }))
    .sort((a, b) => Number(a.parentMerchantId !== null) - Number(b.parentMerchantId !== null));
}

/** Points the session at another accessible merchant; every later call is scoped to it. */
export async function switchMerchant(
  db: Db,
  auth: AuthContext,
  merchantId: string,
  ip: string,
): Promise<MerchantSummary> {
  const [target] = await db
    .select()
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), accessible(auth)))
    .limit(1);
  if (!target || target.status !== 'ACTIVE') {
    await audit(db, {
      action: 'SWITCH_MERCHANT',
      outcome: 'FAILURE',
      actorUserId: auth.userId,
      actorEmail: auth.email,
      merchantId: auth.merchantId,
      ip,
      targetType: 'MERCHANT',
      targetId: merchantId,
    });
    throw new AppError(ERROR_CODES.MERCHANT_NOT_ACCESSIBLE, {
      msg: 'This merchant does not exist or you have no access to it.',
    });
  }
  await setActiveMerchant(db, auth.sessionId, target.id);
  await audit(db, {
    action: 'SWITCH_MERCHANT',
    outcome: 'SUCCESS',
    actorUserId: auth.userId,
    actorEmail: auth.email,
    merchantId: target.id,
    ip,
    targetType: 'MERCHANT',
    targetId: target.id,
  });
  return {
    merchantId: target.id,
    merchantName: target.name,
    merchantSignProducts: target.signProduct as MerchantProduct,
    parentMerchantId: target.id === auth.homeMerchantId ? null : target.parentId,
    current: true,
  };
}
