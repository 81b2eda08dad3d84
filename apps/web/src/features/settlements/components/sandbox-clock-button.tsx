import { useState } from 'react';
import { App, Button, Modal, Radio, Typography } from 'antd';
import { FieldTimeOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useGlobalState } from '@/lib/global-state';
import { invalidateKeys } from '@/lib/query-keys';
import { advanceSandboxClock, keysChangedBySandboxAdvance, sandboxClockQueryOptions } from '../api/sandbox-clock';

const CHOICES = [1, 3, 7, 30] as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The sandbox clock (servers with SANDBOX_CLOCK only, README "Settlements and balance"): settles
 * this merchant's batches as of a later day, so a test payment can be followed to a paid settlement
 * at once. Shown only when the server has it and the role may move it (API_SETTLEMENT_SANDBOX_ADVANCE:
 * it moves money; a read-only role sees the batches only).
 */
export function SandboxClockButton() {
  const { message } = App.useApp();
  const { hasPermission } = useGlobalState();
  const queryClient = useQueryClient();
  const clock = useQuery(sandboxClockQueryOptions);
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number>(3);
  const mutation = useMutation({
    mutationFn: advanceSandboxClock,
    onSuccess: (result) => {
      message.success(
        result.settlements || result.closed
          ? `${plural(result.closed, 'batch', 'batches')} closed, ${plural(result.settlements, 'settlement')} paid.`
          : 'Nothing was due by then.',
      );
      void invalidateKeys(queryClient, keysChangedBySandboxAdvance());
      setOpen(false);
    },
  });
  if (!clock.data?.enabled || !hasPermission('API_SETTLEMENT_SANDBOX_ADVANCE')) return null;
  return (
    <>
      <Button icon={<FieldTimeOutlined />} onClick={() => setOpen(true)}>
        Move time forward
      </Button>
      <Modal
        title="Move time forward (sandbox)"
        open={open}
        okText="Settle as of then"
        onOk={() => mutation.mutate(days)}
        confirmLoading={mutation.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          Runs this merchant&apos;s settlement cycle as if it were later: batches past their cut-off by then close, and
          those due by then settle into your available balance now. Only in the sandbox; nothing of other merchants
          moves.
        </Typography.Paragraph>
        <Radio.Group
          aria-label="How far ahead"
          optionType="button"
          value={days}
          onChange={(e) => setDays(e.target.value as number)}
          options={CHOICES.map((n) => ({ value: n, label: plural(n, 'day') }))}
        />
      </Modal>
    </>
  );
}
