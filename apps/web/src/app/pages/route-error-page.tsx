import { useEffect } from 'react';
import { Button } from 'antd';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import StatusPanel from '@/components/status-panel';
import { reportError } from '@/lib/error-reporting';
import { isChunkLoadError } from '@/lib/chunk-errors';
import NewVersionResult from './new-version-result';
import { useTranslation } from '@/i18n/use-translation';

/** The error element of the routes: chunk failures offer a reload, other errors are reported. */
export default function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  // `common` is loaded before the first render: no chunk to load here.
  const { t } = useTranslation();
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
        title={t('notFound.title')}
        subtitle={t('notFound.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('backHome')}
          </Button>
        }
      />
    );
  }
  return (
    <StatusPanel
      kind="error"
      title={t('routeError.title')}
      subtitle={t('routeError.subtitle')}
      extra={
        <>
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
          <Button onClick={() => navigate('/home')}>{t('backHome')}</Button>
        </>
      }
    />
  );
}
