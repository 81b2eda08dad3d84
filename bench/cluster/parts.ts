/**
 * The cluster's parts beside PostgreSQL, each started by the server's own topology helper
 * (apps/server/src/test/topology/*): an S3-protocol server for the files, a streaming replica for the reads, PgBouncer
 * (transaction mode) in front of PostgreSQL. Each start is one small function.
 */
import fs from 'node:fs';
import { startPgBouncer } from '../../apps/server/src/test/topology/pgbouncer';
import { startReplica as startTestReplica } from '../../apps/server/src/test/topology/replica';
import { startS3Server } from '../../apps/server/src/test/topology/s3-server';

export interface S3Part {
  endpoint: string;
  bucket: string;
  /** STORAGE_S3_* for the instances. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface ReplicaPart {
  port: number;
  url(database: string, user?: string): string;
  stop(): Promise<void>;
  start(): Promise<void>;
  waitForReplay(): Promise<void>;
  remove(): Promise<void>;
}

export interface PoolerPart {
  port: number;
  url(database: string, user?: string): string;
  stop(): Promise<void>;
}

export async function startS3(directory: string): Promise<S3Part> {
  fs.mkdirSync(directory, { recursive: true });
  return startS3Server({ directory });
}

export async function startReplica(primaryHost: string, primaryPort: number): Promise<ReplicaPart> {
  return startTestReplica({ primaryHost, primaryPort });
}

export async function startPooler(targetHost: string, targetPort: number): Promise<PoolerPart> {
  return startPgBouncer({ targetHost, targetPort, poolSize: 15 });
}
