import { dataKeyFrom, SecretBox } from '../lib/secret-box';

/** The data key of every test database (the template the global setup seeds, and each file's copy). */
export const TEST_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 0x5a).toString('base64');

/** The keyring of the test databases (or of `key`), as the server builds it from DATA_ENCRYPTION_KEY. */
export function testSecrets(key: string = TEST_DATA_ENCRYPTION_KEY): SecretBox {
  return new SecretBox({ current: dataKeyFrom(key), old: [], source: 'DATA_ENCRYPTION_KEY' });
}
