/**
 * The cluster's parts beside PostgreSQL, each started by the server's own topology helper
 * (apps/server/src/test/topology/*): an S3-protocol server for the files, a streaming replica for the reads, PgBouncer
 * in front of PostgreSQL. A helper not in the repository yet is loaded only once it is there; until then its part is
 * left out and the cluster runs without it (reads on the primary, direct connections). Each start is one small
 * function: plugging a helper in is a few lines here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startReplica as startTestReplica } from '../../apps/server/src/test/topology/replica';
import { startS3Server } from '../../apps/server/src/test/topology/s3-server';
import { ROOT } from './paths';

const TOPOLOGY = path.join(ROOT, 'apps/server/src/test/topology');

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

/** The helper module when the repository has it, else null. */
async function helper<T>(file: string): Promise<T | null> {
  const full = path.join(TOPOLOGY, file);
  if (!fs.existsSync(full)) return null;
  return (await import(pathToFileURL(full).href)) as T;
}

export async function startS3(directory: string): Promise<S3Part | null> {
  fs.mkdirSync(directory, { recursive: true });
  return startS3Server({ directory });
}

export async function startReplica(primaryHost: string, primaryPort: number): Promise<ReplicaPart | null> {
  return startTestReplica({ primaryHost, primaryPort });
}

export async function startPooler(targetHost: string, targetPort: number): Promise<PoolerPart | null> {
  const mod = await helper<{
    startPgBouncer(options: { targetHost?: string; targetPort?: number; poolSize?: number }): Promise<PoolerPart>;
  }>('pgbouncer.ts');
  return mod ? mod.startPgBouncer({ targetHost, targetPort, poolSize: 20 }) : null;
}
