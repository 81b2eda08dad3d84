import { createBrowserRouter } from 'react-router';
import { PRODUCT } from '@mbo/contracts/product';
import { buildRoutes } from './routing/build-routes';

/** The app router: base path /app (spec section 9). */
export const APP_BASENAME = PRODUCT.basePath.replace(/\/$/, '');

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { basename: APP_BASENAME });
}
