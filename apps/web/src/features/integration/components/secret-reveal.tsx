import { App, Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';

/** A secret in full, selectable, with a copy button named after it; it wraps on a phone instead of overflowing. */
export function SecretReveal({ secret, label }: { secret: string; label: string }) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      void message.success(`${label.charAt(0).toUpperCase()}${label.slice(1)} copied to the clipboard.`);
    } catch {
      void message.error(`Could not copy the ${label}. Select it and copy it by hand.`);
    }
  };
  return (
    <div className="mbo-integration-secret">
      <code className="mbo-integration-secret__value" aria-label={label}>
        {secret}
      </code>
      <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()}>
        Copy
      </Button>
    </div>
  );
}
