import type { MemberRecord } from '@mbo/contracts/team';

/** What can be done to a member row (API_MEMBER_UPDATE; the server checks every one again). */
export type MemberAction = 'changeRole' | 'disable' | 'enable' | 'resend' | 'revoke' | 'access';

export interface MemberActionContext {
  /** The signed-in user has API_MEMBER_UPDATE. */
  canUpdate: boolean;
  /** The signed-in user is an Owner (owners change owners, give the Owner role, choose sub-merchant access). */
  isOwner: boolean;
  /** The active merchant has sub-merchants. */
  hasSubMerchants: boolean;
}

/**
 * The actions a row offers, in menu order: none without API_MEMBER_UPDATE, none on one's own row, none
 * on an Owner's row unless the signed-in user is an Owner; an invitation is resent or revoked, an
 * active member disabled, a disabled one re-enabled; sub-merchant access only for an Owner of a
 * merchant that has sub-merchants.
 */
export function memberActions(
  m: Pick<MemberRecord, 'status' | 'roleCode' | 'isSelf'>,
  ctx: MemberActionContext,
): MemberAction[] {
  if (!ctx.canUpdate || m.isSelf) return [];
  if (m.roleCode === 'OWNER' && !ctx.isOwner) return [];
  const actions: MemberAction[] = ['changeRole'];
  if (m.status === 'INVITED') actions.push('resend', 'revoke');
  if (m.status === 'ACTIVE') actions.push('disable');
  if (m.status === 'DISABLED') actions.push('enable');
  if (ctx.isOwner && ctx.hasSubMerchants) actions.splice(1, 0, 'access');
  return actions;
}
