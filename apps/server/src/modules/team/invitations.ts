import { and, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { InviteMemberRequest, InviteMemberResponse } from '@mbo/contracts/usercenter';
import type { Db, DbOrTx } from '../../db/client';
import { merchants, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import type { Mailer } from '../../mail/mailer';
import { invitationEmail } from '../../mail/templates';
import { recipientLocale } from '../../lib/i18n/i18n';
import { createInvitedUser, createMailLink, removeUser } from '../auth';
import { grants } from '../../plugins/session-store';
import { memberNotFound } from './member-record';
import { assertMayGive, roleToGive, type TeamActor } from './member-changes';
import { actorNow } from './role-grants';

/** @reads merchants, users (tables other modules own: db/table-owners.ts) */

export interface InviteContext {
  mailer: Mailer;
  publicUrl: string;
}

/** A new 7-day register_password link for an invited user, mailed in the caller's transaction (the outbox). */
async function sendInvitation(
  tx: DbOrTx,
  actor: TeamActor,
  ctx: InviteContext,
  userId: string,
  email: string,
): Promise<InviteMemberResponse> {
  const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, actor.auth.merchantId)).limit(1);
  const link = await createMailLink(tx, userId, 'INVITE', ctx.publicUrl);
  // The invitee has no language of their own yet (or kept the one they chose): else the inviter's.
  const [invitee] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  const lang = recipientLocale(invitee?.locale ?? actor.auth.locale);
  await ctx.mailer.enqueue(tx, invitationEmail(email, link, merchant.name, actor.auth.name || actor.auth.email, lang));
  return { userId, email, expiresAt: link.expiresAt.toISOString() };
}

/**
 * Invites a member to the active merchant: an INVITED user and a 7-day, single-use
 * register_password link by mail. An email that already has a user gets 002001B009; only an owner
 * invites an owner; the role (built-in, or a custom role of the merchant) grants nothing the inviter lacks.
 */
export async function inviteMember(
  db: Db,
  actor: TeamActor,
  input: InviteMemberRequest,
  ctx: InviteContext,
): Promise<InviteMemberResponse> {
  const result = await db.transaction(async (tx) => {
    const role = await roleToGive(tx, actor.auth.merchantId, input.roleCode);
    const me = await actorNow(tx, actor.auth.userId);
    if (!me || me.status !== 'ACTIVE' || !grants(me.permissionCodes, 'API_MEMBER_ADD'))
      throw new AppError(ERROR_CODES.PERMISSION_DENIED);
    if (role.code === 'OWNER' && me.roleCode !== 'OWNER') {
      throw new AppError(ERROR_CODES.MEMBER_CHANGE_REFUSED, { msg: 'Only an owner can invite an owner.' });
    }
    assertMayGive(me, role);
    const userId = await createInvitedUser(tx, {
      merchantId: actor.auth.merchantId,
      email: input.email,
      roleCode: role.code,
      invitedBy: actor.auth.userId,
    });
    if (!userId) throw new AppError(ERROR_CODES.USER_ALREADY_EXISTS);
    const sent = await sendInvitation(tx, actor, ctx, userId, input.email);
    await audit(tx, {
      action: 'MEMBER_INVITED',
      outcome: 'SUCCESS',
      actorUserId: actor.auth.userId,
      actorEmail: actor.auth.email,
      merchantId: actor.auth.merchantId,
      ip: actor.ip,
      targetType: 'USER',
      targetId: sent.userId,
      detail: { email: input.email, roleCode: role.code, roleName: role.name },
    });
    return sent;
  });
  ctx.mailer.kick();
  return result;
}

/**
 * The member row of an open invitation, locked; another merchant's id is "not found", an accepted one "already active".
 */
async function lockInvited(
  tx: DbOrTx,
  actor: TeamActor,
  userId: string,
): Promise<{ id: string; email: string; roleCode: string }> {
  const [member] = await tx
    .select({ id: users.id, email: users.email, roleCode: users.roleCode, status: users.status })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.merchantId, actor.auth.merchantId)))
    .for('update');
  if (!member) throw memberNotFound();
  if (member.status !== 'INVITED') throw new AppError(ERROR_CODES.USER_ALREADY_ACTIVE);
  if (member.roleCode === 'OWNER' && actor.auth.roleCode !== 'OWNER') {
    throw new AppError(ERROR_CODES.MEMBER_CHANGE_REFUSED, { msg: "Only an owner can change an owner's invitation." });
  }
  return member;
}

/** Sends a new invitation link; the earlier one stops working at once. */
export async function resendInvitation(
  db: Db,
  actor: TeamActor,
  userId: string,
  ctx: InviteContext,
): Promise<InviteMemberResponse> {
  const result = await db.transaction(async (tx) => {
    const member = await lockInvited(tx, actor, userId);
    const sent = await sendInvitation(tx, actor, ctx, member.id, member.email);
    await audit(tx, {
      action: 'INVITATION_RESENT',
      outcome: 'SUCCESS',
      actorUserId: actor.auth.userId,
      actorEmail: actor.auth.email,
      merchantId: actor.auth.merchantId,
      ip: actor.ip,
      targetType: 'USER',
      targetId: member.id,
      detail: { email: member.email },
    });
    return sent;
  });
  ctx.mailer.kick();
  return result;
}

/**
 * Revokes an invitation: its links stop working and the invited user is removed (the email can be
 * invited again). Failed sign-ins it caused stay in the login history, without the user.
 */
export async function revokeInvitation(db: Db, actor: TeamActor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockInvited(tx, actor, userId);
    await tx.execute(sql`DELETE FROM user_merchant_access WHERE user_id = ${member.id}`);
    await removeUser(tx, member.id);
    await audit(tx, {
      action: 'INVITATION_REVOKED',
      outcome: 'SUCCESS',
      actorUserId: actor.auth.userId,
      actorEmail: actor.auth.email,
      merchantId: actor.auth.merchantId,
      ip: actor.ip,
      targetType: 'USER',
      targetId: member.id,
      detail: { email: member.email },
    });
  });
}
