import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { dataKeyFrom, SecretBox, type DataKey, type Keyring } from '../lib/secret-box';

/** The data key kept in DATA_DIR when DATA_ENCRYPTION_KEY is not set (outside production). */
export const DATA_KEY_FILE = 'data-encryption.key';

type KeyConfig = Pick<Config, 'production' | 'dataDir' | 'dataEncryptionKey' | 'dataEncryptionKeysOld'>;

/**
 * The keyring the server encrypts its secrets with (lib/secret-box.ts):
 * - DATA_ENCRYPTION_KEY is the newest key, DATA_ENCRYPTION_KEYS_OLD the older ones it still reads
 *   (until `npm run rotate-keys` has re-encrypted everything with the newest);
 * - without DATA_ENCRYPTION_KEY (refused with NODE_ENV=production), the key in DATA_DIR/data-encryption.key,
 *   made once (32 random bytes, readable by this user only) and kept beside the embedded database;
 * - a key file that exists beside a DATA_ENCRYPTION_KEY is read as an older key, so an embedded
 *   database moves to a configured key with `npm run rotate-keys`.
 */
export function loadKeyring(config: KeyConfig): Keyring {
  const file = path.join(config.dataDir, DATA_KEY_FILE);
  const old: DataKey[] = config.dataEncryptionKeysOld.map(dataKeyFrom);
  if (config.dataEncryptionKey) {
    const fileKey = readKeyFile(file);
    return {
      current: dataKeyFrom(config.dataEncryptionKey),
      old: fileKey ? [...old, fileKey] : old,
      source: 'DATA_ENCRYPTION_KEY',
    };
  }
  if (config.production)
    throw new Error('DATA_ENCRYPTION_KEY is not set: NODE_ENV=production needs the data key in the configuration.');
  return { current: readKeyFile(file) ?? createKeyFile(file), old, source: `the key file ${file}` };
}

/** The SecretBox of a configuration (see loadKeyring). */
export function secretBoxFor(config: KeyConfig): SecretBox {
  return new SecretBox(loadKeyring(config));
}

function readKeyFile(file: string): DataKey | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    return dataKeyFrom(text);
  } catch (err) {
    throw new Error(`The data key file ${file} is damaged (${(err as Error).message}): restore it from a backup.`, {
      cause: err,
    });
  }
}

/** Creates the key file once: of two processes starting together, the second reads the first's key. */
function createKeyFile(file: string): DataKey {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = `${randomBytes(32).toString('base64')}\n`;
  try {
    fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readKeyFile(file)!;
  }
  return dataKeyFrom(text);
}
