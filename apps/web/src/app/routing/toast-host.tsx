/**
 * The HTTP client's toasts outside the signed-in area (the auth pages), with antd's themed message.
 * Loaded by the root shell on demand (see root-shell.tsx): message's code is not needed to show the
 * login page, only to answer what the user does there.
 */
import { useEffect } from 'react';
import { message as antMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { TOAST_CONFIG, type Toast } from './toast-config';

/** Shows a toast; one per distinct text at a time, errors a little longer. */
export function showToast(message: MessageInstance, { kind, content }: Toast): void {
  if (kind === 'success') void message.success({ content, key: `ok:${content}` });
  else void message.error({ content, key: `err:${content}`, duration: 4 });
}

export default function ToastHost({ onReady }: { onReady: (show: (toast: Toast) => void) => void }) {
  const [message, holder] = antMessage.useMessage(TOAST_CONFIG);
  useEffect(() => onReady((toast) => showToast(message, toast)), [message, onReady]);
  return holder;
}
