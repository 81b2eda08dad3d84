import { z } from 'zod';
import { LIST_KEYS } from './lists/list-definition';
import { SAVED_VIEW_NAME_MAX, SAVED_VIEW_STATE_MAX_CHARS } from './saved-views';

const urlKey = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must be a filter name');
const filterValue = z.union([z.string().max(200), z.array(z.string().max(64)).max(20)]);

/** A view's state: the list's filters as the URL holds them, the visible columns and the sort. */
export const savedViewStateSchema = z
  .object({
    filters: z.record(urlKey, filterValue).refine((f) => Object.keys(f).length <= 30, 'must have at most 30 filters'),
    columns: z.array(z.string().min(1).max(64)).max(50),
    sort: z.string().max(64).optional(),
  })
  .strict()
  .refine(
    (s) => JSON.stringify(s).length <= SAVED_VIEW_STATE_MAX_CHARS,
    `must be at most ${SAVED_VIEW_STATE_MAX_CHARS} characters as JSON`,
  );

const viewName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(SAVED_VIEW_NAME_MAX, `must be at most ${SAVED_VIEW_NAME_MAX} characters`);
const viewId = z.string().min(1, 'is required').max(64);

export const listSavedViewsRequest = z.object({ listKey: z.enum(LIST_KEYS) });

export const createSavedViewRequest = z.object({
  listKey: z.enum(LIST_KEYS),
  name: viewName,
  state: savedViewStateSchema,
  shared: z.boolean().default(false),
});

/** Rename, change the state (save the current filters into it) or the sharing; at least one of them. */
export const updateSavedViewRequest = z
  .object({ viewId, name: viewName.optional(), state: savedViewStateSchema.optional(), shared: z.boolean().optional() })
  .refine(
    (r) => r.name !== undefined || r.state !== undefined || r.shared !== undefined,
    'must change the name, the state or the sharing',
  );

export const deleteSavedViewRequest = z.object({ viewId });

/** A view as it is read back: the state's fields, without the request's checks across them. */
export const savedViewSchema = z.object({
  viewId: z.string(),
  listKey: z.enum(LIST_KEYS),
  name: z.string(),
  state: z.object(savedViewStateSchema.shape),
  shared: z.boolean(),
  /** True for the signed-in user's own views (only those can be renamed, changed or deleted). */
  mine: z.boolean(),
  /** The author's name (for a teammate's shared view). */
  ownerName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
