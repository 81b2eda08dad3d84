import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LoginRequest } from '@mbo/contracts/usercenter';
import AuthCard from '@/components/auth-card';
import { HOME_PATH, safeRedirect } from '@/lib/login-redirect';
import { login } from '../api/login';
import { useSignInCall } from '../utils/use-sign-in-call';
import type { LoginTwoFactorResponse } from '../api/login-two-factor';
import { readLoginNotice } from '../components/login-notice';
import TwoFactorStep from '../components/two-factor-step';
import { useTranslation } from '@/i18n/use-translation';

/**
 * /auth/login: email + password. Catalogue errors (wrong password, locked, …) come as toasts. A user
 * with two-factor sign-in gets no session from the password: the second step asks for a code first.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const notice = readLoginNotice(location.state);
  const [form] = Form.useForm<LoginRequest>();
  const [secondStep, setSecondStep] = useState<{ challenge: string; email: string } | null>(null);
  const [expired, setExpired] = useState(false);
  const [returned, setReturned] = useState(false);

  const signedIn = (result: LoginTwoFactorResponse) => {
    // A new session: nothing cached for the previous one may show.
    queryClient.clear();
    if (result.forceResetPassword) navigate('/auth/force_reset_password', { replace: true });
    else navigate(safeRedirect(searchParams.get('redirect'), HOME_PATH), { replace: true });
  };

  const mutation = useSignInCall(login, {
    onSuccess: (result, body) => {
      if (result.twoFactorRequired && result.challenge) {
        form.setFieldValue('password', '');
        setExpired(false);
        setSecondStep({ challenge: result.challenge, email: body.email });
        return;
      }
      signedIn(result);
    },
    onError: () => {
      form.setFieldValue('password', '');
      form.getFieldInstance('password')?.focus?.();
    },
  });

  const backToPassword = (tooLate: boolean) => {
    setSecondStep(null);
    setExpired(tooLate);
    setReturned(true);
    mutation.reset();
  };

  if (secondStep) {
    return (
      <TwoFactorStep
        challenge={secondStep.challenge}
        email={secondStep.email}
        onSignedIn={signedIn}
        onBack={() => backToPassword(false)}
        onExpired={() => backToPassword(true)}
      />
    );
  }

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')} footer={t('login.footer')}>
      {expired ? (
        <Alert type="warning" showIcon role="alert" title={t('login.challengeExpired')} style={{ marginBottom: 20 }} />
      ) : notice ? (
        <Alert type="success" showIcon title={notice.message} style={{ marginBottom: 20 }} />
      ) : null}
      <Form<LoginRequest>
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: notice?.email ?? '' }}
        onFinish={(values) => mutation.mutate({ email: values.email.trim(), password: values.password })}
        disabled={mutation.isPending}
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
          <Input type="email" autoComplete="username" inputMode="email" autoFocus={!notice?.email && !returned} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
          style={{ marginBottom: 8 }}
        >
          <Input.Password autoComplete="current-password" autoFocus={Boolean(notice?.email) || returned} />
        </Form.Item>
        <div style={{ textAlign: 'right', marginBottom: 20 }}>
          <Link to="/auth/forgot_password">{t('login.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
