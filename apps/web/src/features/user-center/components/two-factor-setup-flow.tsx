import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Input, Typography, theme } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { PRODUCT } from '@mbo/contracts/product';
import type { TwoFactorSetup } from '@mbo/contracts/usercenter';
import { saveBlob } from '@/lib/http/download';
import { RefusalAlert } from '@/components/refusal-alert';
import { enableTwoFactor } from '../api/enable-two-factor';
import { setupTwoFactor } from '../api/setup-two-factor';
import { appCodeDigits, isAppCode } from '@/lib/two-factor-code';
import { groupSecret, recoveryCodesText } from '../utils/two-factor-code';

/** intro: what it is; scan: the QR code and the first code; codes: the recovery codes, shown once. */
export type TwoFactorSetupStep = 'intro' | 'scan' | 'codes';

export interface TwoFactorSetupFlowProps {
  /**
   * After the user confirmed the recovery codes are saved. The flow waits for it (reloading the
   * current user) and says so if it fails.
   */
  onDone: () => Promise<void> | void;
  /** Told at every step (the modal cannot be closed while the recovery codes show). */
  onStepChange?: (step: TwoFactorSetupStep) => void;
  /** The account the codes are for (named in the downloaded file). */
  account?: string;
}

const CODE_RULES = [
  { required: true, message: 'Enter the 6-digit code from the app.' },
  {
    validator: (_: unknown, value: string | undefined) =>
      !value || isAppCode(value) ? Promise.resolve() : Promise.reject(new Error('The code has 6 digits.')),
  },
];

/**
 * Setting up two-factor sign-in, step by step: what it is → scan the QR code (or type the key) and
 * confirm a code from the app (this turns it on) → the ten recovery codes, shown once, to copy or
 * download; "Done" once the user says they saved them. Used by the user menu's modal and, inline, by
 * the panel shown while the merchant requires it.
 */
export default function TwoFactorSetupFlow({ onDone, onStepChange, account }: TwoFactorSetupFlowProps) {
  const [step, setStepState] = useState<TwoFactorSetupStep>('intro');
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);
  const setStep = (next: TwoFactorSetupStep) => {
    setStepState(next);
    onStepChange?.(next);
  };

  const setup = useMutation({
    mutationFn: setupTwoFactor,
    onSuccess: (answer) => {
      setSecret(answer);
      setStep('scan');
    },
  });

  if (step === 'codes') return <RecoveryCodes codes={recoveryCodes} account={account} onDone={onDone} />;
  if (step === 'scan' && secret) {
    return (
      <ScanStep
        setup={secret}
        onEnabled={(codes) => {
          setRecoveryCodes(codes);
          setStep('codes');
        }}
      />
    );
  }
  return (
    <div>
      <Typography.Paragraph>
        Two-factor sign-in adds a second step when you log in: after your password, you enter a 6-digit code from an
        authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password. Someone who
        learns your password still cannot log in.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Setting it up takes about a minute. Have your phone ready.
      </Typography.Paragraph>
      {setup.isError ? (
        <RefusalAlert error={setup.error} fallback="Two-factor sign-in could not be set up. Try again." />
      ) : null}
      <Button type="primary" loading={setup.isPending} onClick={() => setup.mutate()}>
        Set up
      </Button>
    </div>
  );
}

function ScanStep({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [form] = Form.useForm<{ code: string }>();
  const enable = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (answer) => onEnabled(answer.recoveryCodes),
    onError: () => {
      form.setFieldValue('code', '');
      form.getFieldInstance('code')?.focus?.();
    },
  });
  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(setup.secret);
      void message.success('Key copied to the clipboard.');
    } catch {
      void message.error('Could not copy the key. Select it and copy it by hand.');
    }
  };

  return (
    <div>
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        1. Scan this QR code with your authenticator app.
      </Typography.Paragraph>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start', marginBottom: 16 }}>
        <img
          src={setup.qrDataUrl}
          alt="QR code for your authenticator app"
          width={168}
          height={168}
          style={{
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: 8,
            padding: 4,
            background: '#fff',
            flex: 'none',
          }}
        />
        <div style={{ flex: '1 1 180px', minWidth: 0 }}>
          <Typography.Text type="secondary">Can&apos;t scan? Enter this key</Typography.Text>
          <div style={{ display: 'flex', alignItems: 'center', gap: 4, marginTop: 4, flexWrap: 'wrap' }}>
            <code
              style={{
                fontFamily: token.fontFamilyCode,
                fontSize: 15,
                letterSpacing: 0.5,
                overflowWrap: 'anywhere',
                userSelect: 'all',
              }}
            >
              {groupSecret(setup.secret)}
            </code>
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              aria-label="Copy key"
              onClick={() => void copyKey()}
            />
          </div>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>
            On this phone? <Typography.Link href={setup.otpauthUrl}>Open it in your authenticator app</Typography.Link>.
          </Typography.Paragraph>
        </div>
      </div>
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        2. Enter the 6-digit code the app shows.
      </Typography.Paragraph>
      <Form<{ code: string }>
        form={form}
        name="two-factor-enable"
        layout="vertical"
        requiredMark={false}
        disabled={enable.isPending}
        onFinish={(values) => enable.mutate({ code: values.code })}
        onValuesChange={() => {
          if (enable.isError) enable.reset();
        }}
      >
        <Form.Item
          name="code"
          label="Code from the app"
          rules={CODE_RULES}
          normalize={(value: string) => appCodeDigits(value ?? '')}
        >
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            placeholder="123456"
            style={{ maxWidth: 200, fontFamily: token.fontFamilyCode, letterSpacing: 2 }}
          />
        </Form.Item>
        {enable.isError ? (
          <RefusalAlert error={enable.error} fallback="Two-factor sign-in could not be turned on. Try again." />
        ) : null}
        <Button type="primary" htmlType="submit" loading={enable.isPending}>
          Turn on
        </Button>
      </Form>
    </div>
  );
}

function RecoveryCodes({
  codes,
  account,
  onDone,
}: {
  codes: string[];
  account?: string;
  onDone: () => Promise<void> | void;
}) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [saved, setSaved] = useState(false);
  const finish = useMutation({ mutationFn: async () => onDone() });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      void message.success('Recovery codes copied to the clipboard.');
    } catch {
      void message.error('Could not copy the codes. Select them and copy them by hand.');
    }
  };
  const download = () => {
    const text = recoveryCodesText(codes, { product: PRODUCT.name, account, date: new Date() });
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'recovery-codes.txt');
  };

  return (
    <div>
      <Alert type="success" showIcon style={{ marginBottom: 12 }} title="Two-factor sign-in is on." />
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="Save your recovery codes now. They are shown only once."
        description="Each code lets you log in once when your phone is not at hand. Keep them somewhere safe, such as a password manager."
      />
      <ul
        aria-label="Recovery codes"
        style={{
          listStyle: 'none',
          margin: '0 0 12px',
          padding: '12px 16px',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
          gap: '6px 16px',
          fontFamily: token.fontFamilyCode,
          fontSize: 15,
          background: token.colorFillQuaternary,
          borderRadius: 8,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          Download .txt
        </Button>
      </div>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} style={{ marginBottom: 16 }}>
        I have saved these codes
      </Checkbox>
      {finish.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title="Two-factor sign-in is on, but your account could not be reloaded. Try again."
        />
      ) : null}
      <div>
        <Button type="primary" disabled={!saved} loading={finish.isPending} onClick={() => finish.mutate()}>
          Done
        </Button>
      </div>
    </div>
  );
}
