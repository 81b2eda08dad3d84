import { Link } from 'react-router';
import { Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { ApiOutlined, RightOutlined } from '@ant-design/icons';
import { API_DOCS_ROUTE } from '@mbo/contracts/integration';
import { useGlobalState } from '@/lib/global-state';
import './integration.css';

export const API_DOCS_PERMISSION = 'PAGE_API_DOCS';

/** Where the merchant REST API answers, on this server. */
export function apiBaseUrl(origin: string = window.location.origin): string {
  return `${origin}/api/v1`;
}

function Fact({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation('integration', { keyPrefix: 'overview' });
  return (
    <div className="mbo-integration-fact">
      <span className="mbo-integration-fact__label">{label}</span>
      <Typography.Text
        className="mbo-integration-fact__value mbo-list-mono"
        copyable={{ text: value, tooltips: [t('copy', { what: copyLabel }), t('copied')] }}
      >
        {value}
      </Typography.Text>
    </div>
  );
}

/**
 * What an integration starts from: the merchant id the API acts for, the API's base URL and, with
 * PAGE_API_DOCS, the way to the API reference.
 */
export function IntegrationOverview() {
  const { user, hasPermission } = useGlobalState();
  const { t } = useTranslation('integration', { keyPrefix: 'overview' });
  return (
    <section className="mbo-integration-overview" aria-label={t('label')}>
      <div className="mbo-integration-facts">
        {user?.merchantId ? (
          <Fact label={t('merchantId')} value={user.merchantId} copyLabel={t('merchantIdCopy')} />
        ) : null}
        <Fact label={t('baseUrl')} value={apiBaseUrl()} copyLabel={t('baseUrlCopy')} />
      </div>
      {hasPermission(API_DOCS_PERMISSION) ? (
        <Link to={API_DOCS_ROUTE} className="mbo-integration-docs">
          <ApiOutlined aria-hidden="true" className="mbo-integration-docs__icon" />
          <span className="mbo-integration-docs__text">
            <strong>{t('docs')}</strong>
            <span className="mbo-list-sub">{t('docsNote')}</span>
          </span>
          <RightOutlined aria-hidden="true" />
        </Link>
      ) : null}
    </section>
  );
}
