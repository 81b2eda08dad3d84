import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { changePassword } from '../api/change-password';
import { NewPasswordFields, type NewPasswordValues } from '@/components/new-password-fields';

interface ChangePasswordValues extends NewPasswordValues {
  currentPassword: string;
}

export interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
}

/** Change the logged-in user's password: current + new + confirmation. */
export default function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const { message } = App.useApp();
  const { t } = useTranslation('user-center', { keyPrefix: 'changePassword' });
  const [form] = Form.useForm<ChangePasswordValues>();
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      message.success(t('done'));
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      onCancel={() => {
        if (!mutation.isPending) onClose();
      }}
      afterClose={() => {
        form.resetFields();
        mutation.reset();
      }}
      title={t('title')}
      footer={null}
      width={480}
      forceRender
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 4 }}>
        {t('intro')}
      </Typography.Paragraph>
      <Form<ChangePasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        requiredMark={false}
        disabled={mutation.isPending}
        onFinish={(values) =>
          mutation.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword })
        }
      >
        <Form.Item
          name="currentPassword"
          label={t('current')}
          rules={[{ required: true, message: t('currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields differentFrom="currentPassword" />
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 8 }}>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('submit')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
