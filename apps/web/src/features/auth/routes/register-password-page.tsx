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

interface RegisterValues extends NewPasswordValues {
  name: string;
}

/** /auth/register_password?token=: an invited user sets their name and first password. */
export default function RegisterPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <AuthCard
      title="Set up your account"
      subtitle="You have been invited to a merchant account. Choose your name and a password to finish."
      footer={
        <>
          Already set up? <Link to="/auth/login">Log in</Link>
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
  const [form] = Form.useForm<RegisterValues>();
  const mutation = useMutation({
    mutationFn: registerPassword,
    onSuccess: () =>
      navigate('/auth/login', {
        replace: true,
        state: loginNoticeState({
          email: link.email,
          message: 'Your account is ready. Log in with your new password.',
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
          label="Name"
          rules={[
            { required: true, whitespace: true, message: 'Enter your name.' },
            { max: 100, message: 'Your name can be at most 100 characters.' },
          ]}
        >
          <Input autoComplete="name" autoFocus />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          Set password
        </Button>
      </Form>
    </>
  );
}
