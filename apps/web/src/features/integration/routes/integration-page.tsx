import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { WEBHOOK_DELIVERIES_LIST } from '@mbo/contracts/lists/webhook-deliveries-list';
import { readListQuery } from '@/components/list/list-request';
import PageHeader from '@/components/page-header';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { apiKeysQueryOptions } from '../api/api-keys-api';
import { endpointQueryOptions, endpointsQueryOptions } from '../api/webhook-endpoints-api';
import { ApiKeysTab } from '../components/api-keys-tab';
import { deliveryLogQueries } from '../components/delivery-log';
import { EndpointView } from '../components/endpoint-view';
import { IntegrationOverview } from '../components/integration-overview';
import { WebhooksTab } from '../components/webhooks-tab';
import '../components/integration.css';

export type IntegrationTab = 'keys' | 'webhooks';

/** The tab the URL asks for (`?tab=webhooks`); API keys otherwise. */
export function integrationTabOf(raw: string | null): IntegrationTab {
  return raw === 'webhooks' ? 'webhooks' : 'keys';
}

/** The endpoint the URL opens (`?endpoint=we_…`), when it is an endpoint id at all. */
export function endpointParamOf(raw: string | null): string | null {
  return raw && /^we_[0-9A-Z]{17}$/.test(raw) ? raw : null;
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  if (integrationTabOf(search.get('tab')) === 'keys') {
    void queryClient.prefetchQuery(apiKeysQueryOptions({ quiet: true }));
    return;
  }
  const endpointId = endpointParamOf(search.get('endpoint'));
  if (endpointId) void queryClient.prefetchQuery(endpointQueryOptions(endpointId));
  else void queryClient.prefetchQuery(endpointsQueryOptions({ quiet: true }));
  const log = deliveryLogQueries(
    readListQuery(WEBHOOK_DELIVERIES_LIST, search),
    timeZone,
    endpointId ?? undefined,
    true,
  );
  void queryClient.prefetchQuery(log.page);
  void queryClient.prefetchQuery(log.counts);
};

/**
 * /settings/integration: the merchant id, the API's base URL and the API docs (PAGE_API_DOCS), then
 * two tabs: API keys, and Webhooks (endpoints and their delivery log; `?endpoint=` opens one). `?tab=`
 * holds the tab; switching tabs or endpoints drops the other view's filters, page and sort, and only
 * the active tab is mounted.
 */
export default function IntegrationPage() {
  const { t } = useTranslation('integration', { keyPrefix: 'page' });
  const [search, setSearch] = useSearchParams();
  const tab = integrationTabOf(search.get('tab'));
  const endpointId = endpointParamOf(search.get('endpoint'));
  const openEndpoint = (id: string | null) => setSearch(id ? { tab: 'webhooks', endpoint: id } : { tab: 'webhooks' });
  const items = [
    { key: 'keys', label: t('tabs.keys'), children: <ApiKeysTab /> },
    {
      key: 'webhooks',
      label: t('tabs.webhooks'),
      children: endpointId ? (
        <EndpointView key={endpointId} endpointId={endpointId} onBack={() => openEndpoint(null)} />
      ) : (
        <WebhooksTab onOpen={openEndpoint} />
      ),
    },
  ];
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} subtitle={t('subtitle')} />
      <IntegrationOverview />
      <Tabs
        className="mbo-integration-tabs"
        activeKey={tab}
        onChange={(key) => setSearch(key === 'keys' ? {} : { tab: key })}
        items={items}
        destroyOnHidden
      />
    </>
  );
}
