import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { OPENAPI_URL } from '@mbo/contracts/integration';
import { apiBaseUrl } from '../utils/api-base-url';

/** Where API keys are made (the integration page). */
const INTEGRATION_PAGE = '/settings/integration';
const STANDARD_WEBHOOKS = 'https://www.standardwebhooks.com/';

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
  const baseUrl = apiBaseUrl();
  return (
    <Card className="mbo-api-docs__intro" title="Before you start">
      <dl className="mbo-api-docs__facts">
        <Fact term="Base URL">
          <Typography.Text code copyable={{ text: baseUrl, tooltips: ['Copy the base URL', 'Copied'] }}>
            {baseUrl}
          </Typography.Text>
        </Fact>
        <Fact term="Authentication">
          Authenticate with a secret key from <Link to={INTEGRATION_PAGE}>Settings → Integration</Link>:{' '}
          <Typography.Text code>Authorization: Bearer sk_test_…</Typography.Text>. The API never uses your back-office
          sign-in; calls you try below go to the sandbox with the key you enter under “Authorize”.
        </Fact>
        <Fact term="Rate limit">100 requests per second per key.</Fact>
        <Fact term="Idempotency">
          Send an <Typography.Text code>Idempotency-Key</Typography.Text> header with every refund: a retry with the
          same key returns the first answer instead of refunding twice.
        </Fact>
        <Fact term="Webhooks">
          Events are signed per{' '}
          <a href={STANDARD_WEBHOOKS} target="_blank" rel="noopener noreferrer">
            Standard Webhooks
          </a>{' '}
          (<Typography.Text code>webhook-id</Typography.Text>, <Typography.Text code>webhook-timestamp</Typography.Text>
          , <Typography.Text code>webhook-signature</Typography.Text>); verify them with your endpoint’s secret.
        </Fact>
        <Fact term="OpenAPI document">
          <a href={OPENAPI_URL} download="openapi.json">
            <DownloadOutlined aria-hidden="true" /> Download openapi.json
          </a>{' '}
          (OpenAPI 3.1), to generate a client or import into your API tool.
        </Fact>
      </dl>
    </Card>
  );
}
