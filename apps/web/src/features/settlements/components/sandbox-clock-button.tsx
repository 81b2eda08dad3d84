import { useTranslation } from '@/i18n/use-translation';
import { useState } from 'react';
import { App, Button, Modal, Radio, Typography } from 'antd';
import { FieldTimeOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useGlobalState } from '@/lib/global-state';
import { displayNumber } from '@/lib/formats';
import { invalidateKeys } from '@/lib/query-keys';
import { advanceSandboxClock, keysChangedBySandboxAdvance, sandboxClockQueryOptions } from '../api/sandbox-clock';

const CHOICES = [1, 3, 7, 30] as const;

/**
 * The sandbox clock (servers with SANDBOX_CLOCK only, README "Settlements and balance"): settles
 * this merchant's batches as of a later day, so a test payment can be followed to a paid settlement
 * at once. Shown only when the server has it and the role may move it (API_SETTLEMENT_SANDBOX_ADVANCE:
 * it moves money; a read-only role sees the batches only).
 */
export function SandboxClockButton() {
  const { message } = App.useApp();
  const { hasPermission } = useGlobalState();
  const { t } = useTranslation('settlements', { keyPrefix: 'sandbox' });
  const counted = (key: string, n: number) => t(key, { count: n, number: displayNumber(n) });
  const queryClient = useQueryClient();
  const clock = useQuery(sandboxClockQueryOptions);
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number>(3);
  const mutation = useMutation({
    mutationFn: advanceSandboxClock,
    onSuccess: (result) => {
      message.success(
        result.settlements || result.closed
          ? t('done', {
              batches: counted('batches', result.closed),
              settlements: counted('settlements', result.settlements),
            })
          : t('nothing'),
      );
      void invalidateKeys(queryClient, keysChangedBySandboxAdvance());
      setOpen(false);
    },
  });
  if (!clock.data?.enabled || !hasPermission('API_SETTLEMENT_SANDBOX_ADVANCE')) return null;
  return (
    <>
      <Button icon={<FieldTimeOutlined />} onClick={() => setOpen(true)}>
        {t('button')}
      </Button>
      <Modal
        title={t('title')}
        open={open}
        okText={t('ok')}
        onOk={() => mutation.mutate(days)}
        confirmLoading={mutation.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('body')}</Typography.Paragraph>
        <Radio.Group
          aria-label={t('howFar')}
          optionType="button"
          value={days}
          onChange={(e) => setDays(e.target.value as number)}
          options={CHOICES.map((n) => ({ value: n, label: counted('days', n) }))}
        />
      </Modal>
    </>
  );
}
