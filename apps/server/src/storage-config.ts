/**
 * The STORAGE_S3_* part of the environment (config.ts): where export files and dispute evidence live. Without
 * STORAGE_S3_BUCKET, on local disk under DATA_DIR; with it, in that S3-compatible bucket (storage.ts).
 */
import { z } from 'zod';
import { flag, text, url } from './config-values';

/** An S3 bucket name as AWS, MinIO, R2 and GCS take it: 3 to 63 lowercase letters, digits, dots and hyphens. */
const bucketName = text.transform((value, ctx) => {
  if (value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value)) return value;
  ctx.addIssue({
    code: 'custom',
    message: `must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens), not '${value.slice(0, 70)}'`,
  });
  return z.NEVER;
});

/** A region name (us-east-1, eu-central-1, auto for R2). */
const regionName = text.transform((value, ctx) => {
  if (value === undefined || /^[a-z0-9-]{1,40}$/.test(value)) return value;
  ctx.addIssue({ code: 'custom', message: `must be a region name such as eu-central-1, not '${value.slice(0, 50)}'` });
  return z.NEVER;
});

/** STORAGE_S3_PREFIX: folders of the bucket (a/b), as storage keys are written; slashes at either end dropped. */
const keyPrefix = text.transform((value, ctx) => {
  const trimmed = value?.replace(/^\/+|\/+$/g, '');
  if (!trimmed) return undefined;
  if (/^[\w.-]+(\/[\w.-]+)*$/.test(trimmed) && !trimmed.split('/').some((part) => part === '.' || part === '..'))
    return trimmed;
  ctx.addIssue({
    code: 'custom',
    message: `must be folder names of letters, digits, '.', '_' and '-' separated by '/', not '${trimmed.slice(0, 70)}'`,
  });
  return z.NEVER;
});

/** The STORAGE_S3_* variables other than the bucket: set without STORAGE_S3_BUCKET, they are a mistake. */
const S3_SETTINGS = [
  'STORAGE_S3_ENDPOINT',
  'STORAGE_S3_REGION',
  'STORAGE_S3_ACCESS_KEY_ID',
  'STORAGE_S3_SECRET_ACCESS_KEY',
  'STORAGE_S3_FORCE_PATH_STYLE',
  'STORAGE_S3_PREFIX',
] as const;

/** Where export files and dispute evidence are kept (storage.ts picks the FileStorage of each area from it). */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** An S3-compatible endpoint; AWS when unset. */
      endpoint?: string;
      region: string;
      /** Static keys; unset: the SDK's default credential chain. */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      forcePathStyle: boolean;
      prefix?: string;
    };

/** The STORAGE_S3_* variables of the environment schema (config.ts). */
export const STORAGE_ENVIRONMENT = {
  STORAGE_S3_BUCKET: bucketName,
  STORAGE_S3_ENDPOINT: url(['http:', 'https:'], 'https://s3.eu-central-1.amazonaws.com'),
  STORAGE_S3_REGION: regionName,
  STORAGE_S3_ACCESS_KEY_ID: text,
  // A secret: never repeated in a message (only checked for being set with its key id).
  STORAGE_S3_SECRET_ACCESS_KEY: text,
  STORAGE_S3_FORCE_PATH_STYLE: flag,
  STORAGE_S3_PREFIX: keyPrefix,
};

type StorageEnvironment = {
  STORAGE_S3_BUCKET?: string;
  STORAGE_S3_ENDPOINT?: string;
  STORAGE_S3_REGION?: string;
  STORAGE_S3_ACCESS_KEY_ID?: string;
  STORAGE_S3_SECRET_ACCESS_KEY?: string;
  STORAGE_S3_FORCE_PATH_STYLE?: boolean;
  STORAGE_S3_PREFIX?: string;
};

/** The rules between the variables: the others need the bucket; the two keys go together. */
export function checkStorageSettings(env: StorageEnvironment, ctx: z.RefinementCtx): void {
  const s3Settings = S3_SETTINGS.filter((name) => env[name] !== undefined);
  if (!env.STORAGE_S3_BUCKET && s3Settings.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['STORAGE_S3_BUCKET'],
      message: `is not set, but ${s3Settings.join(', ')} ${s3Settings.length === 1 ? 'is' : 'are'}: set the bucket to keep files in S3, or remove ${s3Settings.length === 1 ? 'it' : 'them'} to keep files on local disk under DATA_DIR`,
    });
  }
  const keyId = env.STORAGE_S3_ACCESS_KEY_ID !== undefined;
  const secret = env.STORAGE_S3_SECRET_ACCESS_KEY !== undefined;
  if (keyId !== secret) {
    ctx.addIssue({
      code: 'custom',
      path: [keyId ? 'STORAGE_S3_SECRET_ACCESS_KEY' : 'STORAGE_S3_ACCESS_KEY_ID'],
      message: `is not set, but ${keyId ? 'STORAGE_S3_ACCESS_KEY_ID' : 'STORAGE_S3_SECRET_ACCESS_KEY'} is: set both (or neither, for the default credential chain of the AWS SDK)`,
    });
  }
}

/** Where the files live, from the checked variables. */
export function storageConfig(env: StorageEnvironment): StorageConfig {
  if (!env.STORAGE_S3_BUCKET) return { kind: 'local' };
  return {
    kind: 's3',
    bucket: env.STORAGE_S3_BUCKET,
    endpoint: env.STORAGE_S3_ENDPOINT,
    region: env.STORAGE_S3_REGION ?? 'us-east-1',
    credentials:
      env.STORAGE_S3_ACCESS_KEY_ID && env.STORAGE_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY }
        : undefined,
    // Most S3-compatible servers (MinIO, s3rver) want the bucket in the path; AWS takes it in the host name.
    forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE ?? env.STORAGE_S3_ENDPOINT !== undefined,
    prefix: env.STORAGE_S3_PREFIX,
  };
}
