import { Navigate } from 'react-router';
import { useGlobalState } from '@/lib/global-state';
import ForbiddenPage from '../pages/forbidden-page';
import { containerTarget } from './route-access';
import type { ContainerDef } from './route-table';

/** A container path (/transactions) opens its first child the user may open, else the 403 page. */
export default function ContainerRedirect({ container }: { container: ContainerDef }) {
  const { authUrls, menus } = useGlobalState();
  const target = containerTarget(container, authUrls, menus);
  return target ? <Navigate to={target} replace /> : <ForbiddenPage />;
}
