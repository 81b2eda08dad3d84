import { App, Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';

/** A secret in full, selectable, with a copy button named after it; it wraps on a phone instead of overflowing. */
export function SecretReveal({ secret, label }: { secret: string; label: string }) {
  const { message } = App.useApp();
  const { t } = useTranslation('integration', { keyPrefix: 'secret' });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      void message.success(t('copied', { what: `${label.charAt(0).toUpperCase()}${label.slice(1)}` }));
    } catch {
      void message.error(t('copyFailed', { what: label }));
    }
  };
  return (
    <div className="mbo-integration-secret">
      <code className="mbo-integration-secret__value" aria-label={label}>
        {secret}
      </code>
      <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()}>
        {t('copy')}
      </Button>
    </div>
  );
}
