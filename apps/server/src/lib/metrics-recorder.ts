/**
 * What the domain modules tell the operations metrics (app.metrics), as plain calls: a module never
 * imports prom-client or the metrics plugin, only this interface (plugins/metrics-series.ts implements
 * it; an app without a metrics endpoint gets NO_METRICS). Labels are small fixed sets: never an id, an
 * email or a URL.
 */
export interface MetricsRecorder {
  /** A login refused, by its reason (the login history's fail reason: WRONG_PASSWORD, UNKNOWN_EMAIL, LOCKED, …). */
  loginFailed(reason: string): void;
  /** An account was locked by failed attempts (`via`: login, password_change, two_factor). */
  accountLocked(via: string): void;
  /** An export file was built: its type (PAYMENTS, …), format (CSV, XLSX) and build time in seconds. */
  exportFinished(type: string, format: string, seconds: number): void;
  /** An export run failed (the last attempt or one that is retried). */
  exportFailed(type: string, format: string): void;
  /** A webhook delivery succeeded this many seconds after its event was created. */
  webhookDelivered(lagSeconds: number): void;
  /** A webhook delivery attempt failed, by the class of its reason. */
  webhookAttemptFailed(reason: WebhookFailureReason): void;
}

export const WEBHOOK_FAILURE_REASONS = [
  'timeout',
  'connection',
  'refused_address',
  'redirect',
  'http_4xx',
  'http_5xx',
  'http_other',
] as const;
export type WebhookFailureReason = (typeof WEBHOOK_FAILURE_REASONS)[number];

/** The recorder of an app whose metrics nobody can read (no METRICS_PORT or METRICS_TOKEN): it does nothing. */
export const NO_METRICS: MetricsRecorder = {
  loginFailed: () => undefined,
  accountLocked: () => undefined,
  exportFinished: () => undefined,
  exportFailed: () => undefined,
  webhookDelivered: () => undefined,
  webhookAttemptFailed: () => undefined,
};
