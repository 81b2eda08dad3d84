/**
 * The error-reporting service (Sentry). It is switched on only when VITE_SENTRY_DSN is set at build
 * time; without a DSN nothing is loaded and nothing is sent. The SDK is loaded lazily so it never
 * weighs on the first page.
 */
type SentryModule = typeof import('./sentry-client');

export type ErrorContext = Record<string, unknown>;

let sentry: SentryModule | null = null;
let loading: Promise<SentryModule | null> | null = null;
const pending: Array<[unknown, ErrorContext | undefined]> = [];

/** The DSN the build was made with ('' when none). */
export function sentryDsn(): string {
  return (import.meta.env.VITE_SENTRY_DSN as string | undefined)?.trim() ?? '';
}

/** True when a DSN is configured. */
export function isErrorReportingEnabled(): boolean {
  return sentryDsn() !== '';
}

/** Starts the SDK when a DSN is configured; safe to call more than once. */
export function initErrorReporting(): Promise<SentryModule | null> {
  if (!isErrorReportingEnabled()) return Promise.resolve(null);
  if (!loading) {
    loading = import('./sentry-client')
      .then((mod) => {
        mod.init({
          dsn: sentryDsn(),
          environment: import.meta.env.MODE,
          release: import.meta.env.VITE_RELEASE as string | undefined,
        });
        sentry = mod;
        for (const [err, ctx] of pending.splice(0)) send(mod, err, ctx);
        return mod;
      })
      .catch(() => {
        pending.length = 0;
        return null;
      });
  }
  return loading;
}

function send(mod: SentryModule, err: unknown, context?: ErrorContext) {
  const code = context && typeof context.code === 'string' ? context.code : undefined;
  mod.captureException(err, {
    extra: context,
    tags: code ? { code } : undefined,
  });
}

/** Reports one error with its context (call, code, status...). Does nothing without a DSN. */
export function reportError(err: unknown, context?: ErrorContext): void {
  if (!isErrorReportingEnabled()) return;
  if (sentry) {
    send(sentry, err, context);
    return;
  }
  if (pending.length < 50) pending.push([err, context]);
  void initErrorReporting();
}

/** For tests: forget the loaded SDK. */
export function resetErrorReportingForTests(): void {
  sentry = null;
  loading = null;
  pending.length = 0;
}
