import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { TRACING_SHUTDOWN } from './lib/tracing-shutdown';

/** Query parameters whose values never reach a span (reset and invitation links carry a token). */
const REDACTED_QUERY_PARAMS = [
  'token',
  'code',
  'key',
  'secret',
  'password',
  'signature',
  'sig',
  'Signature',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
];

// ESM imports of pg (the database client) go through import-in-the-middle, and only those: every other
// module loads untouched. http is patched through require (fastify requires it), fastify through its own
// diagnostics channel (@fastify/otel, the Fastify 5 instrumentation).
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg', 'pg-pool'] } });

/**
 * Traces over OTLP/HTTP (JSON or protobuf, as OTEL_EXPORTER_OTLP_PROTOCOL says; the exporter reads
 * OTEL_EXPORTER_OTLP_ENDPOINT and adds /v1/traces) for the incoming and outgoing HTTP requests, the
 * Fastify routes and hooks, and the PostgreSQL queries (their text, never their values). The service is
 * OTEL_SERVICE_NAME, merchant-backoffice by default.
 */
const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME?.trim() || 'merchant-backoffice',
  traceExporter: new OTLPTraceExporter(),
  instrumentations: [
    new HttpInstrumentation({
      redactedQueryParams: REDACTED_QUERY_PARAMS,
      redactedQueryParamsServer: REDACTED_QUERY_PARAMS,
    }),
    new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    new PgInstrumentation(),
  ],
});
sdk.start();

// server.ts calls it at shutdown (lib/tracing-shutdown.ts), so the last spans are sent before the process exits.
(globalThis as Record<symbol, unknown>)[TRACING_SHUTDOWN] = () => sdk.shutdown();
