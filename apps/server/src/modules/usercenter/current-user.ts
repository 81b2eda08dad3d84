import { eq } from 'drizzle-orm';
import { isLocale } from '@mbo/contracts/locale';
import type { CurrentUser, MerchantProduct, ThemeChoice } from '@mbo/contracts/usercenter';
import type { Db } from '../../db/client';
import { merchants, users } from '../../db/schema';
import type { AuthContext } from '../../plugins/session-store';

/** @reads merchants, users (tables other modules own: db/table-owners.ts) */

export async function currentUser(db: Db, auth: AuthContext): Promise<CurrentUser> {
  const [user] = await db.select().from(users).where(eq(users.id, auth.userId)).limit(1);
  const rows = await db.select().from(merchants).where(eq(merchants.id, auth.homeMerchantId));
  const home = rows[0];
  const [active] =
    auth.merchantId === home.id ? [home] : await db.select().from(merchants).where(eq(merchants.id, auth.merchantId));
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    roleCode: auth.roleCode,
    roleName: auth.roleName,
    homeMerchantId: home.id,
    homeMerchantName: home.name,
    merchantId: active.id,
    merchantName: active.name,
    merchantSignProducts: active.signProduct as MerchantProduct,
    timeZone: active.timeZone,
    forceResetPassword: user.forceReset,
    lastLoginTime: user.lastLoginAt?.toISOString() ?? null,
    twoFactorEnabled: user.totpEnabledAt !== null,
    twoFactorSetupRequired: auth.twoFactorSetupRequired,
    // The column's CHECK (migration 0030) holds it to these three.
    theme: user.theme as ThemeChoice,
    // The column's CHECK (migration 0034) holds it to the product's languages, or null (no choice yet).
    locale: isLocale(user.locale) ? user.locale : null,
  };
}
