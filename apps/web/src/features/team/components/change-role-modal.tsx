import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { MemberRecord } from '@mbo/contracts/team';
import { useLabel } from '@/i18n/use-label';
import { useGlobalState } from '@/lib/global-state';
import { updateMemberRole } from '../api/members-api';
import { useRefreshTeam } from '../api/refresh-team';
import { roleMatrixQueryOptions } from '../api/roles-api';
import { roleOptions } from '../utils/role-grants';
import { memberLabel, roleNameOf } from '../utils/member-status';
import { useLastShown } from '@/lib/use-last-shown';

/**
 * A new role for a member, built-in or custom (Owner only offered to an owner; a role granting more than the user
 * holds is shown disabled). It applies at their next call. A refusal (the last active Owner) is shown by the
 * client as a toast; the dialog stays open.
 */
export function ChangeRoleModal({ member: open, onClose }: { member: MemberRecord | null; onClose: () => void }) {
  const { t } = useTranslation('team', { keyPrefix: 'changeRole' });
  const { t: tTeam } = useTranslation('team');
  const label = useLabel();
  const roleName = (code: string, name: string) => roleNameOf(label, code, name);
  const member = useLastShown(open);
  const isOwner = useGlobalState().user?.roleCode === 'OWNER';
  const refresh = useRefreshTeam();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const matrix = useQuery({ ...roleMatrixQueryOptions(), enabled: open !== null });
  const options = roleOptions(tTeam, roleName, matrix.data, isOwner);
  const current = member && options.some((o) => o.value === member.roleCode) ? member.roleCode : undefined;
  const role = picked ?? current;
  const save = useMutation({
    mutationFn: (vars: { userId: string; roleCode: string }) => updateMemberRole(vars.userId, vars.roleCode),
    onSuccess: () => {
      void refresh();
      close();
    },
  });
  function close() {
    setPicked(undefined);
    save.reset();
    onClose();
  }
  return (
    <Modal
      open={open !== null}
      title={t('title')}
      okText={t('ok')}
      okButtonProps={{ disabled: !role || role === member?.roleCode }}
      onOk={() => member && role && save.mutate({ userId: member.userId, roleCode: role })}
      confirmLoading={save.isPending}
      onCancel={save.isPending ? undefined : close}
      mask={{ closable: !save.isPending }}
      destroyOnHidden
      centered
    >
      {member ? (
        <>
          <Typography.Paragraph>
            {t('intro', { who: memberLabel(member), role: roleName(member.roleCode, member.roleName) })}
          </Typography.Paragraph>
          <Form layout="vertical" component="div">
            <Form.Item label={t('role')} htmlFor="team-change-role">
              <Select
                id="team-change-role"
                value={role}
                placeholder={t('placeholder')}
                loading={matrix.isPending}
                options={options}
                onChange={(v: string) => setPicked(v)}
              />
            </Form.Item>
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
