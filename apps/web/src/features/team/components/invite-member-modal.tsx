import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import type { InviteMemberRequest } from '@mbo/contracts/usercenter';
import { formatZonedDateTime } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { inviteMember } from '../api/members-api';
import { useRefreshTeam } from '../api/refresh-team';
import { roleMatrixQueryOptions } from '../api/roles-api';
import { roleOptions } from '../utils/role-grants';

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
  const { message } = App.useApp();
  const { user } = useGlobalState();
  const refresh = useRefreshTeam();
  const matrix = useQuery({ ...roleMatrixQueryOptions(), enabled: open });
  const [form] = Form.useForm<InviteValues>();
  const invite = useMutation({
    mutationFn: (body: InviteMemberRequest) => inviteMember(body),
    onSuccess: (sent) => {
      void message.success(
        `Invitation sent to ${sent.email}. The link works until ${formatZonedDateTime(sent.expiresAt, user?.timeZone)}.`,
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
      title="Invite member"
      okText="Send invitation"
      onOk={() => void submit()}
      confirmLoading={invite.isPending}
      onCancel={invite.isPending ? undefined : close}
      mask={{ closable: !invite.isPending }}
      destroyOnHidden
      centered
    >
      <Typography.Paragraph type="secondary">
        They get an email with a link to set their name and password. The link works for 7 days; you can send a new one
        from the list.
      </Typography.Paragraph>
      <Form<InviteValues> form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="email"
          label="Email"
          rules={[
            { required: true, whitespace: true, message: 'Enter the email address to invite.' },
            { type: 'email', message: 'Enter a valid email address, like name@company.com.' },
            { max: 254, message: 'An email address has at most 254 characters.' },
          ]}
          validateDebounce={400}
        >
          <Input type="email" autoComplete="off" spellCheck={false} placeholder="name@company.com" maxLength={254} />
        </Form.Item>
        <Form.Item
          name="roleCode"
          label="Role"
          rules={[{ required: true, message: 'Choose a role.' }]}
          extra="The Roles tab shows what each role can see and do."
        >
          <Select
            placeholder="Choose a role"
            loading={matrix.isPending && open}
            options={roleOptions(matrix.data, user?.roleCode === 'OWNER')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
