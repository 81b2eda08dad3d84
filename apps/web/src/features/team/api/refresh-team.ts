import { useQueryClient } from '@tanstack/react-query';
import { auditLogKeys } from './audit-log-api';
import { memberKeys } from './members-api';
import { roleKeys } from './roles-api';
import { securityKeys } from './security-api';

/**
 * After a change of a member: the members list and its tiles, the security card's counts, the roles
 * tab's member counts and the audit log (the change is in it) are read again (the ones on screen at
 * once, the others when shown).
 */
export function useRefreshTeam(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      queryClient.invalidateQueries({ queryKey: securityKeys.all }),
      queryClient.invalidateQueries({ queryKey: roleKeys.all }),
      queryClient.invalidateQueries({ queryKey: auditLogKeys.all }),
    ]);
  };
}
