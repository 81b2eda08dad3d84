import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Skeleton, Space } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
import type { WithdrawalDetail } from '@mbo/contracts/withdrawals';
import { useLabel, type LabelKind } from '@/i18n/use-label';
import { ApprovalActions } from '@/components/approvals/approval-actions';
import { DetailTimeline, type DetailEvent } from '@/components/detail/detail-timeline';
import { useEventNote, type NotedEvent } from '@/components/detail/event-note';
import { displayMoney } from '@/lib/display-money';
import { formatZonedDateTime } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { invalidateKeys } from '@/lib/query-keys';
import { cancelWithdrawal, withdrawalDetailQueryOptions } from '../api/withdrawals';
import { keysChangedByWithdrawal } from '../api/withdrawal-keys';
import { WITHDRAWAL_STATUS_TONE } from '../utils/withdrawal-status';
import { WithdrawalStatusTag } from './withdrawals-table';
import { RecordText } from '@/components/record-text';

const EVENT_TYPES = ['CREATED', 'APPROVED', 'REJECTED', 'PROCESSING', 'SUCCESS', 'FAILED', 'CANCELLED'];

function timelineOf(
  w: WithdrawalDetail,
  t: TFunction,
  label: (kind: LabelKind, code: string) => string,
  note: (e: NotedEvent) => string | null,
): DetailEvent[] {
  return w.events.map((e, i) => ({
    key: `${i}-${e.type}`,
    title: EVENT_TYPES.includes(e.type) ? t(`events.${e.type}`) : e.type,
    status: e.status && e.status in WITHDRAWAL_STATUS_TONE ? label('WITHDRAWAL_STATUSES', e.status) : null,
    at: e.createdAt,
    note: note(e),
    tone: WITHDRAWAL_STATUS_TONE[e.status as keyof typeof WITHDRAWAL_STATUS_TONE] ?? 'default',
  }));
}

/** One withdrawal: amounts, account, references and its timeline; cancel while it is pending (API_WITHDRAW_CREATE). */
export function WithdrawalDrawer({ withdrawalId, onClose }: { withdrawalId: string | null; onClose: () => void }) {
  const { user, hasPermission } = useGlobalState();
  const tz = user?.timeZone;
  const { modal } = App.useApp();
  const { t } = useTranslation('withdrawals', { keyPrefix: 'drawer' });
  const label = useLabel();
  const eventNote = useEventNote();
  const queryClient = useQueryClient();
  const detail = useQuery({ ...withdrawalDetailQueryOptions(withdrawalId ?? ''), enabled: withdrawalId !== null });
  const cancel = useMutation({
    mutationFn: (id: string) => cancelWithdrawal(id),
    onSettled: () => invalidateKeys(queryClient, keysChangedByWithdrawal()),
  });
  const w = detail.data;
  const confirmCancel = (d: WithdrawalDetail) => {
    void modal.confirm({
      title: t('cancelTitle', { amount: displayMoney(d.amount, d.currency) }),
      content: t('cancelContent'),
      okText: t('cancel'),
      okButtonProps: { danger: true },
      cancelText: t('keep'),
      onOk: () => cancel.mutateAsync(d.withdrawalId).catch(() => undefined),
    });
  };
  return (
    <Drawer
      open={withdrawalId !== null}
      onClose={onClose}
      title={withdrawalId ? t('title', { id: withdrawalId }) : t('titleNone')}
      size={520}
      destroyOnHidden
    >
      {detail.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={<Button onClick={() => void detail.refetch()}>{t('retry')}</Button>}
        />
      ) : !w ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('status')}>
              <WithdrawalStatusTag status={w.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('amount')}>{displayMoney(w.amount, w.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('fee')}>{displayMoney(w.fee, w.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('received')}>{displayMoney(w.netAmount, w.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('toAccount')}>{`${w.bankName} ${w.maskedNumber}`}</Descriptions.Item>
            {w.remark ? <Descriptions.Item label={t('remark')}>{w.remark}</Descriptions.Item> : null}
            {w.bankReference ? (
              <Descriptions.Item label={t('bankReference')}>
                <span className="mbo-list-mono">{w.bankReference}</span>
              </Descriptions.Item>
            ) : null}
            {w.failureReason ? (
              <Descriptions.Item label={t('failureReason')}>
                <RecordText text={w.failureReason} />
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('created')}>
              {w.createdBy
                ? t('createdBy', { at: formatZonedDateTime(w.createdAt, tz), actor: w.createdBy })
                : formatZonedDateTime(w.createdAt, tz)}
            </Descriptions.Item>
            {w.finishedAt ? (
              <Descriptions.Item label={t('finished')}>{formatZonedDateTime(w.finishedAt, tz)}</Descriptions.Item>
            ) : null}
          </Descriptions>
          {w.status === 'PENDING_APPROVAL' ? (
            <ApprovalActions
              kind="WITHDRAWAL"
              id={w.withdrawalId}
              createdBy={w.createdBy}
              what={t('what', { amount: displayMoney(w.amount, w.currency) })}
            />
          ) : null}
          {w.status === 'PENDING' && hasPermission('API_WITHDRAW_CREATE') ? (
            <Button danger block loading={cancel.isPending} onClick={() => confirmCancel(w)}>
              {t('cancel')}
            </Button>
          ) : null}
          <DetailTimeline events={timelineOf(w, t, label, eventNote)} />
        </Space>
      )}
    </Drawer>
  );
}
