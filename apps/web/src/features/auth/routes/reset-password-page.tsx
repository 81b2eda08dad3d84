import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CheckLinkResponse } from '@mbo/contracts/usercenter';
import AuthCard from '@/components/auth-card';
import { resetPassword } from '../api/reset-password';
import { LinkCheck } from '../components/link-check';
import { LinkSummary } from '../components/link-summary';
import { loginNoticeState } from '../components/login-notice';
import { NewPasswordFields, type NewPasswordValues } from '@/components/new-password-fields';
import { useTranslation } from '@/i18n/use-translation';

/** /auth/reset_password?token=: set a new password from the emailed reset link. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { t } = useTranslation('auth-links');
  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={
        <>
          {t('rememberedIt')} <Link to="/auth/login">{t('backToLogin')}</Link>
        </>
      }
    >
      <LinkCheck type="RESET" token={token}>
        {(link) => <ResetForm token={token} link={link} />}
      </LinkCheck>
    </AuthCard>
  );
}

function ResetForm({ token, link }: { token: string; link: CheckLinkResponse }) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth-links');
  const [form] = Form.useForm<NewPasswordValues>();
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: () =>
      navigate('/auth/login', {
        replace: true,
        state: loginNoticeState({
          email: link.email,
          message: t('reset.done'),
        }),
      }),
  });

  return (
    <>
      <LinkSummary link={link} />
      <Form<NewPasswordValues>
        form={form}
        name="reset-password"
        layout="vertical"
        requiredMark={false}
        disabled={mutation.isPending}
        onFinish={(values) => mutation.mutate({ token, password: values.newPassword })}
      >
        <input type="text" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          {t('reset.submit')}
        </Button>
      </Form>
    </>
  );
}
