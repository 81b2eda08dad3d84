import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Result } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { ForgotPasswordRequest } from '@mbo/contracts/usercenter';
import AuthCard from '@/components/auth-card';
import { forgotPassword } from '../api/forgot-password';

/** The neutral answer: the same whether or not an account exists for the email. */
const FORGOT_PASSWORD_CONFIRMATION =
  'If an account exists for that email, we have sent a link to reset the password. The link is valid for 30 minutes.';

/** /auth/forgot_password: email in, a neutral confirmation out. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgotPasswordRequest>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: forgotPassword,
    onSuccess: (_, variables) => setSentTo(variables.email),
  });

  const footer = (
    <>
      Remembered it? <Link to="/auth/login">Back to log in</Link>
    </>
  );

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <Result
          status="success"
          style={{ padding: '8px 0 0' }}
          title={<span style={{ fontSize: 18 }}>Reset link requested</span>}
          subTitle={
            <span role="status">
              {FORGOT_PASSWORD_CONFIRMATION} Check your spam folder if it does not arrive within a few minutes.
            </span>
          }
          extra={[
            <Button key="login" type="primary" onClick={() => navigate('/auth/login')}>
              Back to log in
            </Button>,
            <Button
              key="again"
              onClick={() => {
                setSentTo(null);
                mutation.reset();
              }}
            >
              Use another email
            </Button>,
          ]}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you log in with and we will send you a link to set a new password."
      footer={footer}
    >
      <Form<ForgotPasswordRequest>
        form={form}
        name="forgot-password"
        layout="vertical"
        requiredMark={false}
        disabled={mutation.isPending}
        onFinish={(values) => mutation.mutate({ email: values.email.trim() })}
      >
        <Form.Item
          name="email"
          label="Email"
          rules={[
            { required: true, whitespace: true, message: 'Enter your email address.' },
            { type: 'email', message: 'Enter a valid email address, like name@company.com.' },
          ]}
          normalize={(value: string) => value.replace(/\s/g, '')}
        >
          <Input type="email" autoComplete="username" inputMode="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          Send reset link
        </Button>
      </Form>
    </AuthCard>
  );
}
