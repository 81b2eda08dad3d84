/**
 * Saved views of a list (the list kit's "Views" menu): a named set of filters, visible columns and
 * sort, kept per user and merchant, optionally shared with the merchant's team (every user of the
 * merchant sees it; only its author changes it). Schemas: saved-views-schemas.ts (request types
 * inferred from them, type-only).
 */
import type { z } from 'zod';
import type {
  createSavedViewRequest,
  deleteSavedViewRequest,
  listSavedViewsRequest,
  savedViewSchema,
  savedViewStateSchema,
  updateSavedViewRequest,
} from './saved-views-schemas';

export const SAVED_VIEW_PATHS = {
  list: '/usercenter/web/v1/saved-view/list',
  create: '/usercenter/web/v1/saved-view/create',
  update: '/usercenter/web/v1/saved-view/update',
  delete: '/usercenter/web/v1/saved-view/delete',
} as const;

/** At most this many views per user, merchant and list. */
export const SAVED_VIEWS_PER_LIST = 50;
export const SAVED_VIEW_NAME_MAX = 60;
/** The state of a view as JSON is at most this many characters. */
export const SAVED_VIEW_STATE_MAX_CHARS = 4000;

export const SAVED_VIEW_ERRORS = {
  /** A view of this name already exists for the user and list. */
  NAME_TAKEN: '002001B070',
  /** The user has SAVED_VIEWS_PER_LIST views of the list already. */
  TOO_MANY: '002001B071',
} as const;

/** What a view holds: the list's URL filters (its filter URL keys), visible column keys, sort. */
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

export type ListSavedViewsRequest = z.infer<typeof listSavedViewsRequest>;
export type CreateSavedViewRequest = z.input<typeof createSavedViewRequest>;
export type UpdateSavedViewRequest = z.infer<typeof updateSavedViewRequest>;
export type DeleteSavedViewRequest = z.infer<typeof deleteSavedViewRequest>;

export type SavedView = z.infer<typeof savedViewSchema>;
