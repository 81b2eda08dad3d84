import { sql } from 'drizzle-orm';
import { ERROR_CODES, HTTP_STATUS } from '@mbo/contracts/error-catalogue';
import { LIST_MENUS, type ListKey } from '@mbo/contracts/lists/list-definition';
import {
  SAVED_VIEW_ERRORS,
  SAVED_VIEWS_PER_LIST,
  type CreateSavedViewRequest,
  type SavedView,
  type UpdateSavedViewRequest,
} from '@mbo/contracts/saved-views';
import type { Db, DbOrTx } from '../../db/client';
import { savedViews, users } from '../../db/schema';
import { computed, orNull, typedRows, type RowOf } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { databaseError } from '../../lib/db-error';
import { newId } from '../../lib/ids';
import { allows } from '../../plugins/route-access';
import type { AuthContext } from '../../plugins/session-store';

/** @reads users (tables other modules own: db/table-owners.ts) */

/** SELECT's result, typed and decoded from the schema (typedRows). */
const VIEW_SHAPE = {
  id: savedViews.id,
  user_id: savedViews.userId,
  list_key: savedViews.listKey,
  name: savedViews.name,
  state: savedViews.state,
  shared: savedViews.shared,
  owner_name: orNull(users.name),
  created_at: savedViews.createdAt,
  updated_at: savedViews.updatedAt,
};
type ViewRow = RowOf<typeof VIEW_SHAPE>;

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

function toView(row: ViewRow, userId: string): SavedView {
  return {
    viewId: row.id,
    listKey: row.list_key,
    name: row.name,
    state: row.state,
    shared: row.shared,
    mine: row.user_id === userId,
    ownerName: row.owner_name ?? '',
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * A user may keep views only of a list their menu shows for the active merchant's product (the same
 * menu the list's own route checks): a list the role cannot open is refused like its route.
 */
export function assertListAllowed(auth: AuthContext, listKey: ListKey): void {
  if (!allows(auth, { menu: LIST_MENUS[listKey] }))
    throw new AppError(ERROR_CODES.PERMISSION_DENIED, { status: HTTP_STATUS.NO_PERMISSION });
}

const SELECT = sql`SELECT v.id, v.user_id, v.list_key, v.name, v.state, v.shared, v.created_at, v.updated_at, u.name AS owner_name
  FROM saved_views v LEFT JOIN users u ON u.id = v.user_id`;

/** The user's own views of the list and the ones teammates share for the active merchant, by name. */
export async function listSavedViews(db: Db, auth: AuthContext, listKey: ListKey): Promise<SavedView[]> {
  assertListAllowed(auth, listKey);
  const rows = await typedRows(
    db,
    VIEW_SHAPE,
    sql`${SELECT}
    WHERE v.merchant_id = ${auth.merchantId} AND v.list_key = ${listKey} AND (v.user_id = ${auth.userId} OR v.shared)
    ORDER BY (v.user_id = ${auth.userId}) DESC, lower(v.name), v.id`,
  );
  return rows.map((r) => toView(r, auth.userId));
}

async function nameTaken(
  tx: DbOrTx,
  auth: AuthContext,
  listKey: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await typedRows(
    tx,
    { id: savedViews.id },
    sql`SELECT id FROM saved_views
    WHERE user_id = ${auth.userId} AND merchant_id = ${auth.merchantId} AND list_key = ${listKey} AND lower(name) = lower(${name})
      AND id <> ${exceptId ?? ''} LIMIT 1`,
  );
  return rows.length > 0;
}

const nameTakenError = (name: string) =>
  new AppError(SAVED_VIEW_ERRORS.NAME_TAKEN, { msg: `You already have a view named “${name}”.` });

/** Runs a write; a unique-name race lost to a parallel call answers like a taken name. */
async function guarded<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (name !== undefined && databaseError(err)?.code === '23505') throw nameTakenError(name);
    throw err;
  }
}

