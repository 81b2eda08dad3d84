import { PassThrough, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { payments } from '../../db/payments-schema';
import { newId } from '../../lib/ids';
import { createTestApp, type TestApp } from '../../test/harness';
import { CsvRecordEnds, copyCsvText, pgPoolOf, zoneAgrees } from './copy-csv';
import { chosenColumns, columnHeader, exportType, type ExportParams } from './export-types';
import { csvHead } from './file-writers';
import { parseCsv, readXlsx } from './reports-test-helpers';
import { writeExport, type ExportProgress, type ExportSpec, type WriteExportOptions } from './write-export';
import './builtin-types';

const MERCHANT = 'M1000001';
// A window of its own: the demo data stays out.
const FROM = '2025-03-01T00:00:00.000Z';
const TO = '2025-11-30T23:59:59.999Z';
const TRICKY_TEXT = [
  '=HYPERLINK("http://evil.test","x")',
  '+1+2',
  '-3+4',
  '@SUM(A1)',
  '\tTabbed',
  '\rCarriage',
  'Ann, "the" Customer',
  'two\nlines',
  'crlf\r\ninside',
  'trailing quote"',
  '"',
  ',',
  '',
  ' =1 (space first)',
  "'quoted",
  'Zoë Ø 北京 🙂',
  'back\\slash',
  '\\.',
];
const CURRENCIES = [
  ['EUR', 1050],
  ['JPY', 1050],
  ['KWD', 1234],
  ['BHD', 5],
  ['CLF', 12345],
  ['IDR', 987654321],
  ['USD', 1],
] as const;
// Either side of DST changes (Europe 2025-03-30 01:00Z and 2025-10-26 01:00Z, New York 2025-03-09 07:00Z,
// Lord Howe's half hour 2025-04-05 15:00Z), with microseconds that must be cut, not rounded.
const INSTANTS = [
  '2025-03-30T00:59:59.999999Z',
  '2025-03-30T01:00:00Z',
  '2025-10-26T00:59:59Z',
  '2025-10-26T01:00:00.5Z',
  '2025-03-09T06:59:59Z',
  '2025-03-09T07:00:00Z',
  '2025-04-05T14:59:59Z',
  '2025-04-05T15:00:00Z',
  '2025-06-15T12:34:56.789Z',
  '2025-11-30T23:59:59.998Z',
];
const ZONES = [
  'UTC',
  'Europe/Amsterdam',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
];

/** Collects what an export writes; optionally slow, with a tiny buffer, to prove backpressure. */
function sink(slow = false) {
  const chunks: Buffer[] = [];
  let maxBuffered = 0;
  const out = new Writable({
    highWaterMark: slow ? 1024 : 16 * 1024,
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      maxBuffered = Math.max(maxBuffered, out.writableLength);
      if (slow) setImmediate(done);
      else done();
    },
  });
  return {
    out,
    text: () => Buffer.concat(chunks).toString('utf8'),
    buffer: () => Buffer.concat(chunks),
    maxBuffered: () => maxBuffered,
  };
}

const params = (timeZone: string, columns: string[] = [], filters: Record<string, unknown> = {}): ExportParams => ({
  createdFrom: FROM,
  createdTo: TO,
  timeZone,
  filters,
  columns,
});

