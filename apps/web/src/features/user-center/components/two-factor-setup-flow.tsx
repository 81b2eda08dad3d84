import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Input, Typography, theme } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
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

/** The code's rules (`t`: the `user-center` namespace's `twoFactor.scan`). */
const codeRules = (t: TFunction) => [
  { required: true, message: t('codeRequired') },
  {
    validator: (_: unknown, value: string | undefined) =>
      !value || isAppCode(value) ? Promise.resolve() : Promise.reject(new Error(t('codeDigits'))),
  },
];

/**
 * Setting up two-factor sign-in, step by step: what it is → scan the QR code (or type the key) and
 * confirm a code from the app (this turns it on) → the ten recovery codes, shown once, to copy or
 * download; "Done" once the user says they saved them. Used by the user menu's modal and, inline, by
 * the panel shown while the merchant requires it.
 */
export default function TwoFactorSetupFlow({ onDone, onStepChange, account }: TwoFactorSetupFlowProps) {
  const { t } = useTranslation('user-center', { keyPrefix: 'twoFactor.intro' });
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
      <Typography.Paragraph>{t('body')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('time')}</Typography.Paragraph>
      {setup.isError ? <RefusalAlert error={setup.error} fallback={t('failure')} /> : null}
      <Button type="primary" loading={setup.isPending} onClick={() => setup.mutate()}>
        {t('start')}
      </Button>
    </div>
  );
}

function ScanStep({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const { message } = App.useApp();
  const { t } = useTranslation('user-center', { keyPrefix: 'twoFactor.scan' });
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
      void message.success(t('keyCopied'));
    } catch {
      void message.error(t('keyCopyFailed'));
    }
  };

  return (
    <div>
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        {t('step1')}
      </Typography.Paragraph>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start', marginBottom: 16 }}>
        <img
          src={setup.qrDataUrl}
          alt={t('qrAlt')}
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
          <Typography.Text type="secondary">{t('cantScan')}</Typography.Text>
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
              aria-label={t('copyKey')}
              onClick={() => void copyKey()}
            />
          </div>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>
            {t('onPhone')}
            <Typography.Link href={setup.otpauthUrl}>{t('openInApp')}</Typography.Link>
            {t('onPhoneEnd')}
          </Typography.Paragraph>
        </div>
      </div>
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        {t('step2')}
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
          label={t('codeLabel')}
          rules={codeRules(t)}
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
        {enable.isError ? <RefusalAlert error={enable.error} fallback={t('failure')} /> : null}
        <Button type="primary" htmlType="submit" loading={enable.isPending}>
          {t('turnOn')}
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
  const { t } = useTranslation('user-center', { keyPrefix: 'twoFactor.codes' });
  const { t: tr } = useTranslation('user-center');
  const { token } = theme.useToken();
  const [saved, setSaved] = useState(false);
  const finish = useMutation({ mutationFn: async () => onDone() });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      void message.success(t('copied'));
    } catch {
      void message.error(t('copyFailed'));
    }
  };
  const download = () => {
    const text = recoveryCodesText(codes, { product: PRODUCT.name, account, date: new Date() }, tr);
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'recovery-codes.txt');
  };

  return (
    <div>
      <Alert type="success" showIcon style={{ marginBottom: 12 }} title={t('on')} />
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('save')} description={t('saveBody')} />
      <ul
        aria-label={t('list')}
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
          {t('copy')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          {t('download')}
        </Button>
      </div>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} style={{ marginBottom: 16 }}>
        {t('saved')}
      </Checkbox>
      {finish.isError ? (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={t('reloadFailed')} />
      ) : null}
      <div>
        <Button type="primary" disabled={!saved} loading={finish.isPending} onClick={() => finish.mutate()}>
          {t('done')}
        </Button>
      </div>
    </div>
  );
}
