import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { DISPUTE_PATHS, type DisputeDetail, type DisputeFile } from '@mbo/contracts/disputes';
import { disputeFiles } from '../../db/schema';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { createPayment } from '../payments/test-payments';
import { moveDispute } from './dispute-lifecycle';
import { openDispute } from './open-dispute';
import { multipart } from '../../test/multipart';

const MB = 1024 * 1024;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A real one-page PDF, made with pdf-lib. */
async function realPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Proof of delivery', { x: 10, y: 100, size: 12 });
  return Buffer.from(await doc.save());
}

describe('dispute evidence files and documents', () => {
  let t: TestApp;
  let owner: string;
  let viewer: string;
  const db = () => t.database.db;
  const filesOf = async (disputeId: string) =>
    (await db().select({ n: count() }).from(disputeFiles).where(eq(disputeFiles.disputeId, disputeId)))[0].n;
  const evidenceRoot = () => path.join(t.app.config.dataDir, 'evidence');
  /** Every file under the evidence folder (temporary ones included). */
  const storedFiles = (): string[] => {
    const root = evidenceRoot();
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
      fs.statSync(path.join(root, f)).isFile(),
    );
  };
  const newDispute = async (merchantId = 'M1000001') => {
    const p = await createPayment(db(), { merchantId, amount: 2_500, currency: 'EUR', payMethodName: 'VISA' });
    return openDispute(db(), { merchantId, paymentId: p.id, type: 'CHARGEBACK', reason: 'PRODUCT_NOT_RECEIVED' });
  };
  const upload = (
    disputeId: string,
    file: { name: string; type: string; bytes: Buffer; field?: string },
    cookie = owner,
    category = 'PROOF_OF_DELIVERY',
  ) => {
    const body = multipart(
      [
        ['disputeId', disputeId],
        ['category', category],
      ],
      file,
    );
    return t.app.inject({
      method: 'POST',
      url: DISPUTE_PATHS.upload,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
    viewer = await loginAs(t.app, 'viewer@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes a real PDF and PNG, keeps the uploaded name as text only, and gives them back byte for byte as attachments', async () => {
    const disputeId = await newDispute();
    const pdf = await realPdf();
    const a = await upload(disputeId, { name: '../../etc/passwd\\..\\delivery.pdf', type: 'text/plain', bytes: pdf });
    expect(a.json().code, a.json().msg).toBe('000000');
    const file = a.json().data as DisputeFile;
    expect(file).toMatchObject({
      category: 'PROOF_OF_DELIVERY',
      fileName: 'delivery.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      uploadedBy: 'owner@demo.test',
    });
    const b = await upload(
      disputeId,
      { name: 'receipt.png', type: 'application/octet-stream', bytes: PNG },
      owner,
      'RECEIPT',
    );
    expect(b.json().data).toMatchObject({ contentType: 'image/png', fileName: 'receipt.png' });
    // Stored under generated names inside the merchant's dispute folder only.
    const stored = storedFiles();
    expect(stored.filter((f) => f.includes(disputeId))).toHaveLength(2);
    expect(stored.every((f) => !f.includes('passwd') && !f.includes('..'))).toBe(true);

    const res = await t.app.inject({
      method: 'GET',
      url: DISPUTE_PATHS.downloadFile,
      query: { disputeId, fileId: file.fileId },
      headers: { cookie: viewer },
    });
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, pdf)).toBe(0);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="delivery.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const detail = (await call(t.app, 'GET', DISPUTE_PATHS.detail, { cookie: owner, query: { disputeId } })).body
      .data as DisputeDetail;
    expect(detail.files.map((f) => f.fileName)).toEqual(['delivery.pdf', 'receipt.png']);
    expect(detail.events.filter((e) => e.type === 'EVIDENCE_UPLOADED')).toHaveLength(2);

    // The documents: a notice, and a bundle with the PDF's own page and the image's.
    for (const kind of ['NOTICE', 'SUBMISSION'] as const) {
      const doc = await t.app.inject({
        method: 'GET',
        url: DISPUTE_PATHS.document,
        query: { disputeId, kind },
        headers: { cookie: owner },
      });
      expect(doc.headers['content-disposition']).toMatch(/^attachment; filename="DSP\w+-(notice|evidence)\.pdf"/);
      expect(doc.headers['x-content-type-options']).toBe('nosniff');
      const loaded = await PDFDocument.load(doc.rawPayload);
      expect(loaded.getPageCount()).toBeGreaterThanOrEqual(kind === 'NOTICE' ? 1 : 3);
    }
  });

  it('downloads a file under the extension of the type its bytes are: PDF bytes named poly.html save as poly.pdf', async () => {
    const disputeId = await newDispute();
    // A PDF that is also a web page (a polyglot): its first bytes make it a PDF, its name says HTML.
    const poly = Buffer.concat([
      await realPdf(),
      Buffer.from('\n<html><body><script>alert(document.cookie)</script></body></html>\n'),
    ]);
    const cases: [name: string, claimed: string, bytes: Buffer, saved: string, type: string][] = [
      ['poly.html', 'text/html', poly, 'poly.pdf', 'application/pdf'],
      ['poly.html.', 'text/html', poly, 'poly.pdf', 'application/pdf'],
      ['logo.svg', 'image/svg+xml', PNG, 'logo.png', 'image/png'],
      ['receipt', 'application/octet-stream', PNG, 'receipt.png', 'image/png'],
      ['Scan.PDF', 'application/pdf', poly, 'Scan.PDF', 'application/pdf'],
    ];
    for (const [name, claimed, bytes, saved, type] of cases) {
      const up = await upload(disputeId, { name, type: claimed, bytes });
      expect(up.json().code, name).toBe('000000');
      const file = up.json().data as DisputeFile;
      // The uploaded name stays display text; only the saved name follows the type.
      expect(file).toMatchObject({ fileName: name, contentType: type });
      const res = await t.app.inject({
        method: 'GET',
        url: DISPUTE_PATHS.downloadFile,
        query: { disputeId, fileId: file.fileId },
        headers: { cookie: owner },
      });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type'], name).toBe(type);
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['content-disposition'], name).toBe(
        `attachment; filename="${saved}"; filename*=UTF-8''${saved}`,
      );
      expect(Buffer.compare(res.rawPayload, bytes), name).toBe(0);
    }
  });

  it('refuses files that lie about their type, empty or too large files, the 21st file and more than 20 MB, leaving nothing behind', async () => {
    const disputeId = await newDispute();
    const before = storedFiles().length;
    const refusals: [{ name: string; type: string; bytes: Buffer }, string][] = [
      [
        {
          name: 'evidence.pdf',
          type: 'application/pdf',
          bytes: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
        },
        '003001B047',
      ],
      [
        {
          name: 'logo.png',
          type: 'image/png',
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        },
        '003001B047',
      ],
      [{ name: 'bundle.pdf', type: 'application/pdf', bytes: Buffer.from('PK\u0003\u0004 zip entries') }, '003001B047'],
      [{ name: 'empty.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) }, '003001B049'],
      [
        {
          name: 'big.pdf',
          type: 'application/pdf',
          bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5 * MB + 1 - 9, 0x20)]),
        },
        '003001B048',
      ],
    ];
    for (const [file, code] of refusals) {
      const res = await upload(disputeId, file);
      expect(res.statusCode).toBe(200);
      expect(res.json().code, file.name).toBe(code);
    }
    expect(storedFiles().length).toBe(before);
    expect(await filesOf(disputeId)).toBe(0);

    // 4 MB each: the fifth file would pass 20 MB.
    const four = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4 * MB, 0x20)]);
    for (let i = 0; i < 4; i++)
      expect(
        (await upload(disputeId, { name: `part${i}.pdf`, type: 'application/pdf', bytes: four })).json().code,
      ).toBe('000000');
    expect((await upload(disputeId, { name: 'part4.pdf', type: 'application/pdf', bytes: four })).json().code).toBe(
      '003001B050',
    );
    expect(storedFiles().length).toBe(before + 4);

    // 20 small files, then the 21st is refused.
    const many = await newDispute();
    for (let i = 0; i < 20; i++)
      expect((await upload(many, { name: `p${i}.png`, type: 'image/png', bytes: PNG })).json().code).toBe('000000');
    const twentyFirst = await upload(many, { name: 'p20.png', type: 'image/png', bytes: PNG });
    expect(twentyFirst.json().code).toBe('003001B050');
    expect(await filesOf(many)).toBe(20);
  });

  it('refuses bad requests clearly: not multipart, fields after the file, a bad category, a second file field', async () => {
    const disputeId = await newDispute();
    const json = await call(t.app, 'POST', DISPUTE_PATHS.upload, { cookie: owner, payload: { disputeId } });
    expect(json.body.code).toBe('001000B001');
    const late = multipart([], { name: 'a.png', type: 'image/png', bytes: PNG });
    const lateRes = await t.app.inject({
      method: 'POST',
      url: DISPUTE_PATHS.upload,
      headers: { cookie: owner, ...late.headers },
      payload: late.payload,
    });
    expect(lateRes.json().code).toBe('001000B001');
    expect((await upload(disputeId, { name: 'a.png', type: 'image/png', bytes: PNG }, owner, 'NOPE')).json().code).toBe(
      '001000B001',
    );
    expect(
      (await upload(disputeId, { name: 'a.png', type: 'image/png', bytes: PNG, field: 'other' })).json().code,
    ).toBe('001000B001');
  });

  it("answers another merchant's dispute or file as not found, the viewer cannot upload, and a submitted dispute takes no more files", async () => {
    const foreign = await newDispute('M1000002');
    expect((await upload(foreign, { name: 'a.png', type: 'image/png', bytes: PNG })).json().code).toBe('003001B044');
    const mine = await newDispute();
    const uploaded = (await upload(mine, { name: 'a.png', type: 'image/png', bytes: PNG })).json().data as DisputeFile;
    // The same file id under another merchant's dispute, or another merchant's session: never the bytes.
    const sub = await loginAs(t.app, 'owner@demo.test');
    await call(t.app, 'POST', '/usercenter/web/v1/switch-user-access-merchant', {
      cookie: sub,
      payload: { merchantId: 'M1000002' },
    });
    const cross = await t.app.inject({
      method: 'GET',
      url: DISPUTE_PATHS.downloadFile,
      query: { disputeId: mine, fileId: uploaded.fileId },
      headers: { cookie: sub },
    });
    expect(cross.json().code).toBe('003001B044');
    const wrongPair = await t.app.inject({
      method: 'GET',
      url: DISPUTE_PATHS.downloadFile,
      query: { disputeId: foreign, fileId: uploaded.fileId },
      headers: { cookie: sub },
    });
    expect(wrongPair.json().code).toBe('003001B045');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: DISPUTE_PATHS.document,
          query: { disputeId: mine, kind: 'NOTICE' },
          headers: { cookie: sub },
        })
      ).json().code,
    ).toBe('003001B044');

    expect((await upload(mine, { name: 'b.png', type: 'image/png', bytes: PNG }, viewer)).statusCode).toBe(430);
    expect(
      (
        await call(t.app, 'POST', DISPUTE_PATHS.deleteFile, {
          cookie: viewer,
          payload: { disputeId: mine, fileId: uploaded.fileId },
        })
      ).status,
    ).toBe(430);

    await moveDispute(db(), mine, { to: 'UNDER_REVIEW', from: ['EVIDENCE_REQUIRED'], actor: 'test' });
    expect((await upload(mine, { name: 'c.png', type: 'image/png', bytes: PNG })).json().code).toBe('003001B046');
    expect(
      (
        await call(t.app, 'POST', DISPUTE_PATHS.deleteFile, {
          cookie: owner,
          payload: { disputeId: mine, fileId: uploaded.fileId },
        })
      ).body.code,
    ).toBe('003001B046');
  });

  it('removes a file before submit, row and bytes', async () => {
    const disputeId = await newDispute();
    const f = (await upload(disputeId, { name: 'x.png', type: 'image/png', bytes: PNG })).json().data as DisputeFile;
    const before = storedFiles().length;
    expect(
      (await call(t.app, 'POST', DISPUTE_PATHS.deleteFile, { cookie: owner, payload: { disputeId, fileId: f.fileId } }))
        .body.code,
    ).toBe('000000');
    expect(storedFiles().length).toBe(before - 1);
    expect(
      (await call(t.app, 'POST', DISPUTE_PATHS.deleteFile, { cookie: owner, payload: { disputeId, fileId: f.fileId } }))
        .body.code,
    ).toBe('003001B045');
  });
});
