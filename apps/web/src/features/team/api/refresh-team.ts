import { useQueryClient } from '@tanstack/react-query';
import { teamKeys } from './team-keys';

/**
 * After a change of a member: the members list and its tiles, the security card's counts, the roles
 * tab's member counts and the audit log (the change is in it) are read again (the ones on screen at
 * once, the others when shown).
 */
export function useRefreshTeam(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
      queryClient.invalidateQueries({ queryKey: teamKeys.security() }),
      queryClient.invalidateQueries({ queryKey: teamKeys.roles() }),
      queryClient.invalidateQueries({ queryKey: teamKeys.auditLog() }),
    ]);
  };
}
