import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { MerchantSecurity } from '@mbo/contracts/team';
import type { Db } from '../../db/client';
import { merchants, users } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { setRequireTwoFactor } from '../merchants';
import type { TeamActor } from './member-changes';

/** @reads merchants, users (tables other modules own: db/table-owners.ts) */

/** The merchant's two-factor rule and how many active members use two-factor sign-in. */
export async function merchantSecurity(db: Db, actor: TeamActor): Promise<MerchantSecurity> {
  const [row] = await typedRows(
    db,
    { require_two_factor: merchants.requireTwoFactor, active: computed(Number), with_two_factor: computed(Number) },
    sql`
    SELECT m.require_two_factor,
           (SELECT count(*) FROM users u WHERE u.merchant_id = m.id AND u.status = 'ACTIVE') AS active,
           (SELECT count(*) FROM users u WHERE u.merchant_id = m.id AND u.status = 'ACTIVE' AND u.totp_enabled_at IS NOT NULL) AS with_two_factor
      FROM merchants m WHERE m.id = ${actor.auth.merchantId}`,
  );
  return {
    requireTwoFactor: row.require_two_factor,
    canUpdate: actor.auth.roleCode === 'OWNER',
    activeMembers: row.active,
    membersWithTwoFactor: row.with_two_factor,
  };
}

/**
 * Requires two-factor sign-in of every member (or not): an owner's decision. Members without it
 * can then only set it up (every other call answers 002001B040) until they have. An owner turns it
 * on only with two-factor sign-in of their own, so they never lock themselves out of the page.
 */
export async function updateMerchantSecurity(
  db: Db,
  actor: TeamActor,
  requireTwoFactor: boolean,
): Promise<MerchantSecurity> {
  if (actor.auth.roleCode !== 'OWNER') {
    throw new AppError(ERROR_CODES.MEMBER_CHANGE_REFUSED, { msg: 'Only an owner can change the two-factor rule.' });
  }
  if (requireTwoFactor) {
    const [me] = await db
      .select({ totpEnabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, actor.auth.userId));
    if (!me || me.totpEnabledAt === null)
      throw new AppError(ERROR_CODES.TWO_FACTOR_STATE, {
        msg: 'Turn on two-factor sign-in for yourself first (user menu → Two-factor sign-in).',
      });
  }
  await db.transaction(async (tx) => {
    const changed = await setRequireTwoFactor(tx, actor.auth.merchantId, requireTwoFactor);
    if (changed) {
      await audit(tx, {
        action: 'TWO_FACTOR_REQUIREMENT',
        outcome: 'SUCCESS',
        actorUserId: actor.auth.userId,
        actorEmail: actor.auth.email,
        merchantId: actor.auth.merchantId,
        ip: actor.ip,
        targetType: 'MERCHANT',
        targetId: actor.auth.merchantId,
        detail: { requireTwoFactor },
      });
    }
  });
  return merchantSecurity(db, actor);
}
