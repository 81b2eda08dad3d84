import { useMutation } from '@tanstack/react-query';
import { Modal, Typography } from 'antd';
import type { MemberRecord } from '@mbo/contracts/team';
import { resendInvite, revokeInvite, updateMemberStatus } from '../api/members-api';
import { useRefreshTeam } from '../api/refresh-team';
import { memberLabel } from '../utils/member-status';
import { useLastShown } from '@/lib/use-last-shown';

/** The actions that are one confirmation and one call. */
export type ConfirmedAction = 'disable' | 'enable' | 'resend' | 'revoke';

export interface PendingConfirm {
  action: ConfirmedAction;
  member: MemberRecord;
}

function texts(action: ConfirmedAction, m: MemberRecord): { title: string; body: string; ok: string; danger: boolean } {
  const who = memberLabel(m);
  switch (action) {
    case 'disable':
      return {
        title: `Disable ${who}?`,
        body: 'All their sessions end at once: they are signed out everywhere and cannot sign in until re-enabled. What they did stays in the history.',
        ok: 'Disable',
        danger: true,
      };
    case 'enable':
      return { title: `Re-enable ${who}?`, body: `They can sign in again with their password, as ${m.roleName}.`, ok: 'Re-enable', danger: false };
    case 'resend':
      return {
        title: `Send a new invitation to ${m.email}?`,
        body: 'A new link, valid for 7 days, goes out by email. The earlier link stops working at once.',
        ok: 'Send new invitation',
        danger: false,
      };
    case 'revoke':
      return {
        title: `Revoke the invitation to ${m.email}?`,
        body: 'The invitation link stops working and they leave the list. You can invite them again later.',
        ok: 'Revoke invitation',
        danger: true,
      };
  }
}

function run({ action, member }: PendingConfirm): Promise<unknown> {
  switch (action) {
    case 'disable':
      return updateMemberStatus(member.userId, 'DISABLED');
    case 'enable':
      return updateMemberStatus(member.userId, 'ACTIVE');
    case 'resend':
      return resendInvite(member.userId);
    case 'revoke':
      return revokeInvite(member.userId);
  }
}

/**
 * The confirmation of disable, re-enable, resend and revoke, then the call. A refusal (the last
 * active Owner, an invitation accepted meanwhile) is shown by the client as a toast; the dialog stays
 * open, so nothing looks done that was not.
 */
export function MemberConfirmModal({ pending, onClose }: { pending: PendingConfirm | null; onClose: () => void }) {
  const refresh = useRefreshTeam();
  const call = useMutation({
    mutationFn: run,
    onSuccess: () => {
      void refresh();
      close();
    },
  });
  function close() {
    call.reset();
    onClose();
  }
  const shown = useLastShown(pending);
  const t = shown ? texts(shown.action, shown.member) : null;
  return (
    <Modal
      open={pending !== null}
      title={t?.title}
      okText={t?.ok}
      okButtonProps={{ danger: t?.danger }}
      onOk={() => pending && call.mutate(pending)}
      confirmLoading={call.isPending}
      onCancel={call.isPending ? undefined : close}
      mask={{ closable: !call.isPending }}
      destroyOnHidden
      centered
    >
      {t ? <Typography.Paragraph style={{ marginBottom: 0 }}>{t.body}</Typography.Paragraph> : null}
    </Modal>
  );
}
