import { useEffect } from 'react';
import { Button } from 'antd';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import StatusPanel from '@/components/status-panel';
import { reportError } from '@/lib/error-reporting';
import { isChunkLoadError } from '@/lib/chunk-errors';
import NewVersionResult from './new-version-result';

/** The error element of the routes: chunk failures offer a reload, other errors are reported. */
export default function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const chunk = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!chunk && !notFound) reportError(error, { where: 'route' });
  }, [error, chunk, notFound]);

  if (chunk) return <NewVersionResult />;
  if (notFound) {
    return (
      <StatusPanel
        kind="warning"
        title="Page not found"
        subtitle="The page you are looking for does not exist or has moved."
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            Back to home
          </Button>
        }
      />
    );
  }
  return (
    <StatusPanel
      kind="error"
      title="Something went wrong"
      subtitle="An unexpected error stopped this page. Try again; if it keeps happening, contact support."
      extra={
        <>
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button onClick={() => navigate('/home')}>Back to home</Button>
        </>
      }
    />
  );
}
