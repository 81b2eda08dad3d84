import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { EyeInvisibleOutlined, EyeOutlined, SyncOutlined } from '@ant-design/icons';
import {
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type WebhookEndpointRecord,
  type WebhookEndpointSecret,
} from '@mbo/contracts/integration';
import GuardedButton from '@/components/guarded-button';
import { formatZonedDateTime } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { integrationKeys } from '../api/integration-query-keys';
import { revealEndpointSecret, rotateEndpointSecret } from '../api/webhook-endpoints-api';
import { previousSecretUntil } from '../utils/integration-labels';
import { ConfirmCallModal, type ConfirmCall } from '@/components/confirm-call-modal';
import { RefusalAlert } from '@/components/refusal-alert';
import { SecretReveal } from './secret-reveal';
import { WEBHOOK_PERMISSION } from './webhook-permission';

/** A secret's shape in place of the secret (not words: the same in every language). */
const HIDDEN_SECRET = 'whsec_••••••••••••••••••••••••';

/**
 * The endpoint's signing secret: hidden until "Reveal" asks the server for it (each reveal is
 * audited); kept in this card's state only, dropped by "Hide" or when the card goes. "Rotate" makes a
 * new one after a confirmation; the previous one keeps signing beside it for 24 hours.
 */
export function SigningSecretCard({ endpoint }: { endpoint: WebhookEndpointRecord }) {
  const { user, hasPermission } = useGlobalState();
  const { message } = App.useApp();
  const { t: tr } = useTranslation('integration');
  const { t } = useTranslation('integration', { keyPrefix: 'signing' });
  const queryClient = useQueryClient();
  const tz = user?.timeZone;
  const blocked = hasPermission(WEBHOOK_PERMISSION) ? null : tr('webhooks.noPermission');
  const hours = WEBHOOK_SECRET_OVERLAP_HOURS;
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmCall | null>(null);
  const reveal = useMutation({
    mutationFn: () => revealEndpointSecret(endpoint.endpointId),
    onSuccess: (answer) => setSecret(answer.secret),
  });
  const previousUntil = previousSecretUntil(endpoint.previousSecretExpiresAt);

  const askRotate = () =>
    setConfirm({
      title: t('rotate.title'),
      body: (
        <>
          <Typography.Paragraph>{t('rotate.body', { hours })}</Typography.Paragraph>
          <Typography.Paragraph>{t('rotate.after', { hours })}</Typography.Paragraph>
        </>
      ),
      okText: t('rotate.ok'),
      danger: true,
      failure: t('rotate.failure'),
      run: () => rotateEndpointSecret(endpoint.endpointId),
      onDone: (answer) => {
        // The answer is the new secret: shown at once, as the user will want to copy it.
        setSecret((answer as WebhookEndpointSecret).secret);
        void message.success(t('rotate.done', { hours }));
        void queryClient.invalidateQueries({ queryKey: integrationKeys.endpoints() });
      },
    });

  return (
    <Card title={t('title')} className="mbo-detail-card">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {secret ? (
        <SecretReveal secret={secret} label={t('secretLabel')} />
      ) : (
        <code className="mbo-integration-secret__value mbo-integration-secret__value--hidden" aria-label={t('hidden')}>
          {HIDDEN_SECRET}
        </code>
      )}
      {previousUntil ? (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          title={t('previous', { time: formatZonedDateTime(previousUntil, tz) })}
        />
      ) : null}
      {reveal.isError ? (
        <div style={{ marginTop: 12 }}>
          <RefusalAlert error={reveal.error} fallback={t('revealFailure')} />
        </div>
      ) : null}
      <div className="mbo-integration-actions" style={{ marginTop: 12 }}>
        {secret ? (
          <Button icon={<EyeInvisibleOutlined aria-hidden="true" />} onClick={() => setSecret(null)}>
            {t('hide')}
          </Button>
        ) : (
          <GuardedButton
            icon={<EyeOutlined aria-hidden="true" />}
            loading={reveal.isPending}
            blocked={blocked}
            onClick={() => reveal.mutate()}
          >
            {t('reveal')}
          </GuardedButton>
        )}
        <GuardedButton icon={<SyncOutlined aria-hidden="true" />} blocked={blocked} onClick={askRotate}>
          {t('rotateButton')}
        </GuardedButton>
      </div>
      <ConfirmCallModal pending={confirm} onClose={() => setConfirm(null)} />
    </Card>
  );
}
