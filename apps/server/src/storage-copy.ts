import fs from 'node:fs';
import path from 'node:path';
import type { StorageConfig } from './storage-config';
import { checkedKey, StorageUnavailableError } from './lib/file-storage';
import { headSize, s3Storage } from './lib/s3-storage';
import { localAreaDir, STORAGE_AREAS, storagePrefix } from './storage';

export interface CopyOutcome {
  copied: number;
  skipped: number;
  failed: number;
}

/** A temporary file of a put that never finished on local disk (localDiskStorage: `<key>.<uuid>.tmp`). */
const UNFINISHED = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** The files under an area's folder, as storage keys (relative paths with "/"), sorted. */
function localFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => !UNFINISHED.test(key))
    .sort();
}

/**
 * `npm run storage:copy`: copies the files a deployment kept on local disk (DATA_DIR/exports, DATA_DIR/evidence)
 * into the configured bucket under the same keys, as the server then reads them. An object already there with the
 * file's size is skipped, so a second run copies nothing; each file is one line of `print` (copied, skipped or
 * failed, with the reason), then a total. Never prints a credential.
 */
export async function copyLocalFilesToBucket(
  config: { storage: StorageConfig; dataDir: string },
  print: (line: string) => void,
): Promise<CopyOutcome> {
  const { storage } = config;
  if (storage.kind !== 's3')
    throw new Error('STORAGE_S3_BUCKET is not set: name the bucket (and its STORAGE_S3_* settings) to copy into.');
  const outcome: CopyOutcome = { copied: 0, skipped: 0, failed: 0 };
  for (const area of STORAGE_AREAS) {
    const dir = localAreaDir(config.dataDir, area);
    const target = s3Storage({ ...storage, prefix: storagePrefix(storage.prefix, area) });
    for (const key of localFiles(dir)) {
      const label = `${area}/${key}`;
      try {
        checkedKey(key);
      } catch {
        outcome.failed++;
        print(`failed   ${label}: not a storage key (letters, digits, '.', '_' and '-' between slashes)`);
        continue;
      }
      try {
        const size = (await fs.promises.stat(path.join(dir, key))).size;
        if ((await headSize(target.area, key)) === size) {
          outcome.skipped++;
          print(`skipped  ${label} (already in the bucket, ${size} bytes)`);
          continue;
        }
        const stored = await target.put(key, fs.createReadStream(path.join(dir, key)));
        outcome.copied++;
        print(`copied   ${label} (${stored.size} bytes)`);
      } catch (err) {
        outcome.failed++;
        print(`failed   ${label}: ${failureText(err)}`);
      }
    }
  }
  print(
    `${outcome.copied} copied, ${outcome.skipped} skipped (already there), ${outcome.failed} failed, into bucket ${storage.bucket}${storage.prefix ? ` under ${storage.prefix}/` : ''}.`,
  );
  return outcome;
}

/** What failed, for the output: the storage's reason (no credentials, no request), or the local file's error code. */
function failureText(err: unknown): string {
  if (err instanceof StorageUnavailableError) return `the bucket could not be written (${err.reason})`;
  const code = (err as NodeJS.ErrnoException).code;
  return `the local file could not be read (${typeof code === 'string' ? code : err instanceof Error ? err.name : 'error'})`;
}
