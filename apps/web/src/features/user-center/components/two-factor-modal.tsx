import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Typography, theme } from 'antd';
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
      title="Two-factor sign-in"
      footer={null}
      width={520}
      closable={!holdOpen}
      mask={{ closable: !holdOpen }}
      keyboard={!holdOpen}
      destroyOnHidden
    >
      {!user ? (
        <Empty description="Your account is not loaded yet." />
      ) : showOn ? (
        <TwoFactorOn
          onDisabled={async () => {
            await reload();
            void message.success('Two-factor sign-in is off.');
            onClose();
          }}
        />
      ) : (
        <TwoFactorSetupFlow
          account={user.email}
          onStepChange={setStep}
          onDone={async () => {
            await reload();
            void message.success('Two-factor sign-in is on. You will be asked for a code the next time you log in.');
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

const DISABLE_CODE_RULES = [
  { required: true, whitespace: true, message: 'Enter a code from your authenticator app or a recovery code.' },
  {
    validator: (_: unknown, value: string | undefined) =>
      !value?.trim() || isAppCode(value) || isRecoveryCode(value)
        ? Promise.resolve()
        : Promise.reject(new Error('Enter the 6 digits from the app, or a recovery code like abcde-12345.')),
  },
];

function TwoFactorOn({ onDisabled }: { onDisabled: () => Promise<void> }) {
  const { token } = theme.useToken();
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
            Two-factor sign-in is on
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            When you log in, you enter a code from your authenticator app after your password. If your phone is not at
            hand, use one of your recovery codes.
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
          <Form.Item name="code" label="Code from the app or a recovery code" rules={DISABLE_CODE_RULES}>
            <Input
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={32}
              autoFocus
              style={{ maxWidth: 260 }}
            />
          </Form.Item>
          {disable.isError ? (
            <RefusalAlert error={disable.error} fallback="Two-factor sign-in could not be turned off. Try again." />
          ) : null}
          <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 8 }}>
            <Button
              onClick={() => {
                setTurningOff(false);
                disable.reset();
              }}
            >
              Cancel
            </Button>
            <Button type="primary" danger htmlType="submit" loading={disable.isPending}>
              Turn off two-factor sign-in
            </Button>
          </div>
        </Form>
      ) : (
        <Button danger onClick={() => setTurningOff(true)}>
          Turn off
        </Button>
      )}
    </div>
  );
}
