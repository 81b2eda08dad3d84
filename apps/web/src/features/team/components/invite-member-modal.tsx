import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { InviteMemberRequest } from '@mbo/contracts/usercenter';
import { useLabel } from '@/i18n/use-label';
import { formatZonedDateTime } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { inviteMember } from '../api/members-api';
import { useRefreshTeam } from '../api/refresh-team';
import { roleMatrixQueryOptions } from '../api/roles-api';
import { roleOptions } from '../utils/role-grants';
import { roleNameOf } from '../utils/member-status';

interface InviteValues {
  email: string;
  roleCode: string;
}

/**
 * Invites a member (API_MEMBER_ADD): an email and a role, built-in or custom (Owner only offered to an owner; a
 * role granting more than the inviter holds is shown disabled). The server
 * mails a register_password link valid for 7 days. A refusal ("User already exists.") is shown by the
 * client as a toast and the dialog stays open to fix it.
 */
export function InviteMemberModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('team', { keyPrefix: 'invite' });
  const { t: tTeam } = useTranslation('team');
  const label = useLabel();
  const { message } = App.useApp();
  const { user } = useGlobalState();
  const refresh = useRefreshTeam();
  const matrix = useQuery({ ...roleMatrixQueryOptions(), enabled: open });
  const [form] = Form.useForm<InviteValues>();
  const invite = useMutation({
    mutationFn: (body: InviteMemberRequest) => inviteMember(body),
    onSuccess: (sent) => {
      void message.success(
        t('sent', { email: sent.email, until: formatZonedDateTime(sent.expiresAt, user?.timeZone) }),
      );
      void refresh();
      close();
    },
  });
  function close() {
    form.resetFields();
    invite.reset();
    onClose();
  }
  const submit = async () => {
    let values: InviteValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    invite.mutate({ email: values.email.trim().toLowerCase(), roleCode: values.roleCode });
  };
  return (
    <Modal
      open={open}
      title={t('title')}
      okText={t('ok')}
      onOk={() => void submit()}
      confirmLoading={invite.isPending}
      onCancel={invite.isPending ? undefined : close}
      mask={{ closable: !invite.isPending }}
      destroyOnHidden
      centered
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Form<InviteValues> form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="email"
          label={t('email')}
          rules={[
            { required: true, whitespace: true, message: t('emailRequired') },
            { type: 'email', message: t('emailInvalid') },
            { max: 254, message: t('emailMax') },
          ]}
          validateDebounce={400}
        >
          <Input type="email" autoComplete="off" spellCheck={false} placeholder="name@company.com" maxLength={254} />
        </Form.Item>
        <Form.Item
          name="roleCode"
          label={t('role')}
          rules={[{ required: true, message: t('roleRequired') }]}
          extra={t('roleExtra')}
        >
          <Select
            placeholder={t('rolePlaceholder')}
            loading={matrix.isPending && open}
            options={roleOptions(
              tTeam,
              (code, name) => roleNameOf(label, code, name),
              matrix.data,
              user?.roleCode === 'OWNER',
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
