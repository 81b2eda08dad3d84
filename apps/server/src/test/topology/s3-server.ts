import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The S3-protocol server of the topology tests and what a deployment's environment would name. */
export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** STORAGE_S3_* for this server (loadConfig(env).storage, or a child process's environment). */
  env: Record<string, string>;
  /** Stops listening and drops every open connection (an outage); the stored objects stay. */
  stop(): Promise<void>;
  /** Listens again on the same port and folder (the recovery). */
  start(): Promise<void>;
}

/** s3rver's own account: it checks every request's signature against these keys. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const BUCKET = 'mbo-test';

/**
 * Starts s3rver (an S3-protocol server in this process, its objects in a folder) on loopback with one
 * bucket. `directory` holds the objects across stop() and start() (default: a temporary folder of its
 * own, removed when the process exits); `port` 0 or unset picks a free port, which start() reuses.
 */
export async function startS3Server(options: { directory?: string; port?: number } = {}): Promise<TestS3Server> {
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-s3-'));
  if (!options.directory) process.once('exit', () => fs.rmSync(directory, { recursive: true, force: true }));
  let port = options.port ?? 0;
  let server: S3rver | null = null;

  const start = async () => {
    if (server) return;
    const next = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const address = await next.run();
    port = address.port;
    server = next;
  };
  const stop = async () => {
    const running = server;
    if (!running) return;
    server = null;
    // Keep-alive connections would hold close() open and keep answering: an outage drops them.
    const httpServer = (running as unknown as { httpServer?: http.Server }).httpServer;
    const closed = running.close();
    httpServer?.closeAllConnections();
    await closed;
  };

  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    env: {
      STORAGE_S3_BUCKET: BUCKET,
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      STORAGE_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    start,
  };
}
