import { Alert } from 'antd';
import { ApiError } from '@/lib/http/request';

/** The message of a refused call: the server's (catalogue) text, or a plain retry hint. */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * A refused call, shown where the user acted: in the dialog or panel of a call that does not toast (two-factor,
 * integration).
 */
export function RefusalAlert({ error, fallback }: { error: unknown; fallback: string }) {
  return <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={refusalText(error, fallback)} />;
}
