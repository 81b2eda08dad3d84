import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Typography } from 'antd';
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
import { NO_WEBHOOK_PERMISSION, WEBHOOK_PERMISSION } from './webhook-permission';

/**
 * The endpoint's signing secret: hidden until "Reveal" asks the server for it (each reveal is
 * audited); kept in this card's state only, dropped by "Hide" or when the card goes. "Rotate" makes a
 * new one after a confirmation; the previous one keeps signing beside it for 24 hours.
 */
export function SigningSecretCard({ endpoint }: { endpoint: WebhookEndpointRecord }) {
  const { user, hasPermission } = useGlobalState();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const tz = user?.timeZone;
  const blocked = hasPermission(WEBHOOK_PERMISSION) ? null : NO_WEBHOOK_PERMISSION;
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmCall | null>(null);
  const reveal = useMutation({
    mutationFn: () => revealEndpointSecret(endpoint.endpointId),
    onSuccess: (answer) => setSecret(answer.secret),
  });
  const previousUntil = previousSecretUntil(endpoint.previousSecretExpiresAt);

  const askRotate = () =>
    setConfirm({
      title: 'Rotate the signing secret?',
      body: (
        <>
          <Typography.Paragraph>
            A new secret signs every delivery from now on. For the next {WEBHOOK_SECRET_OVERLAP_HOURS} hours each
            delivery is signed with both the new and the current secret, so your receiver keeps accepting them while you
            deploy the new one.
          </Typography.Paragraph>
          <Typography.Paragraph>
            After {WEBHOOK_SECRET_OVERLAP_HOURS} hours the current secret stops signing.
          </Typography.Paragraph>
        </>
      ),
      okText: 'Rotate secret',
      danger: true,
      failure: 'The secret could not be rotated. Try again.',
      run: () => rotateEndpointSecret(endpoint.endpointId),
      onDone: (answer) => {
        // The answer is the new secret: shown at once, as the user will want to copy it.
        setSecret((answer as WebhookEndpointSecret).secret);
        void message.success(`Secret rotated. The previous one signs too for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours.`);
        void queryClient.invalidateQueries({ queryKey: integrationKeys.endpoints() });
      },
    });

  return (
    <Card title="Signing secret" className="mbo-detail-card">
      <Typography.Paragraph type="secondary">
        Every delivery carries a signature made with this secret (Standard Webhooks: the webhook-signature header).
        Check it on your server before you trust a delivery.
      </Typography.Paragraph>
      {secret ? (
        <SecretReveal secret={secret} label="signing secret" />
      ) : (
        <code
          className="mbo-integration-secret__value mbo-integration-secret__value--hidden"
          aria-label="Signing secret, hidden"
        >
          whsec_••••••••••••••••••••••••
        </code>
      )}
      {previousUntil ? (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          title={`The previous secret also signs until ${formatZonedDateTime(previousUntil, tz)}.`}
        />
      ) : null}
      {reveal.isError ? (
        <div style={{ marginTop: 12 }}>
          <RefusalAlert error={reveal.error} fallback="The secret could not be shown. Try again." />
        </div>
      ) : null}
      <div className="mbo-integration-actions" style={{ marginTop: 12 }}>
        {secret ? (
          <Button icon={<EyeInvisibleOutlined aria-hidden="true" />} onClick={() => setSecret(null)}>
            Hide
          </Button>
        ) : (
          <GuardedButton
            icon={<EyeOutlined aria-hidden="true" />}
            loading={reveal.isPending}
            blocked={blocked}
            onClick={() => reveal.mutate()}
          >
            Reveal
          </GuardedButton>
        )}
        <GuardedButton icon={<SyncOutlined aria-hidden="true" />} blocked={blocked} onClick={askRotate}>
          Rotate
        </GuardedButton>
      </div>
      <ConfirmCallModal pending={confirm} onClose={() => setConfirm(null)} />
    </Card>
  );
}
