/** Query keys of the report centre. */
export const exportKeys = {
  all: ['exports'] as const,
  lists: () => [...exportKeys.all, 'list'] as const,
  list: (pageNum: number, pageSize: number) => [...exportKeys.lists(), { pageNum, pageSize }] as const,
  /** The columns are named in the caller's language: one entry per language. */
  columns: (type: string, lng: string) => [...exportKeys.all, 'columns', type, lng] as const,
};
