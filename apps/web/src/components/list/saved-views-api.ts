import {
  SAVED_VIEW_PATHS,
  type CreateSavedViewRequest,
  type SavedView,
  type UpdateSavedViewRequest,
} from '@mbo/contracts/saved-views';
import type { ListKey } from '@mbo/contracts/lists/list-definition';
import { post } from '@/lib/http/request';

/** Query keys of the saved views, per list. */
export const savedViewKeys = {
  all: ['saved-views'] as const,
  list: (listKey: ListKey) => [...savedViewKeys.all, listKey] as const,
};

/** The user's views of a list and the ones the team shares. Quiet: the menu shows its own error. */
export function listSavedViews(listKey: ListKey, signal?: AbortSignal): Promise<SavedView[]> {
  return post<SavedView[]>(SAVED_VIEW_PATHS.list, { listKey }, { signal, showErrorMessage: false });
}

export function savedViewsQueryOptions(listKey: ListKey) {
  return {
    queryKey: savedViewKeys.list(listKey),
    queryFn: ({ signal }: { signal: AbortSignal }) => listSavedViews(listKey, signal),
    staleTime: 60_000,
  };
}

export function createSavedView(request: CreateSavedViewRequest): Promise<SavedView> {
  return post<SavedView>(SAVED_VIEW_PATHS.create, request, { showSuccessMessage: true });
}

export function updateSavedView(request: UpdateSavedViewRequest): Promise<SavedView> {
  return post<SavedView>(SAVED_VIEW_PATHS.update, request, { showSuccessMessage: true });
}

export function deleteSavedView(viewId: string): Promise<{ viewId: string }> {
  return post<{ viewId: string }>(SAVED_VIEW_PATHS.delete, { viewId }, { showSuccessMessage: true });
}
