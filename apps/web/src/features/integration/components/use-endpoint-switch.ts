import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { WebhookEndpointRecord } from '@mbo/contracts/integration';
import { integrationKeys } from '../api/integration-query-keys';
import { setEndpointEnabled } from '../api/webhook-endpoints-api';

/** Turns an endpoint on or off, says so, and reads the endpoints again; `switching` is the endpoint whose call runs. */
export function useEndpointSwitch() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const call = useMutation({
    mutationFn: ({ endpoint, enabled }: { endpoint: WebhookEndpointRecord; enabled: boolean }) =>
      setEndpointEnabled(endpoint.endpointId, enabled),
    onSuccess: (_answer, { enabled }) =>
      void message.success(
        enabled ? 'Endpoint enabled: new events are sent to it.' : 'Endpoint disabled: nothing is sent to it.',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.endpoints() }),
  });
  return {
    switching: call.isPending ? (call.variables?.endpoint.endpointId ?? null) : null,
    setEnabled: (endpoint: WebhookEndpointRecord, enabled: boolean) => call.mutate({ endpoint, enabled }),
  };
}
