import { useCallback } from 'react';
import { App } from 'antd';

/** Copies a link to the clipboard and says so (or says how to copy it by hand). */
export function useCopyLink(): (url: string) => Promise<void> {
  const { message } = App.useApp();
  return useCallback(
    async (url: string) => {
      try {
        await navigator.clipboard.writeText(url);
        void message.success('Link copied to the clipboard');
      } catch {
        void message.error('Could not copy the link. Select it and copy it by hand.');
      }
    },
    [message],
  );
}
