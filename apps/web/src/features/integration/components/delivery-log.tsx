import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import {
  WEBHOOK_DELIVERY_KINDS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type DeliveryListRequest,
  type WebhookDeliveryFilters,
  type WebhookDeliveryRecord,
} from '@mbo/contracts/integration';
import { WEBHOOK_DELIVERIES_LIST } from '@mbo/contracts/lists/webhook-deliveries-list';
import ListPage from '@/components/list/list-page';
import { toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { useLabel } from '@/i18n/use-label';
import { deliveriesQueryOptions, deliveryStatusCountsQueryOptions } from '../api/webhook-deliveries-api';
import { DELIVERY_STATUS_TONE } from '../utils/integration-labels';
import { DeliveryDrawer } from './delivery-drawer';
import { useDeliveryLogTable } from './delivery-log-cells';
import '@/components/list/list.css';

/** The contract's limit of the search (an event or delivery id is far shorter). */
const KEYWORD_MAX = 100;

/**
 * The log's two calls: the page (filters, paging, sort; dates are days in the merchant's zone) and
 * the status tiles' counts (the same filters but the status). `endpointId`: one endpoint's log.
 */
export function deliveryLogQueries(
  list: ListQuery<typeof WEBHOOK_DELIVERIES_LIST>,
  tz: string | null | undefined,
  endpointId?: string,
  quiet = false,
) {
  const filters = toApiFilters(WEBHOOK_DELIVERIES_LIST, list.filters, tz) as WebhookDeliveryFilters;
  if (filters.keyword) filters.keyword = filters.keyword.slice(0, KEYWORD_MAX);
  if (endpointId) filters.endpointId = endpointId;
  const { status: _status, ...withoutStatus } = filters;
  const request: DeliveryListRequest = { ...filters, pageNum: list.pageNum, pageSize: list.pageSize, sort: list.sort };
  return { page: deliveriesQueryOptions(request, { quiet }), counts: deliveryStatusCountsQueryOptions(withoutStatus) };
}

export interface DeliveryLogProps {
  /** Only this endpoint's deliveries; every endpoint's otherwise. */
  endpointId?: string;
}

/**
 * The webhook delivery log: WEBHOOK_DELIVERIES_LIST by the list kit (in the page's tab: the embedded
 * header), with its status tiles and filters in the URL; a row opens the delivery in a drawer.
 */
export function DeliveryLog({ endpointId }: DeliveryLogProps) {
  const tz = useGlobalState().user?.timeZone;
  const { t } = useTranslation('integration', { keyPrefix: 'log' });
  const label = useLabel();
  // The words of the tiles' statuses and of the filters' codes (statuses, events, kinds: no code is in two sets).
  const codeLabels = Object.fromEntries([
    ...WEBHOOK_DELIVERY_STATUSES.map((s) => [s, label('WEBHOOK_DELIVERY_STATUSES', s)]),
    ...WEBHOOK_EVENT_TYPES.map((e) => [e, label('WEBHOOK_EVENT_TYPES', e)]),
    ...WEBHOOK_DELIVERY_KINDS.map((k) => [k, label('WEBHOOK_DELIVERY_KINDS', k)]),
  ]) as Record<string, string>;
  const list = useListState(WEBHOOK_DELIVERIES_LIST);
  const queries = deliveryLogQueries(list, tz, endpointId);
  const page = useQuery({ ...queries.page, placeholderData: keepPreviousData });
  const counts = useQuery({ ...queries.counts, placeholderData: keepPreviousData });
  const [open, setOpen] = useState<string | null>(null);
  const table = useDeliveryLogTable((r: WebhookDeliveryRecord) => setOpen(r.deliveryId));
  return (
    <div className="mbo-integration-log">
      <Typography.Title level={2} className="mbo-integration-h2">
        {t('title')}
      </Typography.Title>
      <ListPage<WebhookDeliveryRecord>
        list={list}
        header={{
          embedded: true,
          title: t('title'),
          intro: (
            <Typography.Text type="secondary">
              {t(endpointId ? 'introEndpoint' : 'introAll', { zone: timeZoneLabel(tz) })}
            </Typography.Text>
          ),
        }}
        query={page}
        statusLabels={codeLabels}
        statusTones={DELIVERY_STATUS_TONE}
        tileCounts={{ data: counts.data, loading: counts.isFetching }}
        {...table}
      >
        <DeliveryDrawer deliveryId={open} onClose={() => setOpen(null)} />
      </ListPage>
    </div>
  );
}
