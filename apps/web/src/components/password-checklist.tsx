import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { Typography, theme } from 'antd';
import { PASSWORD_RULES } from '@mbo/contracts/usercenter';
import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';

export interface PasswordCheck {
  key: 'length' | 'letters' | 'digits';
  label: string;
  met: boolean;
}

/** The rules the client can check as the user types (the server also checks history and common passwords). */
export function passwordChecks(password: string, t: TFunction): PasswordCheck[] {
  // t: the `password` namespace's.
  return [
    {
      key: 'length',
      label: t('length', { min: PASSWORD_RULES.minLength, max: PASSWORD_RULES.maxLength }),
      met: password.length >= PASSWORD_RULES.minLength && password.length <= PASSWORD_RULES.maxLength,
    },
    { key: 'letters', label: t('letter'), met: /[A-Za-z]/.test(password) },
    { key: 'digits', label: t('digit'), met: /[0-9]/.test(password) },
  ];
}

const visuallyHidden: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** A live checklist shown under a new-password field; each rule ticks as soon as it is met. */
export function PasswordChecklist({ password }: { password: string }) {
  const { token } = theme.useToken();
  const { t } = useTranslation('password');
  const checks = passwordChecks(password, t);
  return (
    <div style={{ marginTop: 6, marginBottom: 4 }}>
      <ul
        aria-label={t('requirements')}
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 16,
          rowGap: 2,
        }}
      >
        {checks.map((check) => (
          <li
            key={check.key}
            data-met={check.met}
            style={{
              color: check.met ? token.colorSuccessText : token.colorTextSecondary,
              fontSize: token.fontSizeSM,
              display: 'inline-flex',
              alignItems: 'center',
              gap: 6,
            }}
          >
            {check.met ? <CheckCircleFilled aria-hidden /> : <CloseCircleOutlined aria-hidden />}
            {check.label}
            <span style={visuallyHidden}>{check.met ? t('met') : t('notMet')}</span>
          </li>
        ))}
      </ul>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, display: 'block', marginTop: 2 }}>
        {t('history', { count: PASSWORD_RULES.history })}
      </Typography.Text>
    </div>
  );
}
