import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Space } from 'antd';
import type { ApprovalKind } from '@mbo/contracts/approvals';
import { useGlobalState } from '@/lib/global-state';
import { invalidateKeys } from '@/lib/query-keys';
import { approve, keysChangedByDecision, reject } from './approvals-api';
import { useTranslation } from '@/i18n/use-translation';

export interface ApprovalActionsProps {
  kind: ApprovalKind;
  id: string;
  /** Who made the order: they cannot decide it. */
  createdBy: string | null;
  /** "the withdrawal of 12,000.00 EUR". */
  what: string;
}

/**
 * Approve or reject an order awaiting approval (maker-checker), for a user with API_PAYOUT_APPROVE who
 * did not make it; the maker and users without the code read why they cannot. The server decides.
 */
export function ApprovalActions({ kind, id, createdBy, what }: ApprovalActionsProps) {
  const { user, hasPermission } = useGlobalState();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const { t } = useTranslation('kit', { keyPrefix: 'approvals' });
  const done = () => void invalidateKeys(queryClient, keysChangedByDecision(kind));
  const approval = useMutation({ mutationFn: () => approve(kind, id), onSettled: done });
  const rejection = useMutation({
    mutationFn: () => reject(kind, id, reason),
    onSuccess: () => setRejecting(false),
    onSettled: done,
  });
  const mine = createdBy !== null && createdBy === user?.email;
  if (!hasPermission('API_PAYOUT_APPROVE') || mine) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('waiting')}
        description={mine ? t('waitingMine') : t('waitingOther', { what })}
      />
    );
  }
  return (
    <>
      <Alert
        type="warning"
        showIcon
        title={t('waitingYours')}
        description={t('madeBy', { who: createdBy ?? t('aUser'), what })}
        action={
          <Space orientation="vertical">
            <Button type="primary" size="small" loading={approval.isPending} onClick={() => approval.mutate()}>
              {t('approve')}
            </Button>
            <Button danger size="small" onClick={() => setRejecting(true)}>
              {t('reject')}
            </Button>
          </Space>
        }
      />
      <Modal
        open={rejecting}
        title={t('rejectTitle')}
        okText={t('reject')}
        okButtonProps={{ danger: true }}
        confirmLoading={rejection.isPending}
        onOk={() => rejection.mutate()}
        onCancel={() => setRejecting(false)}
        centered
      >
        <p>{t('rejectBody')}</p>
        <label htmlFor="reject-reason">{t('rejectReason')}</label>
        <Input.TextArea
          id="reject-reason"
          rows={2}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}
