import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from './app-error';

/**
 * Where generated files live, by key (never a path on one machine): local disk today; an
 * S3-compatible bucket (s3-storage.ts) implements the same four calls, and then any instance serves any file.
 * Keys are relative names of [A-Za-z0-9._-] segments separated by "/".
 */
export interface FileStorage {
  /** Stores the stream's bytes under the key (replacing any), whole or not at all; resolves with the size. */
  put(key: string, body: Readable): Promise<{ size: number }>;
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the key; nothing happens when it holds nothing. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/**
 * The file storage cannot be reached or refuses us (an S3 store that is down, refused credentials, a 5xx): the
 * catalogue's system error 002000S001 with HTTP 503 and a message the user is shown (isGwErrorMapEnabled = 1).
 * `reason` names what failed for the log (an error name, code and status), never a credential or a request.
 */
export class StorageUnavailableError extends AppError {
  readonly reason: string;
  constructor(reason: string) {
    super(ERROR_CODES.SYSTEM, {
      msg: 'The file storage is unavailable at the moment. Please try again in a few minutes.',
      status: 503,
      showMsg: true,
    });
    this.name = 'StorageUnavailableError';
    this.reason = reason;
  }
}

const KEY = /^[\w.-]+(\/[\w.-]+)*$/;

/** The key when it is a storage key (segments of [A-Za-z0-9._-], no "." or ".."); throws otherwise. */
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..'))
    throw new Error(`invalid storage key: ${key.slice(0, 80)}`);
  return key;
}

/** Files under one folder on local disk; a put writes a temporary file and renames it into place. */
export function localDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, body) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      const out = fs.createWriteStream(temp);
      try {
        await pipeline(body, out);
        const { size } = await fs.promises.stat(temp);
        await fs.promises.rename(temp, target);
        return { size };
      } catch (err) {
        // A body that fails at once may fail before the file is even opened: removed only once the
        // stream has closed, or its late open would create the file after the removal.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await fs.promises.rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const file = pathOf(key);
      try {
        const handle = await fs.promises.open(file, 'r');
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await fs.promises.stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
