import { useMutation } from '@tanstack/react-query';
import { Modal, Typography } from 'antd';
import { RefusalAlert } from '@/components/refusal-alert';
import { useLastShown } from '@/lib/use-last-shown';

export interface ConfirmCall {
  title: string;
  /** What happens, in full: the dialog is the user's one chance to read it. */
  body: React.ReactNode;
  okText: string;
  danger?: boolean;
  /** The call; the dialog closes when it succeeds and shows the refusal when it does not. */
  run: () => Promise<unknown>;
  /** After the call succeeded (refresh what it changed, say so). */
  onDone?: (answer: unknown) => void;
  /** Shown when the server gave no reason. */
  failure: string;
}

/**
 * One confirmation and one call (revoke a key, delete an endpoint, rotate a secret, disable a member,
 * revoke an invitation). The call is made without an error toast: a refusal stays in the dialog, so
 * nothing looks done that was not; the dialog cannot be closed while the call runs.
 */
export function ConfirmCallModal({ pending, onClose }: { pending: ConfirmCall | null; onClose: () => void }) {
  const call = useMutation({
    mutationFn: (c: ConfirmCall) => c.run(),
    onSuccess: (answer, c) => {
      c.onDone?.(answer);
      close();
    },
  });
  function close() {
    call.reset();
    onClose();
  }
  const shown = useLastShown(pending);
  return (
    <Modal
      open={pending !== null}
      title={shown?.title}
      okText={shown?.okText}
      okButtonProps={{ danger: shown?.danger }}
      onOk={() => pending && call.mutate(pending)}
      confirmLoading={call.isPending}
      onCancel={call.isPending ? undefined : close}
      mask={{ closable: !call.isPending }}
      destroyOnHidden
      centered
    >
      {shown ? (
        typeof shown.body === 'string' ? (
          <Typography.Paragraph>{shown.body}</Typography.Paragraph>
        ) : (
          shown.body
        )
      ) : null}
      {call.isError && shown ? <RefusalAlert error={call.error} fallback={shown.failure} /> : null}
    </Modal>
  );
}
