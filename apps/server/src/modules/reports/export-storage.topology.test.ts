import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { loadConfig } from '../../config';
import { exportJobs } from '../../db/payments-schema';
import { call, createSecondApp, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { startS3Server, type TestS3Server } from '../../test/topology/s3-server';
import { exportRetentionJob } from './export-retention-job';
import { waitForExport } from './reports-test-helpers';

const RANGE = {
  timeZone: 'UTC',
  createdFrom: new Date(Date.now() - 120 * 86_400_000).toISOString(),
  createdTo: new Date(Date.now() + 86_400_000).toISOString(),
};
const UNAVAILABLE = 'The file storage is unavailable at the moment. Please try again in a few minutes.';

/**
 * Export files in an S3 bucket (s3rver on loopback): any instance of a deployment serves a file another built, the
 * retention job deletes the objects, and an outage of the storage leaves a clear error and no half-written export.
 */
describe('export files in object storage', () => {
  let s3: TestS3Server;
  let s3Dir: string;
  let t: TestApp;
  let second: FastifyInstance;
  let secondDataDir: string;
  let owner: string;

  const rowOf = async (exportId: string) =>
    (
      await t.app.db
        .select({ status: exportJobs.status, storageKey: exportJobs.storageKey, error: exportJobs.error })
        .from(exportJobs)
        .where(eq(exportJobs.id, exportId))
    )[0];
  const create = async (type: string, format: 'CSV' | 'XLSX') => {
    const res = await call(t.app, 'POST', REPORT_PATHS.create, { cookie: owner, payload: { type, format, ...RANGE } });
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data.exportId as string;
  };
  const download = (app: FastifyInstance, exportId: string) =>
    app.inject({ method: 'GET', url: REPORT_PATHS.download, query: { exportId }, headers: { cookie: owner } });
  /** Files under a data directory's exports folder (local disk must hold none). */
  const localExports = (dataDir: string) => {
    const dir = path.join(dataDir, 'exports');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }) : [];
  };

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-s3-exports-'));
    s3 = await startS3Server({ directory: s3Dir });
    const { storage } = loadConfig(s3.env);
    t = await createTestApp({ config: { storage } });
    secondDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-second-data-'));
    // Another instance: the same database and bucket, a data directory of its own (its local disk has no files).
    second = await createSecondApp(t, {
      config: { storage, dataDir: secondDataDir, dataEncryptionKey: t.app.config.dataEncryptionKey },
    });
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await s3?.stop();
    if (secondDataDir) fs.rmSync(secondDataDir, { recursive: true, force: true });
    if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('stores an export in the bucket; another instance downloads it byte for byte', async () => {
    for (const format of ['CSV', 'XLSX'] as const) {
      const exportId = await create('PAYMENTS', format);
      const done = await waitForExport(t.app, owner, exportId);
      expect(done.status).toBe('SUCCESS');
      const { storageKey } = await rowOf(exportId);
      expect(await t.app.exportFiles.exists(storageKey!)).toBe(true);
      expect(await second.exportFiles.exists(storageKey!)).toBe(true);

      const here = await download(t.app, exportId);
      const there = await download(second, exportId);
      expect(here.statusCode).toBe(200);
      expect(there.statusCode).toBe(200);
      expect(there.rawPayload.length).toBeGreaterThan(100);
      expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
      expect(there.headers['content-length']).toBe(String(here.rawPayload.length));
      expect(there.headers['content-disposition']).toBe(here.headers['content-disposition']);
    }
    expect(localExports(t.app.config.dataDir)).toEqual([]);
    expect(localExports(secondDataDir)).toEqual([]);
  });

  it('the retention job deletes the objects of expired exports', async () => {
    const exportId = await create('REFUNDS', 'CSV');
    expect((await waitForExport(t.app, owner, exportId)).status).toBe('SUCCESS');
    const { storageKey } = await rowOf(exportId);
    expect(await second.exportFiles.exists(storageKey!)).toBe(true);
    await t.app.db.execute(
      sql`UPDATE export_jobs SET finished_at = now() - make_interval(days => ${t.app.config.exportRetentionDays}, hours => 1) WHERE id = ${exportId}`,
    );
    await t.app.jobs.send(exportRetentionJob, {});
    t.app.jobs.wake(exportRetentionJob.name);
    await t.app.jobs.drain();

    expect(await second.exportFiles.exists(storageKey!)).toBe(false);
    expect(await rowOf(exportId)).toMatchObject({ status: 'EXPIRED', storageKey: null });
    expect((await call(second, 'GET', REPORT_PATHS.download, { cookie: owner, query: { exportId } })).body.code).toBe(
      '012001B042',
    );
  });

  it('while the storage is down: a download answers a clear 503 error, an export ends FAILED with no file', async () => {
    const kept = await create('PAYMENTS', 'CSV');
    expect((await waitForExport(t.app, owner, kept)).status).toBe('SUCCESS');
    const keptKey = (await rowOf(kept)).storageKey!;
    await s3.stop();
    let failed = '';
    try {
      for (const app of [t.app, second]) {
        const res = await download(app, kept);
        expect(res.statusCode).toBe(503);
        const body = res.json();
        expect(body).toMatchObject({
          code: '002000S001',
          msg: UNAVAILABLE,
          msg_params: { isGwErrorMapEnabled: 1 },
        });
        expect(res.body).not.toMatch(/at .*\.ts|S3RVER|ECONNREFUSED/);
      }

      failed = await create('PAYMENTS', 'CSV');
      const done = await waitForExport(t.app, owner, failed);
      expect(done.status).toBe('FAILED');
      expect(done.error).toBe(
        'The export could not be saved: the file storage is unavailable at the moment. Please try again in a few minutes.',
      );
      expect(await rowOf(failed)).toMatchObject({ status: 'FAILED', storageKey: null });
      const answer = await call(t.app, 'GET', REPORT_PATHS.download, { cookie: owner, query: { exportId: failed } });
      expect(answer.body.code).toBe('012001B041');
    } finally {
      await s3.start();
    }
    // Back: the kept file downloads again; the failed export left no object of any of its runs behind.
    expect((await download(second, kept)).statusCode).toBe(200);
    expect(await second.exportFiles.exists(keptKey)).toBe(true);
    const objects = fs.readdirSync(s3Dir, { recursive: true }).map(String);
    expect(objects.some((f) => f.includes(keptKey))).toBe(true);
    expect(objects.filter((f) => f.includes(failed))).toEqual([]);
    const again = await create('PAYMENTS', 'CSV');
    expect((await waitForExport(t.app, owner, again)).status).toBe('SUCCESS');
  });
});
