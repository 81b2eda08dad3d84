import { createBrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PRODUCT } from '@mbo/contracts/product';
import { setHttpUi } from '@/lib/http/http-ui';
import { loginPath } from '@/lib/login-redirect';
import { buildRoutes } from './routing/build-routes';

/** The app router: base path /app (spec section 9). */
export const APP_BASENAME = PRODUCT.basePath.replace(/\/$/, '');

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(buildRoutes(queryClient), { basename: APP_BASENAME });
  // The first navigation's session check may send the visitor to the login page before the shell
  // mounts (and registers its own): do it within the app, not with a full page load.
  setHttpUi({ toLogin: (redirect) => void router.navigate(loginPath(redirect), { replace: true }) });
  return router;
}
