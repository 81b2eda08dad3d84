import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { AgreementDetail, CancelWhen } from '@mbo/contracts/subscriptions';
import { planIntervalWords } from '@/lib/display-plan';
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
/** Answers after which the form no longer fits the agreement: it is closed and the agreement read again. */
const STALE_CODES: readonly string[] = [ERROR_CODES.AGREEMENT_NOT_CANCELLABLE, ERROR_CODES.AGREEMENT_NOT_FOUND];

type Props = { agreement: AgreementDetail };

/** The confirmation: when to cancel (only "now" where the period's end is not offered), then the call. */
export function CancelAgreementModal({ agreement: a, open, onClose }: Props & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('subscriptions', { keyPrefix: 'cancel' });
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
      void message.success(when === 'NOW' ? t('successNow') : t('successEnd', { time: periodEnd }));
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
            label: t('periodEndLabel', { time: periodEnd }),
            hint: t('periodEndHint'),
          },
        ]
      : []),
    {
      value: 'NOW' as const,
      label: t('nowLabel'),
      hint: t('nowHint'),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('title')}
      okText={when === 'NOW' ? t('cancelNow') : t('cancelAtEnd')}
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText={t('keep')}
      onOk={() => cancel.mutate()}
      onCancel={() => {
        if (!cancel.isPending) onClose();
      }}
      maskClosable={!cancel.isPending}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text>
          {t('intro', {
            customer: a.customerName,
            email: a.customerEmail,
            amount: displayMoney(a.amount, a.currency),
            interval: planIntervalWords(a.interval, a.intervalCount),
          })}
        </Typography.Text>
        <Radio.Group
          aria-label={t('whenLabel')}
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
        {a.status === 'PAST_DUE' ? <Typography.Text type="secondary">{t('pastDueOnly')}</Typography.Text> : null}
        {a.cancelAtPeriodEnd && a.status === 'ACTIVE' ? (
          <Typography.Text type="secondary">{t('alreadySet', { time: periodEnd })}</Typography.Text>
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
  const { t } = useTranslation('subscriptions', { keyPrefix: 'cancel' });
  const { hasPermission } = useGlobalState();
  const [open, setOpen] = useState(false);
  const choices = cancelChoices(agreement);
  if (choices.length === 0) return null;
  const label = agreement.cancelAtPeriodEnd ? t('cancelNow') : t('title');
  return (
    <>
      <GuardedButton
        danger
        blocked={hasPermission(CANCEL_PERMISSION) ? null : t('noPermission')}
        onClick={() => setOpen(true)}
      >
        {label}
      </GuardedButton>
      <CancelAgreementModal agreement={agreement} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