/** Saves a view; its name is unique (case-insensitive) per user, merchant and list; at most SAVED_VIEWS_PER_LIST. */
export async function createSavedView(db: Db, auth: AuthContext, req: CreateSavedViewRequest): Promise<SavedView> {
  assertListAllowed(auth, req.listKey);
  return guarded(req.name, () =>
    db.transaction(async (tx) => {
      // One writer per user and list at a time, so the count below cannot be outrun by a parallel call (a transaction's
      // lock: it holds behind a pooler in transaction mode too).
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`saved-views:${auth.userId}:${auth.merchantId}:${req.listKey}`}))`,
      );
      const [{ n }] = await typedRows(
        tx,
        { n: computed(Number) },
        sql`SELECT count(*) AS n FROM saved_views
        WHERE user_id = ${auth.userId} AND merchant_id = ${auth.merchantId} AND list_key = ${req.listKey}`,
      );
      if (n >= SAVED_VIEWS_PER_LIST) {
        throw new AppError(SAVED_VIEW_ERRORS.TOO_MANY, {
          msg: `You can keep at most ${SAVED_VIEWS_PER_LIST} views of this list. Delete one first.`,
        });
      }
      if (await nameTaken(tx, auth, req.listKey, req.name)) throw nameTakenError(req.name);
      const id = newId('VW');
      await tx.execute(sql`INSERT INTO saved_views (id, user_id, merchant_id, list_key, name, state, shared)
        VALUES (${id}, ${auth.userId}, ${auth.merchantId}, ${req.listKey}, ${req.name}, ${JSON.stringify(req.state)}::jsonb, ${req.shared ?? false})`);
      const [row] = await typedRows(tx, VIEW_SHAPE, sql`${SELECT} WHERE v.id = ${id}`);
      return toView(row, auth.userId);
    }),
  );
}

/**
 * The view as the user may change it: their own, of the active merchant, of a list they can open.
 * Another merchant's view, or a teammate's private one, is "not found"; a teammate's shared view is
 * visible but not theirs to change (permission denied).
 */
async function ownView(tx: DbOrTx, auth: AuthContext, viewId: string): Promise<ViewRow> {
  const [row] = await typedRows(
    tx,
    VIEW_SHAPE,
    sql`${SELECT}
    WHERE v.id = ${viewId} AND v.merchant_id = ${auth.merchantId} AND (v.user_id = ${auth.userId} OR v.shared) FOR UPDATE OF v`,
  );
  if (!row) throw new AppError(ERROR_CODES.PAGE_DATA_NOT_EXISTS);
  assertListAllowed(auth, row.list_key);
  if (row.user_id !== auth.userId) {
    throw new AppError(ERROR_CODES.PERMISSION_DENIED, {
      status: HTTP_STATUS.NO_PERMISSION,
      msg: 'Only the author of a shared view can change it.',
    });
  }
  return row;
}

/** Renames a view, saves new filters into it, or shares / unshares it. */
export async function updateSavedView(db: Db, auth: AuthContext, req: UpdateSavedViewRequest): Promise<SavedView> {
  return guarded(req.name, () =>
    db.transaction(async (tx) => {
      const row = await ownView(tx, auth, req.viewId);
      if (req.name !== undefined && (await nameTaken(tx, auth, row.list_key, req.name, row.id)))
        throw nameTakenError(req.name);
      await tx.execute(sql`UPDATE saved_views SET
          name = COALESCE(${req.name ?? null}, name),
          state = COALESCE(${req.state === undefined ? null : JSON.stringify(req.state)}::jsonb, state),
          shared = COALESCE(${req.shared ?? null}::boolean, shared),
          updated_at = now()
        WHERE id = ${row.id}`);
      const [updated] = await typedRows(tx, VIEW_SHAPE, sql`${SELECT} WHERE v.id = ${row.id}`);
      return toView(updated, auth.userId);
    }),
  );
}

export async function deleteSavedView(db: Db, auth: AuthContext, viewId: string): Promise<{ viewId: string }> {
  return db.transaction(async (tx) => {
    const row = await ownView(tx, auth, viewId);
    await tx.execute(sql`DELETE FROM saved_views WHERE id = ${row.id}`);
    return { viewId: row.id };
  });
}
