import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkedKey, StorageUnavailableError, type FileStorage } from './file-storage';

/** Where one area's files live in an S3-compatible bucket (the config's storage.s3, plus the area's folder). */
export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, GCS interop…); AWS when unset. */
  endpoint?: string;
  region: string;
  /** Static keys; unset: the SDK's default credential chain (environment, profile, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** bucket in the path (http://host/bucket/key), as most S3-compatible servers want, not in the host name. */
  forcePathStyle: boolean;
  /** Prepended to every key ("prefix/area/key"): a folder of the bucket, without slashes at either end. */
  prefix?: string;
  /** Bytes per multipart part (at least 5 MiB, S3's minimum; default 8 MiB). */
  partSize?: number;
}

/** An S3 client and the object keys of one area: what storage:copy and the storage share. */
export interface S3Area {
  client: S3Client;
  bucket: string;
  objectKey(key: string): string;
}

/** Bytes a put holds at most: partSize per part, QUEUE_SIZE parts in flight. */
const QUEUE_SIZE = 2;
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

export function s3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: S3-compatible stores do not all read the SDK's default CRC trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An endpoint that does not answer fails within seconds rather than holding a request.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

export function s3Area(options: S3StorageOptions, client = s3Client(options)): S3Area {
  const base = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  return { client, bucket: options.bucket, objectKey: (key) => `${base}${checkedKey(key)}` };
}

/** An S3 answer that means "no such object" (GetObject's NoSuchKey, HeadObject's bare 404). */
function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}

/**
 * What went wrong, for the log: the error's name, its code and the HTTP status; never its message
 * (an SDK message may quote a request) nor anything of the credentials.
 */
export function storageFailureReason(err: unknown): string {
  if (err instanceof StorageUnavailableError) return err.reason;
  if (err instanceof S3ServiceException)
    return `S3 ${err.name}${err.$metadata?.httpStatusCode ? ` (HTTP ${err.$metadata.httpStatusCode})` : ''}`;
  const code = (err as { code?: unknown }).code;
  const name = err instanceof Error ? err.name : typeof err;
  return typeof code === 'string' ? `${name} ${code}` : name;
}

/** The store's own failure as StorageUnavailableError; an error of the body (the caller's) as it is. */
function unavailable(err: unknown): StorageUnavailableError {
  return err instanceof StorageUnavailableError ? err : new StorageUnavailableError(storageFailureReason(err));
}

/**
 * FileStorage in an S3-compatible bucket. A put streams the body through a multipart upload
 * (@aws-sdk/lib-storage; at most two parts in memory) and counts its size as it passes; a failed put
 * aborts the multipart upload, so the key keeps what it held before (nothing, for a new key). A
 * failure of the store itself (unreachable, refused credentials, a 5xx) is a StorageUnavailableError;
 * an error of the body stream is passed on as it is, after the upload was aborted.
 */
export function s3Storage(options: S3StorageOptions): FileStorage & { area: S3Area } {
  const area = s3Area(options);
  const { client, bucket } = area;
  const remove = async (key: string) => {
    const Key = area.objectKey(key);
    try {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
    } catch (err) {
      if (!isMissing(err)) throw unavailable(err);
    }
  };
  return {
    area,
    async put(key, body) {
      const Key = area.objectKey(key);
      let size = 0;
      let bodyError: unknown;
      let stopping = false;
      // An error of the body itself (the caller's stream), told apart from our destroy below.
      body.on('error', (err) => {
        if (!stopping) bodyError ??= err;
      });
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // The body fails: the upload reading `counted` sees the error and aborts the multipart upload.
      const piped = pipeline(body, counted).catch(() => undefined);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key, Body: counted },
        queueSize: QUEUE_SIZE,
        partSize: Math.max(options.partSize ?? DEFAULT_PART_SIZE, 5 * 1024 * 1024),
        leavePartsOnError: false,
      });
      try {
        await upload.done();
        await piped;
      } catch (err) {
        // The store failed first: the producer writing into `body` must not wait on it forever.
        stopping = true;
        counted.destroy();
        body.destroy();
        await piped;
        if (bodyError) throw bodyError;
        throw unavailable(err);
      }
      if (bodyError) {
        // Whole or nothing: a body that failed after its last byte was read does not leave a file.
        await remove(key);
        throw bodyError;
      }
      return { size };
    },
    async get(key) {
      const Key = area.objectKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        if (!answer.Body) return null;
        return { body: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw unavailable(err);
      }
    },
    delete: remove,
    async exists(key) {
      return (await headSize(area, key)) !== null;
    },
  };
}

/** The stored object's size by HeadObject, or null when the key holds nothing. */
export async function headSize(area: S3Area, key: string): Promise<number | null> {
  const Key = area.objectKey(key);
  try {
    const head = await area.client.send(new HeadObjectCommand({ Bucket: area.bucket, Key }));
    return Number(head.ContentLength ?? 0);
  } catch (err) {
    if (isMissing(err)) return null;
    throw unavailable(err);
  }
}
