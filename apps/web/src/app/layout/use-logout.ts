import { useState } from 'react';
import { useNavigate } from 'react-router';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';
import { LOGIN_PATH } from '@/lib/login-redirect';

/** Log out (every session of the user ends on the server) and go to the login page, whatever the answer. */
export function useLogout(): { logout: () => Promise<void>; loggingOut: boolean } {
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = async () => {
    setLoggingOut(true);
    try {
      await post(USERCENTER_PATHS.logout, undefined, { showErrorMessage: false });
    } catch {
      // The session is gone either way; the login page is where the user goes.
    } finally {
      setLoggingOut(false);
      navigate(LOGIN_PATH, { replace: true });
    }
  };
  return { logout, loggingOut };
}
