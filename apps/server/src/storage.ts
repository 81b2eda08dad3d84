import path from 'node:path';
import type { StorageConfig } from './storage-config';
import { localDiskStorage, type FileStorage } from './lib/file-storage';
import { s3Storage } from './lib/s3-storage';

/** The areas of the file storage: export files (modules/reports) and dispute evidence (modules/disputes). */
export const STORAGE_AREAS = ['exports', 'evidence'] as const;
export type StorageArea = (typeof STORAGE_AREAS)[number];

/**
 * The one choice of where an area's files live: with STORAGE_S3_BUCKET, the bucket under
 * `[STORAGE_S3_PREFIX/]<area>/<key>` (every instance of a deployment reads every file); otherwise
 * local disk under `DATA_DIR/<area>`. storage:copy moves the second into the first, key for key.
 */
export function fileStorageFor(config: { storage: StorageConfig; dataDir: string }, area: StorageArea): FileStorage {
  const { storage } = config;
  if (storage.kind === 'local') return localDiskStorage(localAreaDir(config.dataDir, area));
  return s3Storage({ ...storage, prefix: storagePrefix(storage.prefix, area) });
}

/** The folder of an area on local disk. */
export function localAreaDir(dataDir: string, area: StorageArea): string {
  return path.join(dataDir, area);
}

/** The bucket folder of an area: `<prefix>/<area>`, or `<area>` without a prefix. */
export function storagePrefix(prefix: string | undefined, area: StorageArea): string {
  return prefix ? `${prefix}/${area}` : area;
}
