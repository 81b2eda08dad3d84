import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Modal, Radio, Space, Typography } from 'antd';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { describePlanInterval, type AgreementDetail, type CancelWhen } from '@mbo/contracts/subscriptions';
import { useTimeZone } from '@/components/detail/detail-cards';
import GuardedButton from '@/components/guarded-button';
import { displayMoney } from '@/lib/display-money';
import { formatZonedDateTime } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { ApiError } from '@/lib/http/request';
import { cancelAgreement } from '../api/agreements-api';
import { agreementKeys } from '../api/agreement-keys';
import { cancelChoices } from '../utils/agreement-status';

export const CANCEL_PERMISSION = 'API_SUBSCRIPTION_AGREEMENTS_CANCEL';
const NO_PERMISSION = 'Your role cannot cancel subscriptions.';
/** Answers after which the form no longer fits the agreement: it is closed and the agreement read again. */
const STALE_CODES: readonly string[] = [ERROR_CODES.AGREEMENT_NOT_CANCELLABLE, ERROR_CODES.AGREEMENT_NOT_FOUND];

type Props = { agreement: AgreementDetail };

/** The confirmation: when to cancel (only "now" where the period's end is not offered), then the call. */
export function CancelAgreementModal({ agreement: a, open, onClose }: Props & { open: boolean; onClose: () => void }) {
  const tz = useTimeZone();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const choices = cancelChoices(a);
  const [picked, setPicked] = useState<CancelWhen | null>(null);
  const when: CancelWhen = picked && choices.includes(picked) ? picked : (choices[0] ?? 'NOW');
  const periodEnd = formatZonedDateTime(a.periodEnd, tz);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: agreementKeys.all });

  const cancel = useMutation({
    mutationFn: () => cancelAgreement(a.agreementId, when),
    onSuccess: (detail) => {
      if (detail) queryClient.setQueryData(agreementKeys.detail(a.agreementId), detail);
      refresh();
      void message.success(
        when === 'NOW'
          ? 'Subscription cancelled. No further charges will be made.'
          : `The subscription will end on ${periodEnd}.`,
      );
      setPicked(null);
      onClose();
    },
    onError: (error) => {
      // The client showed the server's words; when the agreement changed meanwhile, show it as it is now.
      if (error instanceof ApiError && STALE_CODES.includes(error.code)) {
        refresh();
        onClose();
      }
    },
  });

  const options = [
    ...(choices.includes('PERIOD_END')
      ? [
          {
            value: 'PERIOD_END' as const,
            label: `At the end of the current period (on ${periodEnd})`,
            hint: 'No further charges; the customer keeps what they paid for until then.',
          },
        ]
      : []),
    {
      value: 'NOW' as const,
      label: 'Now — no further charges',
      hint: 'The subscription ends at once. Nothing already paid is refunded.',
    },
  ];

  return (
    <Modal
      open={open}
      title="Cancel subscription"
      okText={when === 'NOW' ? 'Cancel now' : 'Cancel at period end'}
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText="Keep subscription"
      onOk={() => cancel.mutate()}
      onCancel={() => {
        if (!cancel.isPending) onClose();
      }}
      maskClosable={!cancel.isPending}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text>
          {a.customerName} ({a.customerEmail}) pays {displayMoney(a.amount, a.currency)}{' '}
          {describePlanInterval(a.interval, a.intervalCount)}. When should the subscription end?
        </Typography.Text>
        <Radio.Group
          aria-label="When to cancel"
          value={when}
          onChange={(e) => setPicked(e.target.value as CancelWhen)}
          style={{ width: '100%' }}
        >
          <Space orientation="vertical" size={8}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value}>
                {o.label}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {o.hint}
                </Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {a.status === 'PAST_DUE' ? (
          <Typography.Text type="secondary">
            A past-due subscription can only be cancelled now: its current cycle is unpaid.
          </Typography.Text>
        ) : null}
        {a.cancelAtPeriodEnd && a.status === 'ACTIVE' ? (
          <Typography.Text type="secondary">
            It is already set to end on {periodEnd}; you can still end it now instead.
          </Typography.Text>
        ) : null}
      </Space>
    </Modal>
  );
}

/**
 * "Cancel subscription" ("Cancel now" once set to end with the period), while it can be; disabled with the reason
 * without the permission.
 */
export function CancelAgreementAction({ agreement }: Props) {
  const { hasPermission } = useGlobalState();
  const [open, setOpen] = useState(false);
  const choices = cancelChoices(agreement);
  if (choices.length === 0) return null;
  const label = agreement.cancelAtPeriodEnd ? 'Cancel now' : 'Cancel subscription';
  return (
    <>
      <GuardedButton
        danger
        blocked={hasPermission(CANCEL_PERMISSION) ? null : NO_PERMISSION}
        onClick={() => setOpen(true)}
      >
        {label}
      </GuardedButton>
      <CancelAgreementModal agreement={agreement} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
