import { and, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { MemberRecord, UpdateMemberAccessRequest } from '@mbo/contracts/team';
import type { Db, DbOrTx } from '../../db/client';
import { merchants, roles, users } from '../../db/schema';
import { typedRows } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { endUserSessions, grants, type AuthContext } from '../../plugins/session-store';
import { setAllSubMerchants, setUserRole, setUserStatus } from '../auth';
import { MEMBER_COLUMNS, MEMBER_FROM, MEMBER_SHAPE, memberNotFound, toMemberRecord } from './member-record';
import { actorNow, findRole, isEmpty, lacking, roleValue, type ActorNow, type RoleRow } from './role-grants';

/** @reads merchants, users (tables other modules own: db/table-owners.ts) */

export interface TeamActor {
  auth: AuthContext;
  ip: string;
}

interface Locked {
  member: Pick<typeof users.$inferSelect, 'id' | 'email' | 'roleCode' | 'status'>;
  /** The merchant's active owners, as they are once every change before this one has committed. */
  activeOwners: string[];
  /** The actor's role as it is now (it may have changed since the call's session was read). */
  actorRole: string;
  /** The actor's grants as they are now. */
  actor: ActorNow;
}

const refused = (key: string) => new AppError(ERROR_CODES.MEMBER_CHANGE_REFUSED, { text: { key: `team.${key}` } });
const lastOwner = () =>
  new AppError(ERROR_CODES.LAST_OWNER, {
    text: { key: 'team.lastOwner' },
  });

/**
 * Locks what a change of a member depends on, in one order for every change: the merchant's
 * active owners (by id), then the member, then reads the actor's role afresh. Two owners demoting
 * each other at once therefore run one after the other, and the second sees the first's result.
 */
async function lockForChange(tx: DbOrTx, actor: TeamActor, userId: string): Promise<Locked> {
  const merchantId = actor.auth.merchantId;
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.roleCode, 'OWNER'), eq(users.status, 'ACTIVE')))
    .orderBy(users.id)
    .for('update');
  const [member] = await tx
    .select({ id: users.id, email: users.email, roleCode: users.roleCode, status: users.status })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.merchantId, merchantId)))
    .for('update');
  if (!member) throw memberNotFound();
  const me = await actorNow(tx, actor.auth.userId);
  if (!me || me.status !== 'ACTIVE' || !grants(me.permissionCodes, 'API_MEMBER_UPDATE'))
    throw new AppError(ERROR_CODES.PERMISSION_DENIED);
  return { member, activeOwners: owners.map((o) => o.id), actorRole: me.roleCode, actor: me };
}

/**
 * A role the active merchant has (built-in, or its own custom role: another merchant's is no role to it), locked
 * against a change or a delete until the caller's transaction ends, so a role deleted at the same time is either
 * refused (in use) or gone before the member gets it.
 */
export async function roleToGive(tx: DbOrTx, merchantId: string, roleCode: string): Promise<RoleRow> {
  const role = await findRole(tx, merchantId, roleCode, 'share');
  if (!role)
    throw new AppError(ERROR_CODES.INVALID_REQUEST, {
      msg: `Invalid request: roleCode ${roleCode} is not a role.`,
      data: { fields: [{ field: 'roleCode', message: 'is not a role' }] },
    });
  return role;
}

/** Nobody gives a role that grants what they do not hold themselves (a custom role or a built-in one). */
export function assertMayGive(holder: ActorNow, role: RoleRow): void {
  const missing = lacking(holder, { menuUrls: role.menuUrls, permissionCodes: role.permissionCodes });
  if (!isEmpty(missing))
    throw new AppError(ERROR_CODES.ROLE_CHANGE_REFUSED, {
      text: { key: 'team.giveMissing', values: { role: roleValue(role), missing } },
    });
}

/**
 * A member whose role grants more than the actor holds is out of the actor's reach (a custom role that manages
 * members cannot demote or disable an admin): an owner or admin acts.
 */
async function assertWithinReach(tx: DbOrTx, locked: Locked): Promise<void> {
  const [current] = await tx
    .select({ menuUrls: roles.menuUrls, permissionCodes: roles.permissionCodes })
    .from(roles)
    .where(eq(roles.code, locked.member.roleCode));
  if (current && !isEmpty(lacking(locked.actor, current))) throw refused('beyondReach');
}

/** The rules every change of another member follows (also for the last Owner). */
function assertMayChange(actor: TeamActor, locked: Locked, next: { roleCode: string; status: string }): void {
  const { member } = locked;
  if (member.id === actor.auth.userId) refusedSelf();
  // First, so the loser of two owners demoting each other learns why.
  const wasActiveOwner = member.roleCode === 'OWNER' && member.status === 'ACTIVE';
  const staysActiveOwner = next.roleCode === 'OWNER' && next.status === 'ACTIVE';
  if (wasActiveOwner && !staysActiveOwner && locked.activeOwners.filter((id) => id !== member.id).length === 0)
    throw lastOwner();
  const touchesOwner = member.roleCode === 'OWNER' || next.roleCode === 'OWNER';
  if (touchesOwner && locked.actorRole !== 'OWNER') throw refused('ownerOnly');
}

