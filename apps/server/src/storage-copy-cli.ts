import { loadConfig } from './config';
import { copyLocalFilesToBucket } from './storage-copy';

/**
 * `npm run storage:copy`: copies the export files and dispute evidence a deployment kept on local disk under DATA_DIR
 * into the bucket of STORAGE_S3_BUCKET, under the same keys (storage-copy.ts). Run it once before the instances start
 * with the bucket, and again after (it skips what is there). Exits 1 when a file failed or the configuration is wrong.
 */
try {
  const config = loadConfig();
  const outcome = await copyLocalFilesToBucket(config, (line) => console.log(line));
  if (outcome.failed) process.exitCode = 1;
} catch (err) {
  console.error(`Storage copy failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