describe('writeExport', () => {
  let t: TestApp;
  const allPaymentColumns = exportType('PAYMENTS')!.columns.map((c) => c.key);
  const allRefundColumns = exportType('REFUNDS')!.columns.map((c) => c.key);

  beforeAll(async () => {
    t = await createTestApp();
    const rows: (typeof payments.$inferInsert)[] = [];
    let i = 0;
    for (const at of INSTANTS) {
      for (const [currency, amount] of CURRENCIES) {
        const text = TRICKY_TEXT[i % TRICKY_TEXT.length];
        const succeeded = i % 3 !== 2;
        const createdAt = new Date(Date.parse(at) + (i % 2));
        rows.push({
          id: newId('PAY', createdAt.getTime()),
          merchantId: MERCHANT,
          merchantOrderNo: TRICKY_TEXT[(i + 5) % TRICKY_TEXT.length] || `ORD-${i}`,
          amount,
          currency,
          fee: succeeded ? Math.floor(amount / 7) : 0,
          status: succeeded ? 'SUCCESS' : 'FAILED',
          refundedAmount: i % 5 === 0 && succeeded ? 1 : 0,
          refundStatus: i % 5 === 0 && succeeded ? 'PARTIALLY_REFUNDED' : 'NONE',
          disputeStatus: i % 7 === 0 ? 'OPEN' : null,
          payMethodType: 'CARD',
          payMethodName: i % 2 ? 'VISA' : '-MASTERCARD',
          country: 'NL',
          customerEmail: `buyer${i}@example.test`,
          customerName: text,
          cardBin: i % 4 < 2 ? null : '411111',
          cardLast4: i % 4 === 1 || i % 4 === 2 ? null : '1111',
          description: TRICKY_TEXT[(i + 3) % TRICKY_TEXT.length],
          failureReason: succeeded ? null : TRICKY_TEXT[(i + 7) % TRICKY_TEXT.length],
          createdAt,
          paidAt: succeeded ? new Date(createdAt.getTime() + 1500) : null,
        });
        i++;
      }
    }
    await t.app.db.insert(payments).values(rows);
  });

  afterAll(async () => {
    await t.close();
  });

  async function run(spec: ExportSpec, options: WriteExportOptions = {}, slow = false) {
    const s = sink(slow);
    const written = await writeExport(t.app.db, spec, s.out, options);
    return { written, text: s.text(), buffer: s.buffer(), maxBuffered: s.maxBuffered() };
  }

  /**
   * The CSV PostgreSQL writes for the export: through writeExport's COPY on a PostgreSQL server; on
   * PGlite (no COPY stream) the same COPY text into PGlite's /dev/blob, then the same record ends.
   */
  async function fastCsv(spec: ExportSpec): Promise<string> {
    if (t.kind === 'postgres') {
      const { written, text } = await run(spec);
      expect(written.method).toBe('copy');
      return text;
    }
    const def = exportType(spec.type)!;
    const ctx = { timeZone: spec.params.timeZone };
    const columns = chosenColumns(def, spec.params.columns);
    const text = copyCsvText(def.source!(spec.merchantId, spec.params), columns, ctx).replace(
      /TO STDOUT \(FORMAT csv\)$/,
      "TO '/dev/blob' (FORMAT csv)",
    );
    const client = (t.app.db as unknown as { $client: PGlite }).$client;
    const result = await client.query(text);
    const raw = Buffer.from(await result.blob!.arrayBuffer());
    const ends = new CsvRecordEnds();
    const body: Buffer[] = [];
    ends.on('data', (b: Buffer) => body.push(b));
    ends.end(raw);
    await new Promise((resolve) => ends.on('end', resolve));
    return csvHead(columns.map((c) => columnHeader(def.type, c, ctx, 'en'))) + Buffer.concat(body).toString('utf8');
  }

  it('writes the same CSV through PostgreSQL as the JS formatter: quotes, commas, newlines, formulas, zones with DST, 0/2/3/4-decimal currencies', async () => {
    for (const timeZone of ZONES) {
      const spec: ExportSpec = {
        type: 'PAYMENTS',
        merchantId: MERCHANT,
        format: 'CSV',
        params: params(timeZone, allPaymentColumns),
      };
      const js = await run(spec, { noCopy: true, batchSize: 7 });
      expect(js.written.method).toBe('rows');
      expect(js.written.rows).toBe(INSTANTS.length * CURRENCIES.length);
      expect(await fastCsv(spec)).toBe(js.text);
    }
  });

  it('writes what the cells mean: neutralised formulas, exact money, wall-clock times, RFC 4180 quoting', async () => {
    const spec: ExportSpec = {
      type: 'PAYMENTS',
      merchantId: MERCHANT,
      format: 'CSV',
      params: params('Europe/Amsterdam', ['createdAt', 'amount', 'currency', 'customerName', 'card']),
    };
    const csv = await fastCsv(spec);
    expect(csv.startsWith('\uFEFFCreated at (Europe/Amsterdam),Amount,Currency,Customer name,Card\r\n')).toBe(true);
    const rows = parseCsv(csv.slice(1)).slice(1);
    const cells = (currency: string) => rows.filter((r) => r[2] === currency).map((r) => r[1]);
    expect(new Set(cells('EUR'))).toEqual(new Set(['10.50']));
    expect(new Set(cells('JPY'))).toEqual(new Set(['1050']));
    expect(new Set(cells('KWD'))).toEqual(new Set(['1.234']));
    expect(new Set(cells('BHD'))).toEqual(new Set(['0.005']));
    expect(new Set(cells('CLF'))).toEqual(new Set(['1.2345']));
    expect(new Set(cells('USD'))).toEqual(new Set(['0.01']));
    const names = new Set(rows.map((r) => r[3]));
    for (const name of [
      '\'=HYPERLINK("http://evil.test","x")',
      "'+1+2",
      "'-3+4",
      "'@SUM(A1)",
      "'\tTabbed",
      "'\rCarriage",
      'two\nlines',
      'crlf\r\ninside',
      'Ann, "the" Customer',
      '\\.',
    ]) {
      expect(names).toContain(name);
    }
    expect(new Set(rows.map((r) => r[4]))).toEqual(new Set(['', '411111••••••1111', '••••••1111', '411111••••••']));
    const times = new Set(rows.map((r) => r[0]));
    // 00:59:59.999999Z is 01:59:59 CET (cut, not rounded); 01:00:00Z is 03:00:00 CEST.
    expect(times).toContain('2025-03-30 01:59:59');
    expect(times).toContain('2025-03-30 03:00:00');
    expect(times).toContain('2025-10-26 02:59:59');
    expect(times).toContain('2025-10-26 02:00:00');
    // Every record ends with CRLF (parseCsv splits records at CRLF only); LFs inside fields stay LF.
    expect(rows).toHaveLength(INSTANTS.length * CURRENCIES.length);
  });

  it('writes a one-column export in JS: PostgreSQL would quote a lone \\. (its end-of-data mark)', async () => {
    const spec: ExportSpec = {
      type: 'PAYMENTS',
      merchantId: MERCHANT,
      format: 'CSV',
      params: params('UTC', ['customerName']),
    };
    const { written, text } = await run(spec);
    expect(written.method).toBe('rows');
    expect(text.split('\r\n')).toContain('\\.');
  });

  it('writes refunds the same way through PostgreSQL and in JS', async () => {
    const rows = await t.app.db.execute(
      sql`SELECT id, currency FROM payments WHERE merchant_id = ${MERCHANT} AND created_at BETWEEN ${FROM}::timestamptz AND ${TO}::timestamptz ORDER BY id LIMIT 9`,
    );
    let i = 0;
    for (const p of (rows as unknown as { rows: { id: string; currency: string }[] }).rows) {
      await t.app.db
        .execute(sql`INSERT INTO refunds (id, merchant_id, payment_id, amount, currency, reason, note, status, created_at, finished_at)
        VALUES (${newId('RFD')}, ${MERCHANT}, ${p.id}, 1, ${p.currency}, 'OTHER', ${TRICKY_TEXT[i % TRICKY_TEXT.length]}, 'SUCCESS',
                ${INSTANTS[i % INSTANTS.length]}::timestamptz, ${i % 2 ? null : INSTANTS[(i + 1) % INSTANTS.length]}::timestamptz)`);
      i++;
    }
    for (const timeZone of ['America/New_York', 'Asia/Kathmandu']) {
      const spec: ExportSpec = {
        type: 'REFUNDS',
        merchantId: MERCHANT,
        format: 'CSV',
        params: params(timeZone, allRefundColumns),
      };
      const js = await run(spec, { noCopy: true, batchSize: 4 });
      expect(js.written.rows).toBe(9);
      expect(await fastCsv(spec)).toBe(js.text);
    }
  });

  it('applies the list filters and the date range alike in both ways', async () => {
    const spec: ExportSpec = {
      type: 'PAYMENTS',
      merchantId: MERCHANT,
      format: 'CSV',
      params: {
        ...params('UTC', allPaymentColumns, { status: ['SUCCESS'], currency: 'JPY', keyword: 'buyer1' }),
        createdFrom: '2025-03-30T01:00:00Z',
      },
    };
    const js = await run(spec, { noCopy: true });
    expect(js.written.rows).toBeGreaterThan(0);
    expect(js.written.rows).toBeLessThan(INSTANTS.length);
    expect(await fastCsv(spec)).toBe(js.text);
  });

  it('waits for a slow destination (backpressure), reports progress and ends the stream', async () => {
    const progress: ExportProgress[] = [];
    const spec: ExportSpec = {
      type: 'PAYMENTS',
      merchantId: MERCHANT,
      format: 'CSV',
      params: params('UTC', allPaymentColumns),
    };
    const slow = await run(spec, { batchSize: 5, progressEveryMs: 0, onProgress: (p) => void progress.push(p) }, true);
    const total = INSTANTS.length * CURRENCIES.length;
    expect(slow.written.rows).toBe(total);
    expect(progress[0]).toEqual({ processedRows: 0, totalRows: total });
    expect(progress.at(-1)).toEqual({ processedRows: total, totalRows: total });
    // The writer never piled up more than one write beyond the destination's 1 kB mark.
    expect(slow.maxBuffered).toBeLessThan(64 * 1024);
    expect(slow.text).toBe((await run(spec, { noCopy: true })).text);
  });

  it('writes XLSX through the streaming workbook writer with numbers for money', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const written = await writeExport(
      t.app.db,
      {
        type: 'PAYMENTS',
        merchantId: MERCHANT,
        format: 'XLSX',
        params: params('Europe/Amsterdam', ['paymentId', 'amount', 'currency', 'customerName']),
      },
      out,
    );
    expect(written).toMatchObject({ method: 'rows', rows: INSTANTS.length * CURRENCIES.length, extension: 'xlsx' });
    const sheet = await readXlsx(Buffer.concat(chunks));
    expect(sheet[0]).toEqual(['Payment ID', 'Amount', 'Currency', 'Customer name']);
    const kwd = sheet.find((r) => r[2] === 'KWD');
    expect(kwd?.[1]).toBe(1.234);
    expect(sheet.map((r) => r[3])).toContain('\'=HYPERLINK("http://evil.test","x")');
  });

  it('fails on an unknown currency in both ways, as formatAmount does', async () => {
    const at = new Date('2025-07-01T00:00:00Z');
    await t.app.db.insert(payments).values({
      id: newId('PAY', at.getTime()),
      merchantId: 'M1000002',
      merchantOrderNo: 'X',
      amount: 5,
      currency: 'XTS',
      status: 'FAILED',
      payMethodType: 'CARD',
      payMethodName: 'VISA',
      country: 'NL',
      customerEmail: 'x@example.test',
      customerName: 'X',
      createdAt: at,
    });
    const spec: ExportSpec = {
      type: 'PAYMENTS',
      merchantId: 'M1000002',
      format: 'CSV',
      params: params('UTC', ['paymentId', 'amount']),
    };
    await expect(run(spec, { noCopy: true })).rejects.toThrow(/Unknown currency/);
    if (t.kind === 'postgres') await expect(run(spec)).rejects.toThrow(/XTS is not a known currency/);
    else await expect(fastCsv(spec)).rejects.toThrow(/XTS is not a known currency/);
  });

  it('formats times in JS when PostgreSQL reads the zone otherwise', async () => {
    const pool = pgPoolOf(t.app.db);
    if (t.kind === 'pglite') {
      expect(pool).toBeUndefined();
      return;
    }
    const instants = INSTANTS.map((s) => new Date(s));
    expect(await zoneAgrees(pool!, 'Europe/Amsterdam', instants)).toBe(true);
    expect(await zoneAgrees(pool!, 'Not/A_Zone', instants)).toBe(false);
    // POSIX: PostgreSQL reads "+03:00" as three hours west of UTC.
    expect(await zoneAgrees(pool!, '+03:00', instants)).toBe(false);
  });
});
