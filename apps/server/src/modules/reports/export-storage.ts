import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { localDiskStorage, type FileStorage } from '../../lib/file-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where export files are kept, by storage key (export_jobs.storage_key). */
    exportFiles: FileStorage;
  }
}

/** Export files: local disk under DATA_DIR/exports today (an S3-compatible store can replace it). */
export function exportStorage(app: FastifyInstance): FileStorage {
  return localDiskStorage(path.join(app.config.dataDir, 'exports'));
}

/** Days an export file is kept (EXPORT_RETENTION_DAYS, default 7). */
export function exportRetentionDays(app: FastifyInstance): number {
  return (app.config as { exportRetentionDays?: number }).exportRetentionDays ?? 7;
}
