import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CheckLinkResponse } from '@mbo/contracts/usercenter';
import AuthCard from '@/components/auth-card';
import { registerPassword } from '../api/register-password';
import { LinkCheck } from '../components/link-check';
import { LinkSummary } from '../components/link-summary';
import { loginNoticeState } from '../components/login-notice';
import { NewPasswordFields, type NewPasswordValues } from '@/components/new-password-fields';
import { useTranslation } from '@/i18n/use-translation';

interface RegisterValues extends NewPasswordValues {
  name: string;
}

/** /auth/register_password?token=: an invited user sets their name and first password. */
export default function RegisterPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { t } = useTranslation('auth-links');
  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.alreadySetUp')} <Link to="/auth/login">{t('register.login')}</Link>
        </>
      }
    >
      <LinkCheck type="INVITE" token={token}>
        {(link) => <RegisterForm token={token} link={link} />}
      </LinkCheck>
    </AuthCard>
  );
}

function RegisterForm({ token, link }: { token: string; link: CheckLinkResponse }) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth-links');
  const [form] = Form.useForm<RegisterValues>();
  const mutation = useMutation({
    mutationFn: registerPassword,
    onSuccess: () =>
      navigate('/auth/login', {
        replace: true,
        state: loginNoticeState({
          email: link.email,
          message: t('register.done'),
        }),
      }),
  });

  return (
    <>
      <LinkSummary link={link} />
      <Form<RegisterValues>
        form={form}
        name="register-password"
        layout="vertical"
        requiredMark={false}
        disabled={mutation.isPending}
        onFinish={(values) => mutation.mutate({ token, name: values.name.trim(), password: values.newPassword })}
      >
        {/* Lets password managers save the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <Form.Item
          name="name"
          label={t('register.name')}
          rules={[
            { required: true, whitespace: true, message: t('register.nameRequired') },
            { max: 100, message: t('register.nameTooLong') },
          ]}
        >
          <Input autoComplete="name" autoFocus />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
    </>
  );
}
