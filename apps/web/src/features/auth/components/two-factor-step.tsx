import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { CLIENT_CODES } from '@mbo/contracts/client-codes';
import { TWO_FACTOR_RULES } from '@mbo/contracts/usercenter';
import AuthCard from '@/components/auth-card';
import { ApiError } from '@/lib/http/request';
import { loginTwoFactor, type LoginTwoFactorResponse } from '../api/login-two-factor';
import { useSignInCall } from '../utils/use-sign-in-call';
import { appCodeDigits, isAppCode, isRecoveryCode, normalizeCode } from '@/lib/two-factor-code';
import { useTranslation } from '@/i18n/use-translation';

export interface TwoFactorStepProps {
  /** The first step's challenge (valid TWO_FACTOR_RULES.challengeMinutes). */
  challenge: string;
  /** The account logging in, named on the card. */
  email: string;
  /** The session is set: continue as after a password-only login. */
  onSignedIn: (result: LoginTwoFactorResponse) => void;
  /** "Back": the password step. */
  onBack: () => void;
  /** The challenge expired (002001B041, or its time is up): the password step, saying why. */
  onExpired: () => void;
}

type Mode = 'app' | 'recovery';

/** Each mode's field: its check, and the keys of its words (auth:twoFactor.<mode>Label, …). */
const FIELD: Record<Mode, { valid: (v: string) => boolean }> = {
  app: { valid: isAppCode },
  recovery: { valid: isRecoveryCode },
};

/**
 * The login's second step, for a user with two-factor sign-in: a code from the authenticator app (or,
 * through "Use a recovery code instead", a recovery code). A wrong or used code keeps the step and
 * clears the field; a lock is shown; an expired challenge goes back to the password step.
 */
export default function TwoFactorStep({ challenge, email, onSignedIn, onBack, onExpired }: TwoFactorStepProps) {
  const [mode, setMode] = useState<Mode>('app');
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<{ code: string }>();
  const expired = useRef(onExpired);
  useEffect(() => {
    expired.current = onExpired;
  }, [onExpired]);

  // The server forgets the challenge after a few minutes: say so then, rather than at the next try.
  useEffect(() => {
    const timer = setTimeout(() => expired.current(), TWO_FACTOR_RULES.challengeMinutes * 60_000);
    return () => clearTimeout(timer);
  }, [challenge]);

  const mutation = useSignInCall(loginTwoFactor, {
    onSuccess: onSignedIn,
    onError: (error) => {
      if (error instanceof ApiError && error.code === CLIENT_CODES.TWO_FACTOR_CHALLENGE_INVALID) {
        onExpired();
        return;
      }
      form.setFieldValue('code', '');
      form.getFieldInstance('code')?.focus?.();
    },
  });

  const field = FIELD[mode];
  const switchMode = () => {
    setMode((m) => (m === 'app' ? 'recovery' : 'app'));
    form.resetFields();
    mutation.reset();
  };

  return (
    <AuthCard
      title={t('twoFactor.title')}
      subtitle={mode === 'app' ? t('twoFactor.appSubtitle', { email }) : t('twoFactor.recoverySubtitle')}
    >
      <Form<{ code: string }>
        form={form}
        name="login-two-factor"
        layout="vertical"
        requiredMark={false}
        disabled={mutation.isPending}
        onFinish={(values) => mutation.mutate({ challenge, code: normalizeCode(values.code) })}
      >
        <Form.Item
          key={mode}
          name="code"
          label={t(`twoFactor.${mode}Label`)}
          rules={[
            { required: true, whitespace: true, message: t(`twoFactor.${mode}Required`) },
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || field.valid(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t(`twoFactor.${mode}Invalid`))),
            },
          ]}
          normalize={mode === 'app' ? (value: string) => appCodeDigits(value ?? '') : undefined}
        >
          {mode === 'app' ? (
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} placeholder="123456" autoFocus />
          ) : (
            <Input
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={16}
              placeholder="xxxxx-xxxxx"
              autoFocus
            />
          )}
        </Form.Item>
        {mutation.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={mutation.error instanceof ApiError ? mutation.error.message : t('twoFactor.couldNotCheck')}
          />
        ) : null}
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          {t('twoFactor.verify')}
        </Button>
      </Form>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8, marginTop: 16 }}>
        <Button type="link" style={{ padding: 0 }} onClick={switchMode} disabled={mutation.isPending}>
          {mode === 'app' ? t('twoFactor.useRecovery') : t('twoFactor.useApp')}
        </Button>
        <Button type="link" style={{ padding: 0 }} onClick={onBack} disabled={mutation.isPending}>
          {t('twoFactor.back')}
        </Button>
      </div>
    </AuthCard>
  );
}
