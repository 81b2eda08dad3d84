import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Skeleton, Typography } from 'antd';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { ApiKeyList, ApiKeyRecord } from '@mbo/contracts/integration';
import GuardedButton from '@/components/guarded-button';
import { useGlobalState } from '@/lib/global-state';
import { apiKeysQueryOptions, revokeApiKey } from '../api/api-keys-api';
import { integrationKeys } from '../api/integration-query-keys';
import { keyPrefixText } from '../utils/integration-labels';
import { ApiKeysTable } from './api-keys-table';
import { ConfirmCallModal, type ConfirmCall } from '@/components/confirm-call-modal';
import { CreateApiKeyModal } from './create-api-key-modal';

export const KEY_PERMISSION = 'API_KEY_MANAGE';
const NO_PERMISSION = 'Your role cannot create or revoke API keys (API_KEY_MANAGE). Ask an owner or admin.';

/** Why "Create key" is disabled, or null when it is not. */
export function createKeyBlocked(
  list: Pick<ApiKeyList, 'activeCount' | 'maxActive'> | undefined,
  canManage: boolean,
): string | null {
  if (!canManage) return NO_PERMISSION;
  if (!list) return 'The keys are still loading.';
  if (list.activeCount >= list.maxActive)
    return `You have ${list.maxActive} active keys, the most a merchant can have. Revoke one you no longer use to create another.`;
  return null;
}

function EmptyKeys() {
  return (
    <div className="mbo-integration-empty">
      <KeyOutlined aria-hidden="true" className="mbo-integration-empty__icon" />
      <Typography.Title level={2} className="mbo-integration-empty__title">
        No API keys yet
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 520, marginBottom: 0 }}>
        An API key lets your own server call the merchant API for this merchant: create payments and payment links,
        refund, read their status. Keep it on the server, never in a web page or an app.
      </Typography.Paragraph>
    </div>
  );
}

/**
 * Settings → Integration → API keys: how many are active of the limit, "Create key" (API_KEY_MANAGE;
 * disabled with the reason at the limit), and each key: name, prefix, mode, who created it and when,
 * when and from where it was last used, whether it is revoked; "Revoke" after a confirmation.
 */
export function ApiKeysTab() {
  const { hasPermission } = useGlobalState();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canManage = hasPermission(KEY_PERMISSION);
  const keys = useQuery(apiKeysQueryOptions());
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmCall | null>(null);
  const list = keys.data;
  const head = useRef<HTMLDivElement>(null);
  // The new key's dialog is removed, not animated away: focus goes back to "Create key" by hand.
  const closeCreate = () => {
    setCreating(false);
    requestAnimationFrame(() => head.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus());
  };

  const askRevoke = (k: ApiKeyRecord) =>
    setConfirm({
      title: `Revoke “${k.name}”?`,
      body: (
        <>
          <Typography.Paragraph>
            The key <span className="mbo-list-mono">{keyPrefixText(k)}</span> stops working immediately: every call made
            with it fails from now on, including calls already on their way. Whatever still uses it stops working.
          </Typography.Paragraph>
          <Typography.Paragraph>
            This cannot be undone. Create a new key first if something still needs one.
          </Typography.Paragraph>
        </>
      ),
      okText: 'Revoke key',
      danger: true,
      failure: 'The key could not be revoked. Try again.',
      run: () => revokeApiKey(k.keyId),
      onDone: () => {
        void message.success(`“${k.name}” revoked.`);
        void queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys() });
      },
    });

  let body: React.ReactNode;
  if (keys.isError && !list) {
    body = (
      <Alert
        type="error"
        showIcon
        title="The API keys could not be loaded."
        action={<Button onClick={() => void keys.refetch()}>Try again</Button>}
      />
    );
  } else if (!list) {
    body = (
      <div role="status" aria-label="Loading API keys">
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      </div>
    );
  } else if (list.records.length === 0) {
    body = <EmptyKeys />;
  } else {
    body = <ApiKeysTable records={list.records} loading={keys.isFetching} onRevoke={canManage ? askRevoke : null} />;
  }

  return (
    <section className="mbo-list-card mbo-integration-section" aria-label="API keys">
      <div className="mbo-integration-section__head" ref={head}>
        <div className="mbo-integration-section__intro">
          <Typography.Text type="secondary">
            Keys authenticate your server&apos;s calls to the merchant API.{' '}
            {list ? (
              <strong className="mbo-list-nowrap">
                {list.activeCount} of {list.maxActive} active keys
              </strong>
            ) : null}
          </Typography.Text>
        </div>
        <GuardedButton
          type="primary"
          icon={<PlusOutlined aria-hidden="true" />}
          blocked={createKeyBlocked(list, canManage)}
          onClick={() => setCreating(true)}
        >
          Create key
        </GuardedButton>
      </div>
      {body}
      <CreateApiKeyModal open={creating} onClose={closeCreate} />
      <ConfirmCallModal pending={confirm} onClose={() => setConfirm(null)} />
    </section>
  );
}
