import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { InviteMemberRequest, InviteMemberResponse } from '@mbo/contracts/usercenter';
import type { Db } from '../../db/client';
import { merchants, roles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { Mailer } from '../../mail/mailer';
import { invitationEmail } from '../../mail/templates';
import type { AuthContext } from '../../plugins/session-store';
import { createLink, LINK_LIFETIME_MS, linkUrl } from '../auth/links';

/** Invites a member to the active merchant: an INVITED user and a 7-day register_password link. */
export async function inviteMember(
  db: Db,
  auth: AuthContext,
  input: InviteMemberRequest,
  ctx: { mailer: Mailer; publicUrl: string; ip: string },
): Promise<InviteMemberResponse> {
  const [role] = await db.select().from(roles).where(eq(roles.code, input.roleCode)).limit(1);
  if (!role) {
    throw new AppError(ERROR_CODES.INVALID_REQUEST, { msg: `Invalid request: roleCode ${input.roleCode} is not a role.` });
  }
  if (role.code === 'OWNER' && auth.roleCode !== 'OWNER') throw new AppError(ERROR_CODES.PERMISSION_DENIED);
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, auth.merchantId)).limit(1);
  const result = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({ merchantId: auth.merchantId, email: input.email, roleCode: role.code, status: 'INVITED' })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!inserted[0]) throw new AppError(ERROR_CODES.USER_ALREADY_EXISTS);
    const userId = inserted[0].id;
    const token = await createLink(tx, userId, 'INVITE');
    await ctx.mailer.enqueue(tx, invitationEmail(input.email, linkUrl(ctx.publicUrl, 'INVITE', token), merchant.name, auth.name || auth.email));
    await audit(tx, { action: 'MEMBER_INVITED', outcome: 'SUCCESS', actorUserId: auth.userId, actorEmail: auth.email, merchantId: auth.merchantId, ip: ctx.ip, targetType: 'user', targetId: userId, detail: { email: input.email, roleCode: role.code } });
    return { userId, email: input.email, expiresAt: new Date(Date.now() + LINK_LIFETIME_MS.INVITE).toISOString() };
  });
  ctx.mailer.kick();
  return result;
}
