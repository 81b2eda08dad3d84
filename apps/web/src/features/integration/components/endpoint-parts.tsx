import { Switch, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, ClockCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';
import type { WebhookEndpointRecord } from '@mbo/contracts/integration';
import StatusTag from '@/components/list/status-tag';
import { formatZonedDateTime } from '@/lib/format-time';
import { ENDPOINT_STATE_TONE, endpointState } from '../utils/integration-labels';

/** Enabled / Disabled / Failing; a failing endpoint says the server turned it off, and since when it fails. */
export function EndpointStateTag({
  endpoint,
  timeZone,
}: {
  endpoint: WebhookEndpointRecord;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('integration', { keyPrefix: 'endpointState' });
  const { t: states } = useTranslation('integration', { keyPrefix: 'states.endpoint' });
  const state = endpointState(endpoint);
  return (
    <span>
      <StatusTag tone={ENDPOINT_STATE_TONE[state]}>{states(state)}</StatusTag>
      {state === 'FAILING' ? (
        <span className="mbo-list-sub" style={{ whiteSpace: 'normal' }}>
          {endpoint.failingSince
            ? t('failingSince', { time: formatZonedDateTime(endpoint.failingSince, timeZone) })
            : t('failing')}
        </span>
      ) : null}
    </span>
  );
}

/** The last 24 hours of deliveries: succeeded, failed and (when any) pending, with words for screen readers. */
export function RecentDeliveries({ recent }: { recent: WebhookEndpointRecord['recent'] }) {
  const { t } = useTranslation('integration', { keyPrefix: 'endpointState' });
  const counts = { succeeded: recent.succeeded, failed: recent.failed, pending: recent.pending };
  const label = recent.pending ? t('recentPending', counts) : t('recent', counts);
  return (
    <span className="mbo-integration-recent" aria-label={label} title={label}>
      <span className="mbo-integration-recent__ok">
        <CheckCircleFilled aria-hidden="true" /> {recent.succeeded}
      </span>
      <span className={recent.failed ? 'mbo-integration-recent__failed' : 'mbo-integration-recent__none'}>
        <CloseCircleFilled aria-hidden="true" /> {recent.failed}
      </span>
      {recent.pending ? (
        <span className="mbo-integration-recent__pending">
          <ClockCircleFilled aria-hidden="true" /> {recent.pending}
        </span>
      ) : null}
    </span>
  );
}

export interface EnabledSwitchProps {
  endpoint: WebhookEndpointRecord;
  /** Why the user may not switch it, or null. */
  blocked: string | null;
  busy: boolean;
  onChange: (enabled: boolean) => void;
}

/**
 * Turns an endpoint on or off (API_INTEGRATION_UPDATE); without the permission it stays visible, disabled, with the
 * reason.
 */
export function EnabledSwitch({ endpoint, blocked, busy, onChange }: EnabledSwitchProps) {
  const { t } = useTranslation('integration', { keyPrefix: 'endpointState' });
  const control = (
    <Switch
      size="small"
      checked={endpoint.enabled}
      loading={busy}
      disabled={!!blocked}
      aria-label={t('switchLabel', { url: endpoint.url })}
      onChange={(on, e) => {
        e.stopPropagation();
        onChange(on);
      }}
      onClick={(_, e) => e.stopPropagation()}
    />
  );
  return blocked ? (
    <Tooltip title={blocked}>
      <span>{control}</span>
    </Tooltip>
  ) : (
    control
  );
}

/** The URL of an endpoint over its description, cut with an ellipsis where narrow. */
export function EndpointUrl({ endpoint }: { endpoint: WebhookEndpointRecord }) {
  return (
    <span style={{ display: 'block', minWidth: 0 }}>
      <span className="mbo-integration-ellipsis mbo-list-mono" title={endpoint.url}>
        {endpoint.url}
      </span>
      {endpoint.description ? (
        <Typography.Text type="secondary" className="mbo-list-sub" title={endpoint.description}>
          {endpoint.description}
        </Typography.Text>
      ) : null}
    </span>
  );
}
