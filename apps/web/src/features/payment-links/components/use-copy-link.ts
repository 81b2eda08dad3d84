import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from '@/i18n/use-translation';

/** Copies a link to the clipboard and says so (or says how to copy it by hand). */
export function useCopyLink(): (url: string) => Promise<void> {
  const { message } = App.useApp();
  const { t } = useTranslation('payment-links', { keyPrefix: 'share' });
  return useCallback(
    async (url: string) => {
      try {
        await navigator.clipboard.writeText(url);
        void message.success(t('copied'));
      } catch {
        void message.error(t('copyFailed'));
      }
    },
    [message, t],
  );
}
