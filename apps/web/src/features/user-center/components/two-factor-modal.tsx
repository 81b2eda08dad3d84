import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Typography, theme } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useGlobalState } from '@/lib/global-state';
import { disableTwoFactor } from '../api/disable-two-factor';
import { isAppCode, isRecoveryCode, normalizeCode } from '@/lib/two-factor-code';
import { RefusalAlert } from '@/components/refusal-alert';
import TwoFactorSetupFlow, { type TwoFactorSetupStep } from './two-factor-setup-flow';

export interface TwoFactorModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The user menu's "Two-factor sign-in": when off, the set-up flow; when on, what it means and
 * "Turn off" (with a current code or a recovery code). Either way the current user is reloaded after.
 */
export default function TwoFactorModal({ open, onClose }: TwoFactorModalProps) {
  const { user, reload } = useGlobalState();
  const { message } = App.useApp();
  const { t } = useTranslation('user-center', { keyPrefix: 'twoFactor' });
  const [step, setStep] = useState<TwoFactorSetupStep>('intro');
  // Once set-up has started the flow stays on screen, whatever a refresh of the user says meanwhile.
  const showOn = step === 'intro' && user?.twoFactorEnabled === true;
  // The recovery codes are shown once: the modal closes only through "Done".
  const holdOpen = step === 'codes';

  return (
    <Modal
      open={open}
      onCancel={() => {
        if (!holdOpen) onClose();
      }}
      afterClose={() => setStep('intro')}
      title={t('title')}
      footer={null}
      width={520}
      closable={!holdOpen}
      mask={{ closable: !holdOpen }}
      keyboard={!holdOpen}
      destroyOnHidden
    >
      {!user ? (
        <Empty description={t('notLoaded')} />
      ) : showOn ? (
        <TwoFactorOn
          onDisabled={async () => {
            await reload();
            void message.success(t('offDone'));
            onClose();
          }}
        />
      ) : (
        <TwoFactorSetupFlow
          account={user.email}
          onStepChange={setStep}
          onDone={async () => {
            await reload();
            void message.success(t('onDone'));
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

/** The code's rules (`t`: the `user-center` namespace's `twoFactor.on`). */
const disableCodeRules = (t: TFunction) => [
  { required: true, whitespace: true, message: t('codeRequired') },
  {
    validator: (_: unknown, value: string | undefined) =>
      !value?.trim() || isAppCode(value) || isRecoveryCode(value)
        ? Promise.resolve()
        : Promise.reject(new Error(t('codeInvalid'))),
  },
];

function TwoFactorOn({ onDisabled }: { onDisabled: () => Promise<void> }) {
  const { token } = theme.useToken();
  const { t } = useTranslation('user-center', { keyPrefix: 'twoFactor.on' });
  const [turningOff, setTurningOff] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const disable = useMutation({
    mutationFn: async (code: string) => {
      await disableTwoFactor({ code });
      await onDisabled();
    },
    onError: () => {
      form.setFieldValue('code', '');
      form.getFieldInstance('code')?.focus?.();
    },
  });

  return (
    <div>
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start', marginBottom: 16 }}>
        <SafetyCertificateOutlined
          style={{ fontSize: 28, color: token.colorSuccess, flex: 'none', marginTop: 2 }}
          aria-hidden
        />
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t('body')}
          </Typography.Paragraph>
        </div>
      </div>
      {turningOff ? (
        <Form<{ code: string }>
          form={form}
          name="two-factor-disable"
          layout="vertical"
          requiredMark={false}
          disabled={disable.isPending}
          onFinish={(values) => disable.mutate(normalizeCode(values.code))}
          onValuesChange={() => {
            if (disable.isError) disable.reset();
          }}
        >
          <Form.Item name="code" label={t('codeLabel')} rules={disableCodeRules(t)}>
            <Input
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={32}
              autoFocus
              style={{ maxWidth: 260 }}
            />
          </Form.Item>
          {disable.isError ? <RefusalAlert error={disable.error} fallback={t('failure')} /> : null}
          <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 8 }}>
            <Button
              onClick={() => {
                setTurningOff(false);
                disable.reset();
              }}
            >
              {t('cancel')}
            </Button>
            <Button type="primary" danger htmlType="submit" loading={disable.isPending}>
              {t('confirm')}
            </Button>
          </div>
        </Form>
      ) : (
        <Button danger onClick={() => setTurningOff(true)}>
          {t('turnOff')}
        </Button>
      )}
    </div>
  );
}
