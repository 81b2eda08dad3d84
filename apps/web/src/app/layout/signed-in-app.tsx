/**
 * antd's App for the signed-in area (message, notification and modal through `App.useApp()`), with
 * the toast settings of the whole app. While it is mounted, the HTTP client's toasts use its message
 * too, so the area has one stack of toasts.
 */
import { useEffect, type ReactNode } from 'react';
import { App } from 'antd';
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

export default function SignedInApp({ children }: { children: ReactNode }) {
  return (
    <App message={TOAST_CONFIG}>
      <HttpToasts />
      {children}
    </App>
  );
}
