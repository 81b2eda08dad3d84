import { Form, Input, type FormRule } from 'antd';
import { passwordPolicyProblem } from '@mbo/contracts/usercenter';
import { PasswordChecklist } from './password-checklist';
import { useTranslation } from '@/i18n/use-translation';

export const NEW_PASSWORD_FIELD = 'newPassword';
export const CONFIRM_PASSWORD_FIELD = 'confirmPassword';

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

interface NewPasswordFieldsProps {
  /** Name of a "current password" field in the same form that the new password must differ from. */
  differentFrom?: string;
}

/**
 * "New password" + "Confirm new password" with the client-side mirror of the password policy,
 * a live checklist under the first field and a match check on the second.
 */
export function NewPasswordFields({ differentFrom }: NewPasswordFieldsProps) {
  const newPassword = (Form.useWatch(NEW_PASSWORD_FIELD) as string | undefined) ?? '';
  const { t } = useTranslation('password');

  const newPasswordRules: FormRule[] = [
    { required: true, message: t('newRequired') },
    {
      validator: (_, value: string | undefined) => {
        const problem = value ? passwordPolicyProblem(value) : undefined;
        if (!problem) return Promise.resolve();
        const words = t(`problem.${problem.key}`, { count: problem.count });
        return Promise.reject(new Error(t('tooWeak', { problem: words })));
      },
    },
  ];
  if (differentFrom) {
    newPasswordRules.push(({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        value && value === getFieldValue(differentFrom)
          ? Promise.reject(new Error(t('sameAsCurrent')))
          : Promise.resolve(),
    }));
  }

  return (
    <>
      <Form.Item
        name={NEW_PASSWORD_FIELD}
        label={t('newPassword')}
        rules={newPasswordRules}
        dependencies={differentFrom ? [differentFrom] : undefined}
        extra={<PasswordChecklist password={newPassword} />}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={CONFIRM_PASSWORD_FIELD}
        label={t('confirm')}
        dependencies={[NEW_PASSWORD_FIELD]}
        rules={[
          { required: true, message: t('confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue(NEW_PASSWORD_FIELD)
                ? Promise.resolve()
                : Promise.reject(new Error(t('mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
