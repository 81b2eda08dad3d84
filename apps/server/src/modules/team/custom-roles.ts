import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { CreateRoleRequest, EditRoleRequest, RoleMatrixRole } from '@mbo/contracts/team';
import type { Db, DbOrTx } from '../../db/client';
import { roles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { databaseError } from '../../lib/db-error';
import { audit } from '../audit';
import { grants } from '../../plugins/session-store';
import type { TeamActor } from './member-changes';
import {
  actorNow,
  findRole,
  isEmpty,
  lacking,
  ROLE_CATALOGUE,
  roleValue,
  type ActorNow,
  type Grants,
} from './role-grants';
import { matrixRole } from './role-matrix';

/** @reads users (tables other modules own: db/table-owners.ts) */

/** The code that lets a user create, edit and delete custom roles. */
const MANAGE = 'API_ROLE_MANAGE';

const refused = (key: string, values?: Record<string, unknown>) =>
  new AppError(ERROR_CODES.ROLE_CHANGE_REFUSED, { text: { key: `team.${key}`, values } });
const notFound = () => new AppError(ERROR_CODES.ROLE_NOT_FOUND, { text: { key: 'team.roleNotFound' } });
const nameTaken = (name: string) =>
  new AppError(ERROR_CODES.ROLE_NAME_TAKEN, { text: { key: 'team.roleNameTaken', values: { name } } });
const badField = (field: 'menuUrls' | 'permissionCodes' | 'baseCode', message: string) =>
  new AppError(ERROR_CODES.INVALID_REQUEST, {
    msg: `Invalid request: ${field} ${message}.`,
    data: { fields: [{ field, message }] },
  });

/**
 * The pages and codes of a request, each once, in the matrix's order. Every page must be one of the catalogue, and
 * every code must come with one of the pages it sits under (a code without its page opens nothing).
 */
function checkedGrants(input: Grants): Grants {
  const pages = new Set(input.menuUrls);
  const unknown = [...pages].find((url) => !ROLE_CATALOGUE.pageName.has(url));
  if (unknown !== undefined) throw badField('menuUrls', `${unknown} is not a page of the menu`);
  const codes = new Set(input.permissionCodes);
  for (const code of codes) {
    const under = ROLE_CATALOGUE.codePages.get(code) ?? [];
    if (!under.length) throw badField('permissionCodes', `${code} is not in the roles matrix`);
    if (!under.some((url) => pages.has(url))) {
      const names = under.map((url) => ROLE_CATALOGUE.pageName.get(url)).join(' or ');
      throw badField('permissionCodes', `${code} needs its page ${names}`);
    }
  }
  return {
    menuUrls: ROLE_CATALOGUE.pageUrls.filter((url) => pages.has(url)),
    permissionCodes: ROLE_CATALOGUE.codes.filter((code) => codes.has(code)),
  };
}

/** The caller as they are now, who must be active and hold API_ROLE_MANAGE. */
async function manager(tx: DbOrTx, actor: TeamActor): Promise<ActorNow> {
  const me = await actorNow(tx, actor.auth.userId);
  if (!me || me.status !== 'ACTIVE' || !grants(me.permissionCodes, MANAGE))
    throw new AppError(ERROR_CODES.PERMISSION_DENIED);
  return me;
}

/** Nobody grants what they do not hold themselves. */
function assertHolds(me: ActorNow, wanted: Grants): void {
  const missing = lacking(me, wanted);
  if (!isEmpty(missing)) throw refused('grantMissing', { missing });
}

/** A name the merchant has no role of yet (a built-in role's name included), in any case. */
async function assertNameFree(tx: DbOrTx, merchantId: string, name: string, exceptCode?: string): Promise<void> {
  const [taken] = await tx
    .select({ code: roles.code })
    .from(roles)
    .where(
      and(
        or(isNull(roles.merchantId), eq(roles.merchantId, merchantId)),
        sql`lower(${roles.name}) = lower(${name})`,
        exceptCode ? ne(roles.code, exceptCode) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw nameTaken(name);
}

/** Runs a write; a unique-name race lost to a parallel call answers like a taken name. */
async function guarded<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const db = databaseError(err);
    if (db?.code === '23505' && (db.constraint ?? db.message).includes('roles_merchant_name_uq')) throw nameTaken(name);
    throw err;
  }
}

/** A merchant's custom role, locked for a change; a built-in role is refused, another merchant's is "not found". */
async function lockCustomRole(tx: DbOrTx, actor: TeamActor, code: string, what: 'edited' | 'deleted') {
  const role = await findRole(tx, actor.auth.merchantId, code, 'update');
  if (!role) throw notFound();
  if (role.merchantId === null)
    throw refused(what === 'edited' ? 'builtInEdited' : 'builtInDeleted', { role: roleValue(role) });
  return role;
}

const auditBase = (actor: TeamActor, code: string) => ({
  outcome: 'SUCCESS' as const,
  actorUserId: actor.auth.userId,
  actorEmail: actor.auth.email,
  merchantId: actor.auth.merchantId,
  ip: actor.ip,
  targetType: 'ROLE',
  targetId: code,
});

/** A new role's code: CUSTOM_ and 12 random hex digits (a role code of the contract: upper case, digits, _). */
const newRoleCode = () => `CUSTOM_${randomBytes(6).toString('hex').toUpperCase()}`;

/**
 * Creates a custom role of the active merchant from a built-in role (not Owner: an owner's powers come with the
 * Owner role alone), with the pages and codes ticked in the matrix, all of which the caller must hold.
 */
export async function createRole(db: Db, actor: TeamActor, input: CreateRoleRequest): Promise<RoleMatrixRole> {
  const wanted = checkedGrants(input);
  return guarded(input.name, () =>
    db.transaction(async (tx) => {
      const me = await manager(tx, actor);
      const base = await findRole(tx, actor.auth.merchantId, input.baseCode);
      if (!base || base.merchantId !== null) throw badField('baseCode', 'is not a built-in role');
      if (base.code === 'OWNER') throw refused('fromOwner');
      assertHolds(me, wanted);
      await assertNameFree(tx, actor.auth.merchantId, input.name);
      const [role] = await tx
        .insert(roles)
        .values({
          code: newRoleCode(),
          name: input.name,
          description: `Custom role, made from ${base.name}.`,
          ...wanted,
          sortOrder: 100,
          merchantId: actor.auth.merchantId,
          baseCode: base.code,
        })
        .returning();
      await audit(tx, {
        action: 'ROLE_CREATED',
        ...auditBase(actor, role.code),
        detail: { name: role.name, baseCode: base.code, ...wanted },
      });
      return matrixRole(role, 0, actor.auth);
    }),
  );
}

/**
 * Renames a custom role and sets its pages and codes (the whole set). Built-in roles and the caller's own role are
 * not edited; what it adds, the caller must hold (what it already granted may stay or go).
 */
export async function editRole(db: Db, actor: TeamActor, input: EditRoleRequest): Promise<RoleMatrixRole> {
  const wanted = checkedGrants(input);
  return guarded(input.name, () =>
    db.transaction(async (tx) => {
      const role = await lockCustomRole(tx, actor, input.roleCode, 'edited');
      const me = await manager(tx, actor);
      if (me.roleCode === role.code) throw refused('editOwnRole');
      const before = { menuUrls: role.menuUrls, permissionCodes: role.permissionCodes };
      const added = lacking(before, wanted);
      const removed = lacking(wanted, before);
      assertHolds(me, added);
      await assertNameFree(tx, actor.auth.merchantId, input.name, role.code);
      const [saved] = await tx
        .update(roles)
        .set({ name: input.name, ...wanted, updatedAt: sql`now()` })
        .where(eq(roles.code, role.code))
        .returning();
      const [{ n }] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.roleCode, role.code), ne(users.status, 'DISABLED')));
      await audit(tx, {
        action: 'ROLE_UPDATED',
        ...auditBase(actor, role.code),
        detail: {
          name: saved.name,
          ...(role.name !== saved.name ? { previousName: role.name } : {}),
          added: [...added.menuUrls, ...added.permissionCodes],
          removed: [...removed.menuUrls, ...removed.permissionCodes],
        },
      });
      return matrixRole(saved, n, actor.auth);
    }),
  );
}

/**
 * Deletes a custom role no member holds (active, invited or disabled: give them another role first). The role is
 * locked before its members are counted, so an assignment running at the same time either lands first (and the
 * delete is refused) or finds the role gone.
 */
export async function deleteRole(db: Db, actor: TeamActor, roleCode: string): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await lockCustomRole(tx, actor, roleCode, 'deleted');
    const me = await manager(tx, actor);
    if (me.roleCode === role.code) throw refused('deleteOwnRole');
    const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.roleCode, role.code));
    if (n > 0)
      throw new AppError(ERROR_CODES.ROLE_IN_USE, {
        text: { key: 'team.roleInUse', values: { count: n, role: roleValue(role) } },
        data: { memberCount: n },
      });
    await tx.delete(roles).where(eq(roles.code, role.code));
    await audit(tx, {
      action: 'ROLE_DELETED',
      ...auditBase(actor, role.code),
      detail: { name: role.name, baseCode: role.baseCode },
    });
  });
}
