/** Query keys of the report centre. */
export const exportKeys = {
  all: ['exports'] as const,
  lists: () => [...exportKeys.all, 'list'] as const,
  list: (pageNum: number, pageSize: number) => [...exportKeys.lists(), { pageNum, pageSize }] as const,
  columns: (type: string) => [...exportKeys.all, 'columns', type] as const,
};
