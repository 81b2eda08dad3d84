import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('file storage (STORAGE_S3_*)', () => {
  const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

  it('keeps files on local disk under DATA_DIR when no bucket is set', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ STORAGE_S3_BUCKET: ' ' }).storage).toEqual({ kind: 'local' });
  });

  it('reads a bucket on AWS with the default credential chain: us-east-1, virtual-host style, no prefix', () => {
    expect(loadConfig({ STORAGE_S3_BUCKET: 'mbo-files' }).storage).toEqual({
      kind: 's3',
      bucket: 'mbo-files',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      prefix: undefined,
    });
  });

  it('reads an S3-compatible endpoint with keys: path style by default, the prefix without its slashes', () => {
    const env = {
      STORAGE_S3_BUCKET: 'mbo-files',
      STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000',
      STORAGE_S3_REGION: 'eu-central-1',
      STORAGE_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      STORAGE_S3_SECRET_ACCESS_KEY: SECRET,
      STORAGE_S3_PREFIX: '/prod/backoffice/',
    };
    expect(loadConfig(env).storage).toEqual({
      kind: 's3',
      bucket: 'mbo-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: SECRET },
      forcePathStyle: true,
      prefix: 'prod/backoffice',
    });
    expect(loadConfig({ ...env, STORAGE_S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({
      forcePathStyle: false,
    });
    expect(loadConfig({ STORAGE_S3_BUCKET: 'mbo-files', STORAGE_S3_FORCE_PATH_STYLE: 'true' }).storage).toMatchObject({
      endpoint: undefined,
      forcePathStyle: true,
    });
  });

  it.each([
    [
      { STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000', STORAGE_S3_REGION: 'eu-central-1' },
      'STORAGE_S3_BUCKET is not set, but STORAGE_S3_ENDPOINT, STORAGE_S3_REGION are: set the bucket to keep files in S3, or remove them to keep files on local disk under DATA_DIR.',
    ],
    [
      { STORAGE_S3_PREFIX: 'prod' },
      'STORAGE_S3_BUCKET is not set, but STORAGE_S3_PREFIX is: set the bucket to keep files in S3, or remove it to keep files on local disk under DATA_DIR.',
    ],
    [
      { STORAGE_S3_BUCKET: 'mbo-files', STORAGE_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
      'STORAGE_S3_SECRET_ACCESS_KEY is not set, but STORAGE_S3_ACCESS_KEY_ID is: set both (or neither, for the default credential chain of the AWS SDK).',
    ],
    [
      { STORAGE_S3_BUCKET: 'mbo-files', STORAGE_S3_SECRET_ACCESS_KEY: SECRET },
      'STORAGE_S3_ACCESS_KEY_ID is not set, but STORAGE_S3_SECRET_ACCESS_KEY is: set both (or neither, for the default credential chain of the AWS SDK).',
    ],
    [
      { STORAGE_S3_BUCKET: 'My_Bucket' },
      "STORAGE_S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens), not 'My_Bucket'.",
    ],
    [
      { STORAGE_S3_BUCKET: 'mbo-files', STORAGE_S3_ENDPOINT: 'ftp://files.internal' },
      'STORAGE_S3_ENDPOINT must be a http:// or https:// URL such as https://s3.eu-central-1.amazonaws.com, not a ftp:// URL.',
    ],
    [
      { STORAGE_S3_BUCKET: 'mbo-files', STORAGE_S3_ENDPOINT: 'minio:9000/x' },
      'STORAGE_S3_ENDPOINT must be a http:// or https:// URL such as https://s3.eu-central-1.amazonaws.com, not a minio:// URL.',
    ],
    [
      { STORAGE_S3_BUCKET: 'mbo-files', STORAGE_S3_REGION: 'EU Central' },
      "STORAGE_S3_REGION must be a region name such as eu-central-1, not 'EU Central'.",
    ],
    [
      { STORAGE_S3_BUCKET: 'mbo-files', STORAGE_S3_FORCE_PATH_STYLE: 'yes' },
      "STORAGE_S3_FORCE_PATH_STYLE must be true or false, not 'yes'.",
    ],
    [
      { STORAGE_S3_BUCKET: 'mbo-files', STORAGE_S3_PREFIX: 'prod/../other' },
      "STORAGE_S3_PREFIX must be folder names of letters, digits, '.', '_' and '-' separated by '/', not 'prod/../other'.",
    ],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats the secret access key, nor credentials in an endpoint, in its message', () => {
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as Error).message;
      }
      return '';
    };
    const missing = messageOf({ STORAGE_S3_SECRET_ACCESS_KEY: SECRET, STORAGE_S3_REGION: 'eu-west-1' });
    expect(missing).toMatch(/The environment has 2 bad values/);
    expect(missing).toMatch(/STORAGE_S3_BUCKET is not set, but STORAGE_S3_REGION, STORAGE_S3_SECRET_ACCESS_KEY are/);
    expect(missing).toMatch(/STORAGE_S3_ACCESS_KEY_ID is not set, but STORAGE_S3_SECRET_ACCESS_KEY is/);
    expect(missing).not.toContain(SECRET);
    const endpoint = messageOf({
      STORAGE_S3_BUCKET: 'mbo-files',
      STORAGE_S3_ENDPOINT: 'ftp://key:hunter2@files.internal',
    });
    expect(endpoint).toMatch(/STORAGE_S3_ENDPOINT must be a http:\/\/ or https:\/\/ URL/);
    expect(endpoint).not.toContain('hunter2');
  });
});
