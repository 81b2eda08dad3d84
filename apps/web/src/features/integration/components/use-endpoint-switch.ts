import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { WebhookEndpointRecord } from '@mbo/contracts/integration';
import { integrationKeys } from '../api/integration-query-keys';
import { setEndpointEnabled } from '../api/webhook-endpoints-api';

/** Turns an endpoint on or off, says so, and reads the endpoints again; `switching` is the endpoint whose call runs. */
export function useEndpointSwitch() {
  const { message } = App.useApp();
  const { t } = useTranslation('integration', { keyPrefix: 'endpointSwitch' });
  const queryClient = useQueryClient();
  const call = useMutation({
    mutationFn: ({ endpoint, enabled }: { endpoint: WebhookEndpointRecord; enabled: boolean }) =>
      setEndpointEnabled(endpoint.endpointId, enabled),
    onSuccess: (_answer, { enabled }) => void message.success(enabled ? t('enabled') : t('disabled')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.endpoints() }),
  });
  return {
    switching: call.isPending ? (call.variables?.endpoint.endpointId ?? null) : null,
    setEnabled: (endpoint: WebhookEndpointRecord, enabled: boolean) => call.mutate({ endpoint, enabled }),
  };
}
