import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../../lib/file-storage';
import { fileStorageFor } from '../../storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where export files are kept, by storage key (export_jobs.storage_key). */
    exportFiles: FileStorage;
  }
}

/** Export files: local disk under DATA_DIR/exports, or the S3 bucket's exports/ folder (storage.ts). */
export function exportStorage(app: FastifyInstance): FileStorage {
  return fileStorageFor(app.config, 'exports');
}

/** Days an export file is kept (EXPORT_RETENTION_DAYS, default 7). */
export function exportRetentionDays(app: FastifyInstance): number {
  return (app.config as { exportRetentionDays?: number }).exportRetentionDays ?? 7;
}
