/**
 * antd's App for the signed-in area (message, notification and modal through `App.useApp()`), with
 * the toast settings of the whole app. While it is mounted, the HTTP client's toasts use its message
 * too, so the area has one stack of toasts.
 */
import { useEffect, type ReactNode } from 'react';
import { App } from 'antd';
import { installDialogFirstFocus } from '@/lib/a11y/dialog-first-focus';
import { installDialogTabWrap } from '@/lib/a11y/dialog-tab-wrap';
import { setHttpUi } from '@/lib/http/http-ui';
import { TOAST_CONFIG } from '../routing/toast-config';
import { showToast } from '../routing/toast-host';

function HttpToasts() {
  const { message } = App.useApp();
  // A passive effect: it runs after the root shell's registration, and so takes over from it.
  useEffect(
    () =>
      setHttpUi({
        success: (content) => showToast(message, { kind: 'success', content }),
        error: (content) => showToast(message, { kind: 'error', content }),
      }),
    [message],
  );
  return null;
}

/**
 * Dialogs open only in the signed-in area (and on the pages that use its App): their keyboard and
 * focus rules install with it, not with the login page (QUALITY.md login budget).
 */
function useDialogRules() {
  useEffect(() => {
    const uninstall = [installDialogTabWrap(), installDialogFirstFocus()];
    return () => uninstall.forEach((u) => u());
  }, []);
}

export default function SignedInApp({ children }: { children: ReactNode }) {
  useDialogRules();
  return (
    <App message={TOAST_CONFIG}>
      <HttpToasts />
      {children}
    </App>
  );
}
