import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The /auth group: no app layout (each page renders inside components/auth-card). Whatever a
 * previous session left in the query cache (global state, pages) is dropped, so the next user
 * starts clean; the auth pages' own queries (already observed when this runs) are kept.
 */
export default function AuthLayout() {
  const queryClient = useQueryClient();
  useEffect(() => {
    for (const query of queryClient.getQueryCache().findAll()) {
      if (query.getObserversCount() === 0) queryClient.getQueryCache().remove(query);
    }
  }, [queryClient]);
  return <Outlet />;
}
