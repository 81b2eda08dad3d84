/**
 * Where src/tracing.ts (loaded with --import, before the server) leaves the SDK's shutdown: a process-wide
 * symbol, so the server ends the tracing without importing the SDK, and does nothing when tracing is off.
 */
export const TRACING_SHUTDOWN = Symbol.for('merchant-backoffice.tracing.shutdown');

/** Sends the spans still buffered and stops the tracing; resolves at once when tracing is off. */
export async function shutdownTracing(): Promise<void> {
  const shutdown = (globalThis as Record<symbol, unknown>)[TRACING_SHUTDOWN];
  if (typeof shutdown === 'function') await (shutdown as () => Promise<void>)();
}
