import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { build } from 'tsup';
import { serverBuild } from '../tsup.config';
import { adminQuery, appDatabaseUrl, databaseUrl, waitUntilUnused } from './test/pg-admin';
import { TEST_DATA_ENCRYPTION_KEY } from './test/test-keys';

/**
 * Tracing of the production process: the compiled server started as the start scripts start it
 * (`node --import dist/instrumentation.js dist/server.js`) on a copy of the run's PostgreSQL template
 * (migrated and seeded already: a fresh embedded database would spend most of the test migrating), its
 * OTLP/HTTP endpoint pointed at a receiver of this test's own (JSON bodies: OTEL_EXPORTER_OTLP_PROTOCOL=http/json).
 * Bounded by the build and one start; no timer decides anything.
 */
const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}
interface OtlpSpan {
  traceId: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
}
interface OtlpBody {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
}
interface FoundSpan extends OtlpSpan {
  service: string | undefined;
  scope: string;
  raw: string;
}

const attribute = (attributes: OtlpAttribute[], key: string) => {
  const value = attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
};

/** An OTLP/HTTP traces receiver: keeps every span it is sent, and tells waiters when one matches. */
async function startCollector() {
  const spans: FoundSpan[] = [];
  const paths: string[] = [];
  const waiters: { match: (span: FoundSpan) => boolean; resolve: (span: FoundSpan) => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.push(req.url ?? '');
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw) as OtlpBody;
      for (const resource of body.resourceSpans ?? []) {
        const service = attribute(resource.resource.attributes, 'service.name');
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            const found = { ...span, service, scope: scope.scope.name, raw: JSON.stringify(span) };
            spans.push(found);
            for (const waiter of waiters.filter((w) => w.match(found))) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(found);
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    spans,
    waitFor: (match: (span: FoundSpan) => boolean) =>
      new Promise<FoundSpan>((resolve) => {
        const seen = spans.find(match);
        if (seen) resolve(seen);
        else waiters.push({ match, resolve });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('OpenTelemetry tracing of the compiled server', () => {
  const outDir = `.build-test-${randomUUID().slice(0, 8)}`;
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-tracing-'));
  let child: ChildProcessWithoutNullStreams | undefined;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  const dbName = `${inject('pgTemplate').replace(/_tpl$/, '')}_otel_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE "${dbName}" TEMPLATE "${inject('pgTemplate')}"`);
    await build(serverBuild(outDir));
    collector = await startCollector();
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await collector?.close();
    await waitUntilUnused(dbName);
    await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    fs.rmSync(path.join(SERVER_ROOT, outDir), { recursive: true, force: true });
    fs.rmSync(temp, { recursive: true, force: true });
  });

  it('imports nothing of the SDK when OTEL_EXPORTER_OTLP_ENDPOINT is unset', () => {
    // The preloaded entry reaches the SDK only through a dynamic import behind the variable.
    const entry = fs.readFileSync(path.join(SERVER_ROOT, outDir, 'instrumentation.js'), 'utf8');
    expect(entry).toMatch(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(entry).not.toMatch(/^import[^;]*@opentelemetry/m);
    expect(entry).not.toMatch(/^import[^;]*@fastify\/otel/m);
  });

  it('sends a span of a request to the OTLP endpoint, as merchant-backoffice, without secret query values', async () => {
    child = spawn(
      process.execPath,
      ['--import', `./${outDir}/instrumentation.js`, path.join(SERVER_ROOT, outDir, 'server.js')],
      {
        cwd: SERVER_ROOT,
        env: {
          PATH: process.env.PATH,
          DATA_DIR: path.join(temp, 'data'),
          DATABASE_URL: appDatabaseUrl(dbName),
          MIGRATION_DATABASE_URL: databaseUrl(dbName),
          DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
          WEB_DIST: temp,
          SEED_DEMO: 'false',
          PORT: '0',
          HOST: '127.0.0.1',
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          // Spans leave in small batches at once, rather than every 5 s.
          OTEL_BSP_SCHEDULE_DELAY: '50',
        },
      },
    );
    const logs: string[] = [];
    const exited = once(child, 'close');
    const started = new Promise<number>((resolve, reject) => {
      const onText = (chunk: Buffer) => {
        logs.push(chunk.toString());
        const match = /Merchant Back-office on http:\/\/localhost:(\d+)\//.exec(logs.join(''));
        if (match) resolve(Number(match[1]));
      };
      child!.stdout.on('data', onText);
      child!.stderr.on('data', onText);
      void exited.then(([code]) => reject(new Error(`the server exited (${code}):\n${logs.join('')}`)));
    });
    const port = await started;

    // The readiness probe: one HTTP request whose handler queries the database (SELECT 1).
    const probe = randomUUID();
    const res = await fetch(`http://127.0.0.1:${port}/readyz?probe=${probe}&token=hunter2-secret-value`);
    expect(res.status).toBe(200);

    const span = await collector.waitFor((s) => s.kind === 2 && s.raw.includes(probe));
    expect(span.service).toBe('merchant-backoffice');
    expect(span.scope).toBe('@opentelemetry/instrumentation-http');
    expect(span.raw).not.toContain('hunter2-secret-value');
    // Fastify's own span of the route, by its template, and the query of the same trace.
    const route = await collector.waitFor(
      (s) => s.scope.includes('fastify') && s.traceId === span.traceId && s.raw.includes('/readyz'),
    );
    expect(route.service).toBe('merchant-backoffice');
    const query = await collector.waitFor(
      (s) =>
        s.scope === '@opentelemetry/instrumentation-pg' && s.traceId === span.traceId && s.raw.includes('SELECT 1'),
    );
    expect(query.kind).toBe(3);
    expect(collector.paths.every((p) => p === '/v1/traces')).toBe(true);

    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
  }, 60_000);
});
