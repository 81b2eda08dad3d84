import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import AuthCard from '@/components/auth-card';
import { HOME_PATH } from '@/lib/login-redirect';
import { forceResetPassword } from '../api/force-reset-password';
import { logout } from '../api/logout';
import { NewPasswordFields, type NewPasswordValues } from '@/components/new-password-fields';
import { useTranslation } from '@/i18n/use-translation';

interface ForceResetValues extends NewPasswordValues {
  currentPassword: string;
}

/** /auth/force_reset_password: a user flagged for a reset must replace their password first. */
export default function ForceResetPasswordPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation('auth-links');
  const [form] = Form.useForm<ForceResetValues>();

  const mutation = useMutation({
    mutationFn: forceResetPassword,
    onSuccess: () => {
      message.success(t('forceReset.done'));
      navigate(HOME_PATH, { replace: true });
    },
  });
  const logoutMutation = useMutation({
    mutationFn: logout,
    // Leave whatever the answer: the session is unusable until the reset anyway.
    onSettled: () => {
      queryClient.clear();
      navigate('/auth/login', { replace: true });
    },
  });

  return (
    <AuthCard
      title={t('forceReset.title')}
      subtitle={t('forceReset.subtitle')}
      footer={
        <>
          {t('forceReset.notNow')}{' '}
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto' }}
            loading={logoutMutation.isPending}
            onClick={() => logoutMutation.mutate()}
          >
            {t('forceReset.logout')}
          </Button>
        </>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 20 }} title={t('forceReset.why')} />
      <Form<ForceResetValues>
        form={form}
        name="force-reset-password"
        layout="vertical"
        requiredMark={false}
        disabled={mutation.isPending}
        onFinish={(values) =>
          mutation.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword })
        }
      >
        <Form.Item
          name="currentPassword"
          label={t('forceReset.current')}
          rules={[{ required: true, message: t('forceReset.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <NewPasswordFields differentFrom="currentPassword" />
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          {t('forceReset.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
