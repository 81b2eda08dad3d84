/**
 * The few Sentry functions the app uses, in one module that error-reporting.ts loads lazily
 * (importing them by name lets the bundler leave the rest of the SDK out).
 */
export { captureException, init } from '@sentry/react';
