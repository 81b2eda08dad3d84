/**
 * Loaded before the server, by `node --import ./dist/instrumentation.js` (the start scripts): OpenTelemetry
 * tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, nothing at all otherwise. Without the variable this
 * module returns at once and the SDK is never imported (tracing.ts is a chunk of its own).
 *
 * The server is ESM: the instrumentations must be in place before its first import of fastify, pg or
 * http, which only a module loaded with --import (before the entry point) guarantees.
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) await import('./tracing');

export {};
