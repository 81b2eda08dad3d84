import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Puts one cached answer under each key, so a test can tell afterwards which of them were invalidated. */
export function seedCache(queryClient: QueryClient, keys: readonly QueryKey[]): void {
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
}

/** The keys among `keys` whose cached answer is now invalidated (stale until read again). */
export function invalidatedOf(queryClient: QueryClient, keys: readonly QueryKey[]): QueryKey[] {
  return keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated === true);
}
