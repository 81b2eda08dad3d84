import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { DISPUTE_PATHS, type DisputeFile } from '@mbo/contracts/disputes';
import { loadConfig } from '../../config';
import { disputeFiles } from '../../db/schema';
import { call, createSecondApp, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { startS3Server, type TestS3Server } from '../../test/topology/s3-server';
import { createPayment } from '../payments/test-payments';
import { openDispute } from './open-dispute';

const UNAVAILABLE = 'The file storage is unavailable at the moment. Please try again in a few minutes.';

async function realPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Proof of delivery', { x: 10, y: 100, size: 12 });
  return Buffer.from(await doc.save());
}

/** Dispute evidence in an S3 bucket (s3rver on loopback), read by any instance; an outage writes no evidence row. */
describe('dispute evidence in object storage', () => {
  let s3: TestS3Server;
  let s3Dir: string;
  let t: TestApp;
  let second: FastifyInstance;
  let secondDataDir: string;
  let owner: string;

  const db = () => t.database.db;
  const rowsOf = async (disputeId: string) =>
    (await db().select({ n: count() }).from(disputeFiles).where(eq(disputeFiles.disputeId, disputeId)))[0].n;
  const newDispute = async () => {
    const p = await createPayment(db(), {
      merchantId: 'M1000001',
      amount: 2_500,
      currency: 'EUR',
      payMethodName: 'VISA',
    });
    return openDispute(db(), {
      merchantId: 'M1000001',
      paymentId: p.id,
      type: 'CHARGEBACK',
      reason: 'PRODUCT_NOT_RECEIVED',
    });
  };
  const upload = (app: FastifyInstance, disputeId: string, file: { name: string; type: string; bytes: Buffer }) => {
    const body = multipart(
      [
        ['disputeId', disputeId],
        ['category', 'PROOF_OF_DELIVERY'],
      ],
      file,
    );
    return app.inject({
      method: 'POST',
      url: DISPUTE_PATHS.upload,
      headers: { cookie: owner, ...body.headers },
      payload: body.payload,
    });
  };
  const get = (app: FastifyInstance, url: string, query: Record<string, string>) =>
    app.inject({ method: 'GET', url, query, headers: { cookie: owner } });
  /** The files of the objects s3rver holds for a dispute (their data, not their metadata). */
  const objectsOf = (disputeId: string) =>
    fs
      .readdirSync(s3Dir, { recursive: true })
      .map(String)
      .filter(
        (f) => f.includes(disputeId) && !f.endsWith('metadata.json') && fs.statSync(path.join(s3Dir, f)).isFile(),
      );

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-s3-evidence-'));
    s3 = await startS3Server({ directory: s3Dir });
    const { storage } = loadConfig({ ...s3.env, STORAGE_S3_PREFIX: 'backoffice' });
    t = await createTestApp({ config: { storage } });
    secondDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-second-data-'));
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

  it('uploads through one instance and downloads through another, byte for byte; the bundle reads it too', async () => {
    const disputeId = await newDispute();
    const pdf = await realPdf();
    const res = await upload(t.app, disputeId, { name: 'delivery.pdf', type: 'application/pdf', bytes: pdf });
    expect(res.json().code, res.json().msg).toBe('000000');
    const file = res.json().data as DisputeFile;
    // In the bucket, under the prefix and the area; nothing on either instance's disk.
    const stored = objectsOf(disputeId);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((f) => f.includes(path.join('backoffice', 'evidence', 'disputes', 'M1000001')))).toBe(true);
    expect(fs.existsSync(path.join(t.app.config.dataDir, 'evidence'))).toBe(false);
    expect(fs.existsSync(path.join(secondDataDir, 'evidence'))).toBe(false);

    const there = await get(second, DISPUTE_PATHS.downloadFile, { disputeId, fileId: file.fileId });
    expect(there.statusCode).toBe(200);
    expect(there.rawPayload.equals(pdf)).toBe(true);
    expect(there.headers['content-type']).toBe('application/pdf');
    const bundle = await get(second, DISPUTE_PATHS.document, { disputeId, kind: 'SUBMISSION' });
    expect(bundle.statusCode).toBe(200);
    expect((await PDFDocument.load(bundle.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(2);

    const removed = await call(second, 'POST', DISPUTE_PATHS.deleteFile, {
      cookie: owner,
      payload: { disputeId, fileId: file.fileId },
    });
    expect(removed.body.code).toBe('000000');
    expect(objectsOf(disputeId)).toEqual([]);
  });

  it('while the storage is down: an upload answers a clear error and writes no row, a download a clear 503', async () => {
    const disputeId = await newDispute();
    const pdf = await realPdf();
    const first = await upload(t.app, disputeId, { name: 'kept.pdf', type: 'application/pdf', bytes: pdf });
    const kept = first.json().data as DisputeFile;
    await s3.stop();
    try {
      const res = await upload(t.app, disputeId, { name: 'lost.pdf', type: 'application/pdf', bytes: pdf });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: '002000S001',
        msg: UNAVAILABLE,
        msg_params: { isGwErrorMapEnabled: 1 },
      });
      expect(await rowsOf(disputeId)).toBe(1);
      const detail = await call(t.app, 'GET', DISPUTE_PATHS.detail, { cookie: owner, query: { disputeId } });
      expect(detail.body.data.files.map((f: DisputeFile) => f.fileName)).toEqual(['kept.pdf']);
      expect(detail.body.data.events.filter((e: { type: string }) => e.type === 'EVIDENCE_UPLOADED')).toHaveLength(1);

      for (const [url, query] of [
        [DISPUTE_PATHS.downloadFile, { disputeId, fileId: kept.fileId }],
        [DISPUTE_PATHS.document, { disputeId, kind: 'SUBMISSION' }],
      ] as const) {
        const answer = await get(second, url, query);
        expect(answer.statusCode).toBe(503);
        expect(answer.json()).toMatchObject({ code: '002000S001', msg: UNAVAILABLE });
        expect(answer.body).not.toMatch(/at .*\.ts|S3RVER|ECONNREFUSED/);
      }
    } finally {
      await s3.start();
    }
    // Back: the kept file downloads, and a new upload is stored; the refused one left no object.
    expect(
      (await get(second, DISPUTE_PATHS.downloadFile, { disputeId, fileId: kept.fileId })).rawPayload.equals(pdf),
    ).toBe(true);
    expect(objectsOf(disputeId).filter((f) => !f.includes(kept.fileId))).toEqual([]);
    const again = await upload(t.app, disputeId, { name: 'again.pdf', type: 'application/pdf', bytes: pdf });
    expect(again.json().code).toBe('000000');
    expect(await rowsOf(disputeId)).toBe(2);
  });
});
