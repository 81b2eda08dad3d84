import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_JS = path.join(ROOT, 'apps/server/dist/server.js');
/** Loaded first with `node --import` (tracing, when OTEL_EXPORTER_OTLP_ENDPOINT is set). */
export const INSTRUMENTATION_JS = path.join(ROOT, 'apps/server/dist/instrumentation.js');

/**
 * What a child process inherits of this one: the few variables a program needs to run, nothing of the caller's
 * configuration (a developer's DATABASE_URL, NODE_ENV, SENTRY_DSN…), so the cluster runs as it is configured here.
 */
export function baseEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR', 'USER'];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
}

/** A fresh run folder under the OS temp folder: logs, the balancer's config and socket, shared files. */
export function makeRunDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-${new Date().toISOString().replace(/[:.]/g, '-')}-`));
  fs.mkdirSync(path.join(dir, 'logs'));
  return dir;
}
