import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/topology/s3-server';
import { StorageUnavailableError } from './file-storage';
import { s3Storage, type S3StorageOptions } from './s3-storage';

let s3: TestS3Server;
let s3Dir: string;
let options: S3StorageOptions;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-s3-lib-'));
  s3 = await startS3Server({ directory: s3Dir });
  options = {
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
    prefix: 'lib-test',
    partSize: 5 * 1024 * 1024,
  };
});
afterAll(async () => {
  await s3?.stop();
  if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
});

/** A body of `total` bytes in chunks of 64 KiB that fails after `failAfter` bytes when given. */
function body(bytes: Buffer, failAfter?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) {
        if (failAfter !== undefined && at >= failAfter) throw new Error('the source broke');
        yield bytes.subarray(at, at + 64 * 1024);
      }
    })(),
  );
}

describe('s3Storage', () => {
  it('puts, gets, checks and deletes by key, under the prefix', async () => {
    const storage = s3Storage(options);
    const bytes = Buffer.from('id,amount\n1,100\n');
    expect(await storage.exists('exports/a.csv')).toBe(false);
    expect(await storage.get('exports/a.csv')).toBeNull();
    expect(await storage.put('exports/a.csv', Readable.from([bytes]))).toEqual({ size: bytes.length });
    expect(await storage.exists('exports/a.csv')).toBe(true);
    const got = await storage.get('exports/a.csv');
    expect(got?.size).toBe(bytes.length);
    expect(await buffer(got!.body)).toEqual(bytes);
    // The prefix is a folder of the bucket: another prefix does not see the object.
    expect(await s3Storage({ ...options, prefix: 'other' }).exists('exports/a.csv')).toBe(false);
    await storage.delete('exports/a.csv');
    expect(await storage.exists('exports/a.csv')).toBe(false);
    // Deleting nothing is no error.
    await storage.delete('exports/a.csv');
  });

  it('streams a file of several parts (a multipart upload) and reads it back byte for byte', async () => {
    const storage = s3Storage(options);
    const bytes = randomBytes(11 * 1024 * 1024 + 123);
    expect(await storage.put('big/file.bin', body(bytes))).toEqual({ size: bytes.length });
    const got = await storage.get('big/file.bin');
    expect(got?.size).toBe(bytes.length);
    expect((await buffer(got!.body)).equals(bytes)).toBe(true);
    await storage.delete('big/file.bin');
  });

  it('stores nothing when the body fails midway, before and after the first part; the old bytes stay', async () => {
    const storage = s3Storage(options);
    const small = randomBytes(300 * 1024);
    await expect(storage.put('broken/small.bin', body(small, 128 * 1024))).rejects.toThrow('the source broke');
    expect(await storage.exists('broken/small.bin')).toBe(false);
    const big = randomBytes(12 * 1024 * 1024);
    await expect(storage.put('broken/big.bin', body(big, 11 * 1024 * 1024))).rejects.toThrow('the source broke');
    expect(await storage.exists('broken/big.bin')).toBe(false);
    // A failed put over an existing key leaves what was there.
    await storage.put('broken/kept.txt', Readable.from([Buffer.from('kept')]));
    await expect(storage.put('broken/kept.txt', body(big, 6 * 1024 * 1024))).rejects.toThrow('the source broke');
    expect((await buffer((await storage.get('broken/kept.txt'))!.body)).toString()).toBe('kept');
  });

  it('refuses a key that is not a storage key', async () => {
    const storage = s3Storage(options);
    await expect(storage.exists('../etc/passwd')).rejects.toThrow(/invalid storage key/);
    await expect(storage.put('a//b', Readable.from([Buffer.from('x')]))).rejects.toThrow(/invalid storage key/);
  });

  it('answers StorageUnavailableError while the server is down, and works again once it is back', async () => {
    const storage = s3Storage(options);
    await storage.put('outage/before.txt', Readable.from([Buffer.from('before')]));
    await s3.stop();
    try {
      for (const call of [
        () => storage.get('outage/before.txt'),
        () => storage.exists('outage/before.txt'),
        () => storage.delete('outage/before.txt'),
        () => storage.put('outage/during.txt', body(randomBytes(200 * 1024))),
      ]) {
        const err = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(StorageUnavailableError);
        const unavailable = err as StorageUnavailableError;
        expect(unavailable).toMatchObject({ code: '002000S001', status: 503, mapEnabled: true });
        expect(unavailable.message).toBe(
          'The file storage is unavailable at the moment. Please try again in a few minutes.',
        );
        expect(`${unavailable.message} ${unavailable.reason}`).not.toContain(s3.secretAccessKey);
      }
    } finally {
      await s3.start();
    }
    expect(await storage.exists('outage/during.txt')).toBe(false);
    expect((await buffer((await storage.get('outage/before.txt'))!.body)).toString()).toBe('before');
  });

  it('answers StorageUnavailableError for refused credentials, without repeating the secret', async () => {
    const secret = 'wrong-secret-do-not-print';
    const storage = s3Storage({ ...options, credentials: { accessKeyId: 'NOPE', secretAccessKey: secret } });
    const err = await storage.exists('x.txt').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect(JSON.stringify({ ...(err as object), message: (err as Error).message })).not.toContain(secret);
  });
});
