import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import PageHeader from '@/components/page-header';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { OpenApiLoadError, openApiDocumentQueryOptions } from '../api/openapi-document';
import { ApiIntroCard } from '../components/api-intro-card';
import './api-docs-page.css';

const importReference = () => import('../components/api-reference');
let loadingReference: ReturnType<typeof importReference> | undefined;

/**
 * The renderer (swagger-ui, a large chunk) is imported here only, and only when this page opens:
 * started beside the document's fetch so the two load in parallel. A failed load is forgotten, so a
 * later visit tries again; React.lazy hands the failure to the route's error page, which offers a
 * reload for a chunk that failed to load. (Not through lib/chunk-errors' withChunkTimeout: a page
 * chunk importing that module makes the bundler split the entry, and the login page then loads two
 * more files.)
 */
function loadApiReference() {
  loadingReference ??= importReference().catch((err: unknown) => {
    loadingReference = undefined;
    throw err;
  });
  return loadingReference;
}

const ApiReference = lazy(loadApiReference);

export const prefetch: PagePrefetch = ({ queryClient }) => {
  void queryClient.prefetchQuery(openApiDocumentQueryOptions());
  void loadApiReference().catch(() => undefined);
};

function ReferenceLoading() {
  const { t } = useTranslation('api-docs', { keyPrefix: 'page' });
  return (
    <div className="mbo-api-docs__loading" role="status" aria-label={t('loading')}>
      <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 3 }} />
      <Skeleton active title={false} paragraph={{ rows: 6, width: ['90%', '75%', '85%', '60%', '80%', '70%'] }} />
    </div>
  );
}

/**
 * /settings/integration/api-docs (PAGE_API_DOCS): how to call the merchant API, and its reference from the generated
 * OpenAPI document.
 */
export default function ApiDocsPage() {
  const { t } = useTranslation('api-docs', { keyPrefix: 'page' });
  const doc = useQuery(openApiDocumentQueryOptions());

  useEffect(() => {
    void loadApiReference().catch(() => undefined);
  }, []);

  let reference: ReactNode;
  if (doc.data) {
    reference = (
      <Suspense fallback={<ReferenceLoading />}>
        <ApiReference spec={doc.data} />
      </Suspense>
    );
  } else if (doc.error) {
    reference = (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        description={
          doc.error instanceof OpenApiLoadError
            ? t(`errors.${doc.error.reason}`, { status: doc.error.status })
            : doc.error.message
        }
        action={
          <Button onClick={() => void doc.refetch()} loading={doc.isFetching}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else {
    reference = <ReferenceLoading />;
  }

  return (
    <div className="mbo-api-docs">
      <PageHeader
        back={{ to: '/settings/integration', label: t('back') }}
        eyebrow={t('eyebrow')}
        title={t('title')}
        subtitle={t('subtitle')}
      />
      <ApiIntroCard />
      <Card className="mbo-api-docs__reference" role="region" aria-label={t('reference')}>
        {reference}
      </Card>
    </div>
  );
}
