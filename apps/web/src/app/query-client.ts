import { QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_CODE } from '@/lib/http/request';

/**
 * The app's one QueryClient. The HTTP client already shows and reports errors, so queries do not
 * retry an answer the server gave; only a call that got no answer is tried again (twice).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          error instanceof ApiError && error.code === NETWORK_ERROR_CODE && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
