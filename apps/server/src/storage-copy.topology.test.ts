import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { fileStorageFor } from './storage';
import { copyLocalFilesToBucket } from './storage-copy';
import { runCli } from './test/run-cli';
import { startS3Server, type TestS3Server } from './test/topology/s3-server';

/** storage:copy moves a deployment's local files (DATA_DIR/exports, DATA_DIR/evidence) into the bucket, key for key. */
describe('storage:copy', () => {
  let s3: TestS3Server;
  let s3Dir: string;
  let dataDir: string;
  let env: Record<string, string>;
  const FILES: Record<string, Buffer> = {
    'exports/EXP1-1a2b3c4d.csv': Buffer.from('id,amount\r\nPAY1,100\r\n'),
    'exports/EXP2-5e6f7a8b.xlsx': Buffer.alloc(70_000, 7),
    'evidence/disputes/M1000001/DSP1/DEF1': Buffer.from('%PDF-1.7 evidence'),
  };
  const write = (rel: string, bytes: Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dataDir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, rel), bytes);
  };
  const stored = async (rel: string) => {
    const [area, ...key] = rel.split('/');
    const file = await fileStorageFor(loadConfig(env), area as 'exports' | 'evidence').get(key.join('/'));
    return file ? buffer(file.body) : null;
  };

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-s3-copy-'));
    s3 = await startS3Server({ directory: s3Dir });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-copy-data-'));
    for (const [rel, bytes] of Object.entries(FILES)) write(rel, bytes);
    // An unfinished put of local disk is no file of the deployment.
    write('exports/EXP3-00000000.csv.0b7c8e0e-6f0e-4a53-9d8e-1c2b3a4d5e6f.tmp', Buffer.from('partial'));
    env = { ...s3.env, STORAGE_S3_PREFIX: 'prod', DATA_DIR: dataDir };
  });
  afterAll(async () => {
    await s3?.stop();
    for (const dir of [s3Dir, dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every file under its key, exits 0, and a second run skips them all', async () => {
    const first = await runCli('storage-copy-cli.ts', env);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('copied   exports/EXP1-1a2b3c4d.csv (21 bytes)');
    expect(first.out).toContain('copied   evidence/disputes/M1000001/DSP1/DEF1 (17 bytes)');
    expect(first.out).toContain('3 copied, 0 skipped (already there), 0 failed, into bucket mbo-test under prod/.');
    expect(first.out).not.toContain('.tmp');
    expect(first.out).not.toContain(s3.secretAccessKey);
    for (const [rel, bytes] of Object.entries(FILES)) expect((await stored(rel))?.equals(bytes), rel).toBe(true);
    expect(await stored('exports/EXP3-00000000.csv.0b7c8e0e-6f0e-4a53-9d8e-1c2b3a4d5e6f.tmp')).toBeNull();

    const lines: string[] = [];
    const again = await copyLocalFilesToBucket(loadConfig(env), (line) => lines.push(line));
    expect(again).toEqual({ copied: 0, skipped: 3, failed: 0 });
    expect(lines).toContain('skipped  exports/EXP2-5e6f7a8b.xlsx (already in the bucket, 70000 bytes)');
  }, 120_000);

  it('copies again a file whose size differs, and reports a file it cannot copy with exit code 1', async () => {
    write('exports/EXP1-1a2b3c4d.csv', Buffer.from('id,amount\r\nPAY1,100\r\nPAY2,200\r\n'));
    write('evidence/not a key.pdf', Buffer.from('x'));
    const lines: string[] = [];
    const outcome = await copyLocalFilesToBucket(loadConfig(env), (line) => lines.push(line));
    expect(outcome).toEqual({ copied: 1, skipped: 2, failed: 1 });
    expect(lines).toContain('copied   exports/EXP1-1a2b3c4d.csv (31 bytes)');
    expect(lines.some((l) => l.startsWith('failed   evidence/not a key.pdf: not a storage key'))).toBe(true);
    expect((await stored('exports/EXP1-1a2b3c4d.csv'))?.toString()).toContain('PAY2');

    const run = await runCli('storage-copy-cli.ts', env);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain('0 copied, 3 skipped (already there), 1 failed');
    fs.rmSync(path.join(dataDir, 'evidence/not a key.pdf'));
  }, 120_000);

  it('fails each file while the bucket is down, without a credential in its output, and copies them once it is back', async () => {
    write('exports/EXP4-9a8b7c6d.csv', Buffer.from('id\r\nPAY4\r\n'));
    const lines: string[] = [];
    await s3.stop();
    try {
      const outcome = await copyLocalFilesToBucket(loadConfig(env), (line) => lines.push(line));
      expect(outcome).toEqual({ copied: 0, skipped: 0, failed: 4 });
      expect(
        lines.filter((l) => l.startsWith('failed   ') && l.includes('the bucket could not be written')),
      ).toHaveLength(4);
      expect(lines.join('\n')).not.toContain(s3.secretAccessKey);
    } finally {
      await s3.start();
    }
    const after = await copyLocalFilesToBucket(loadConfig(env), () => undefined);
    expect(after).toEqual({ copied: 1, skipped: 3, failed: 0 });
  });

  it('refuses to run without a bucket', async () => {
    await expect(copyLocalFilesToBucket(loadConfig({ DATA_DIR: dataDir }), () => undefined)).rejects.toThrow(
      /STORAGE_S3_BUCKET is not set/,
    );
  });
});
