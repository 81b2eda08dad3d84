import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Skeleton, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
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

/** Why "Create key" is disabled, or null when it is not (`t`: the `integration` namespace's `keys`). */
export function createKeyBlocked(
  list: Pick<ApiKeyList, 'activeCount' | 'maxActive'> | undefined,
  canManage: boolean,
  t: TFunction,
): string | null {
  if (!canManage) return t('noPermission');
  if (!list) return t('stillLoading');
  if (list.activeCount >= list.maxActive) return t('atLimit', { max: list.maxActive });
  return null;
}

function EmptyKeys() {
  const { t } = useTranslation('integration', { keyPrefix: 'keys.empty' });
  return (
    <div className="mbo-integration-empty">
      <KeyOutlined aria-hidden="true" className="mbo-integration-empty__icon" />
      <Typography.Title level={2} className="mbo-integration-empty__title">
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 520, marginBottom: 0 }}>
        {t('body')}
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
  const { t } = useTranslation('integration', { keyPrefix: 'keys' });
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
      title: t('revoke.title', { name: k.name }),
      body: (
        <>
          <Typography.Paragraph>
            {t('revoke.bodyBefore')}
            <span className="mbo-list-mono">{keyPrefixText(k)}</span>
            {t('revoke.bodyAfter')}
          </Typography.Paragraph>
          <Typography.Paragraph>{t('revoke.final')}</Typography.Paragraph>
        </>
      ),
      okText: t('revoke.ok'),
      danger: true,
      failure: t('revoke.failure'),
      run: () => revokeApiKey(k.keyId),
      onDone: () => {
        void message.success(t('revoke.done', { name: k.name }));
        void queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys() });
      },
    });

  let body: React.ReactNode;
  if (keys.isError && !list) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={<Button onClick={() => void keys.refetch()}>{t('retry')}</Button>}
      />
    );
  } else if (!list) {
    body = (
      <div role="status" aria-label={t('loading')}>
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      </div>
    );
  } else if (list.records.length === 0) {
    body = <EmptyKeys />;
  } else {
    body = <ApiKeysTable records={list.records} loading={keys.isFetching} onRevoke={canManage ? askRevoke : null} />;
  }

  return (
    <section className="mbo-list-card mbo-integration-section" aria-label={t('section')}>
      <div className="mbo-integration-section__head" ref={head}>
        <div className="mbo-integration-section__intro">
          <Typography.Text type="secondary">
            {t('intro')}{' '}
            {list ? (
              <strong className="mbo-list-nowrap">
                {t('activeOf', { active: list.activeCount, max: list.maxActive })}
              </strong>
            ) : null}
          </Typography.Text>
        </div>
        <GuardedButton
          type="primary"
          icon={<PlusOutlined aria-hidden="true" />}
          blocked={createKeyBlocked(list, canManage, t)}
          onClick={() => setCreating(true)}
        >
          {t('create')}
        </GuardedButton>
      </div>
      {body}
      <CreateApiKeyModal open={creating} onClose={closeCreate} />
      <ConfirmCallModal pending={confirm} onClose={() => setConfirm(null)} />
    </section>
  );
}
