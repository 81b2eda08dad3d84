/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Sentry DSN; error reporting is off when empty. */
  readonly VITE_SENTRY_DSN?: string;
  /** Release name sent with error reports. */
  readonly VITE_RELEASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