function refusedSelf(): never {
  throw refused('changeSelf');
}

async function readMember(db: DbOrTx, actor: TeamActor, userId: string): Promise<MemberRecord> {
  const [row] = await typedRows(
    db,
    MEMBER_SHAPE,
    sql`SELECT ${MEMBER_COLUMNS} FROM ${MEMBER_FROM} WHERE u.id = ${userId}`,
  );
  return toMemberRecord(row, actor.auth.userId);
}

const auditBase = (actor: TeamActor, userId: string) => ({
  actorUserId: actor.auth.userId,
  actorEmail: actor.auth.email,
  merchantId: actor.auth.merchantId,
  ip: actor.ip,
  targetType: 'USER',
  targetId: userId,
});

/**
 * Changes a member's role (built-in, or a custom role of the merchant); it applies on their very next call
 * (sessions read the role afresh). The actor must hold everything the new role grants.
 */
export async function updateMemberRole(
  db: Db,
  actor: TeamActor,
  userId: string,
  roleCode: string,
): Promise<MemberRecord> {
  return db.transaction(async (tx) => {
    const locked = await lockForChange(tx, actor, userId);
    const role = await roleToGive(tx, actor.auth.merchantId, roleCode);
    const from = locked.member.roleCode;
    assertMayChange(actor, locked, { roleCode, status: locked.member.status });
    await assertWithinReach(tx, locked);
    if (from !== roleCode) {
      assertMayGive(locked.actor, role);
      await setUserRole(tx, userId, roleCode);
      await audit(tx, {
        action: 'MEMBER_ROLE_CHANGED',
        outcome: 'SUCCESS',
        ...auditBase(actor, userId),
        detail: { email: locked.member.email, from, to: roleCode, roleName: role.name },
      });
    }
    return readMember(tx, actor, userId);
  });
}

/**
 * Disables a member (every session of theirs ends at once: their next call gets 431) or enables
 * one again. An invitation is revoked, not disabled.
 */
export async function updateMemberStatus(
  db: Db,
  actor: TeamActor,
  userId: string,
  status: 'ACTIVE' | 'DISABLED',
): Promise<MemberRecord> {
  return db.transaction(async (tx) => {
    const locked = await lockForChange(tx, actor, userId);
    const { member } = locked;
    if (member.status === 'INVITED') throw refused('notAccepted');
    assertMayChange(actor, locked, { roleCode: member.roleCode, status });
    await assertWithinReach(tx, locked);
    if (member.status !== status) {
      await setUserStatus(tx, userId, status);
      if (status === 'DISABLED') await endUserSessions(tx, userId);
      await audit(tx, {
        action: status === 'DISABLED' ? 'MEMBER_DISABLED' : 'MEMBER_ENABLED',
        outcome: 'SUCCESS',
        ...auditBase(actor, userId),
        detail: { email: member.email },
      });
    }
    return readMember(tx, actor, userId);
  });
}

/**
 * Which sub-merchants a member may switch to (an owner of the parent decides): all, or the chosen
 * ones. A session pointed at one taken away acts for the home merchant at its next call.
 */
export async function updateMemberAccess(
  db: Db,
  actor: TeamActor,
  input: UpdateMemberAccessRequest,
): Promise<MemberRecord> {
  const merchantId = actor.auth.merchantId;
  const subs = new Set(
    (await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.parentId, merchantId))).map((m) => m.id),
  );
  if (subs.size === 0) throw refused('noSubMerchants');
  const chosen = input.allSubMerchants ? [] : [...new Set(input.merchantIds)];
  const unknown = chosen.find((id) => !subs.has(id));
  if (unknown !== undefined)
    throw new AppError(ERROR_CODES.INVALID_REQUEST, {
      msg: `Invalid request: merchantIds ${unknown} is not a sub-merchant of this merchant.`,
      data: { fields: [{ field: 'merchantIds', message: 'must be sub-merchants of this merchant' }] },
    });
  return db.transaction(async (tx) => {
    const locked = await lockForChange(tx, actor, input.userId);
    if (locked.actorRole !== 'OWNER') throw refused('subMerchantsOwnerOnly');
    if (locked.member.id === actor.auth.userId) refusedSelf();
    await setAllSubMerchants(tx, input.userId, input.allSubMerchants);
    await tx.execute(sql`DELETE FROM user_merchant_access WHERE user_id = ${input.userId}`);
    for (const id of chosen)
      await tx.execute(sql`INSERT INTO user_merchant_access (user_id, merchant_id) VALUES (${input.userId}, ${id})`);
    await audit(tx, {
      action: 'MEMBER_ACCESS_CHANGED',
      outcome: 'SUCCESS',
      ...auditBase(actor, input.userId),
      detail: { email: locked.member.email, allSubMerchants: input.allSubMerchants, merchantIds: chosen },
    });
    return readMember(tx, actor, input.userId);
  });
}
