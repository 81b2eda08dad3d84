import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { DownloadOutlined } from '@ant-design/icons';
import { OPENAPI_URL } from '@mbo/contracts/integration';
import { apiBaseUrl } from '../utils/api-base-url';

/** Where API keys are made (the integration page). */
const INTEGRATION_PAGE = '/settings/integration';
const STANDARD_WEBHOOKS = 'https://www.standardwebhooks.com/';
/** Code and names, the same in every language. */
const AUTH_HEADER = 'Authorization: Bearer sk_test_…';
const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const WEBHOOK_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
const STANDARD_WEBHOOKS_NAME = 'Standard Webhooks';
const OPENAPI_FILE = 'openapi.json';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="mbo-api-docs__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What a developer needs before the first call: where, how to authenticate, the limits and rules. */
export function ApiIntroCard() {
  const { t } = useTranslation('api-docs', { keyPrefix: 'intro' });
  const baseUrl = apiBaseUrl();
  const [id, timestamp, signature] = WEBHOOK_HEADERS;
  return (
    <Card className="mbo-api-docs__intro" title={t('title')}>
      <dl className="mbo-api-docs__facts">
        <Fact term={t('baseUrl')}>
          <Typography.Text code copyable={{ text: baseUrl, tooltips: [t('copyBaseUrl'), t('copied')] }}>
            {baseUrl}
          </Typography.Text>
        </Fact>
        <Fact term={t('auth')}>
          {t('authBefore')}
          <Link to={INTEGRATION_PAGE}>{t('authLink')}</Link>
          {t('authColon')}
          <Typography.Text code>{AUTH_HEADER}</Typography.Text>
          {t('authAfter')}
        </Fact>
        <Fact term={t('rateLimit')}>{t('rateLimitBody')}</Fact>
        <Fact term={t('idempotency')}>
          {t('idempotencyBefore')}
          <Typography.Text code>{IDEMPOTENCY_HEADER}</Typography.Text>
          {t('idempotencyAfter')}
        </Fact>
        <Fact term={t('webhooks')}>
          {t('webhooksBefore')}
          <a href={STANDARD_WEBHOOKS} target="_blank" rel="noopener noreferrer">
            {STANDARD_WEBHOOKS_NAME}
          </a>
          {t('webhooksOpen')}
          <Typography.Text code>{id}</Typography.Text>
          {t('webhooksComma')}
          <Typography.Text code>{timestamp}</Typography.Text>
          {t('webhooksComma')}
          <Typography.Text code>{signature}</Typography.Text>
          {t('webhooksAfter')}
        </Fact>
        <Fact term={t('openapi')}>
          <a href={OPENAPI_URL} download={OPENAPI_FILE}>
            <DownloadOutlined aria-hidden="true" /> {t('download', { file: OPENAPI_FILE })}
          </a>
          {t('openapiAfter')}
        </Fact>
      </dl>
    </Card>
  );
}
