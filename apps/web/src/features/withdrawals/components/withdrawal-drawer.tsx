import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Skeleton, Space } from 'antd';
import type { WithdrawalDetail } from '@mbo/contracts/withdrawals';
import { ApprovalActions } from '@/components/approvals/approval-actions';
import { DetailTimeline, type DetailEvent } from '@/components/detail/detail-timeline';
import { displayMoney } from '@/lib/display-money';
import { formatZonedDateTime } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { invalidateKeys } from '@/lib/query-keys';
import { cancelWithdrawal, withdrawalDetailQueryOptions } from '../api/withdrawals';
import { keysChangedByWithdrawal } from '../api/withdrawal-keys';
import { WITHDRAWAL_STATUS_LABEL, WITHDRAWAL_STATUS_TONE } from '../utils/withdrawal-status';
import { WithdrawalStatusTag } from './withdrawals-table';

const TITLES: Record<string, string> = {
  CREATED: 'Withdrawal submitted',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  PROCESSING: 'Sent to the bank',
  SUCCESS: 'Paid to the bank account',
  FAILED: 'Refused by the bank',
  CANCELLED: 'Cancelled',
};

function timelineOf(w: WithdrawalDetail): DetailEvent[] {
  return w.events.map((e, i) => ({
    key: `${i}-${e.type}`,
    title: TITLES[e.type] ?? e.type,
    status: WITHDRAWAL_STATUS_LABEL[e.status as keyof typeof WITHDRAWAL_STATUS_LABEL] ?? null,
    at: e.createdAt,
    note: [e.note, e.actor ? `by ${e.actor}` : null].filter(Boolean).join(' · ') || null,
    tone: WITHDRAWAL_STATUS_TONE[e.status as keyof typeof WITHDRAWAL_STATUS_TONE] ?? 'default',
  }));
}

/** One withdrawal: amounts, account, references and its timeline; cancel while it is pending (API_WITHDRAW_CREATE). */
export function WithdrawalDrawer({ withdrawalId, onClose }: { withdrawalId: string | null; onClose: () => void }) {
  const { user, hasPermission } = useGlobalState();
  const tz = user?.timeZone;
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const detail = useQuery({ ...withdrawalDetailQueryOptions(withdrawalId ?? ''), enabled: withdrawalId !== null });
  const cancel = useMutation({
    mutationFn: (id: string) => cancelWithdrawal(id),
    onSettled: () => invalidateKeys(queryClient, keysChangedByWithdrawal()),
  });
  const w = detail.data;
  const confirmCancel = (d: WithdrawalDetail) => {
    void modal.confirm({
      title: `Cancel the withdrawal of ${displayMoney(d.amount, d.currency)}?`,
      content: 'The amount goes back to your available balance now.',
      okText: 'Cancel withdrawal',
      okButtonProps: { danger: true },
      cancelText: 'Keep it',
      onOk: () => cancel.mutateAsync(d.withdrawalId).catch(() => undefined),
    });
  };
  return (
    <Drawer
      open={withdrawalId !== null}
      onClose={onClose}
      title={withdrawalId ? `Withdrawal ${withdrawalId}` : 'Withdrawal'}
      size={520}
      destroyOnHidden
    >
      {detail.isError ? (
        <Alert
          type="error"
          showIcon
          title="This withdrawal could not be loaded."
          action={<Button onClick={() => void detail.refetch()}>Try again</Button>}
        />
      ) : !w ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Status">
              <WithdrawalStatusTag status={w.status} />
            </Descriptions.Item>
            <Descriptions.Item label="Amount">{displayMoney(w.amount, w.currency)}</Descriptions.Item>
            <Descriptions.Item label="Fee">{displayMoney(w.fee, w.currency)}</Descriptions.Item>
            <Descriptions.Item label="Received">{displayMoney(w.netAmount, w.currency)}</Descriptions.Item>
            <Descriptions.Item label="To account">{`${w.bankName} ${w.maskedNumber}`}</Descriptions.Item>
            {w.remark ? <Descriptions.Item label="Remark">{w.remark}</Descriptions.Item> : null}
            {w.bankReference ? (
              <Descriptions.Item label="Bank reference">
                <span className="mbo-list-mono">{w.bankReference}</span>
              </Descriptions.Item>
            ) : null}
            {w.failureReason ? <Descriptions.Item label="Failure reason">{w.failureReason}</Descriptions.Item> : null}
            <Descriptions.Item label="Created">{`${formatZonedDateTime(w.createdAt, tz)}${w.createdBy ? ` by ${w.createdBy}` : ''}`}</Descriptions.Item>
            {w.finishedAt ? (
              <Descriptions.Item label="Finished">{formatZonedDateTime(w.finishedAt, tz)}</Descriptions.Item>
            ) : null}
          </Descriptions>
          {w.status === 'PENDING_APPROVAL' ? (
            <ApprovalActions
              kind="WITHDRAWAL"
              id={w.withdrawalId}
              createdBy={w.createdBy}
              what={`the withdrawal of ${displayMoney(w.amount, w.currency)}`}
            />
          ) : null}
          {w.status === 'PENDING' && hasPermission('API_WITHDRAW_CREATE') ? (
            <Button danger block loading={cancel.isPending} onClick={() => confirmCancel(w)}>
              Cancel withdrawal
            </Button>
          ) : null}
          <DetailTimeline events={timelineOf(w)} />
        </Space>
      )}
    </Drawer>
  );
}
