import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Result } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { ForgotPasswordRequest } from '@mbo/contracts/usercenter';
import AuthCard from '@/components/auth-card';
import { forgotPassword } from '../api/forgot-password';
import { useTranslation } from '@/i18n/use-translation';

/** /auth/forgot_password: email in, a neutral confirmation out. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { t } = useTranslation('auth-links');
  const [form] = Form.useForm<ForgotPasswordRequest>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: forgotPassword,
    onSuccess: (_, variables) => setSentTo(variables.email),
  });

  const footer = (
    <>
      {t('rememberedIt')} <Link to="/auth/login">{t('backToLogin')}</Link>
    </>
  );

  if (sentTo) {
    return (
      <AuthCard title={t('forgot.checkEmail')}>
        <Result
          status="success"
          style={{ padding: '8px 0 0' }}
          title={<span style={{ fontSize: 18 }}>{t('forgot.requested')}</span>}
          subTitle={
            <span role="status">
              {/* The neutral answer: the same whether or not an account exists for the email. */}
              {t('forgot.confirmation')} {t('forgot.spam')}
            </span>
          }
          extra={[
            <Button key="login" type="primary" onClick={() => navigate('/auth/login')}>
              {t('backToLogin')}
            </Button>,
            <Button
              key="again"
              onClick={() => {
                setSentTo(null);
                mutation.reset();
              }}
            >
              {t('forgot.anotherEmail')}
            </Button>,
          ]}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={footer}>
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
          label={t('email')}
          rules={[
            { required: true, whitespace: true, message: t('emailRequired') },
            { type: 'email', message: t('emailInvalid') },
          ]}
          normalize={(value: string) => value.replace(/\s/g, '')}
        >
          <Input type="email" autoComplete="username" inputMode="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          {t('forgot.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
