/**
 * A payment's detail, a refund, and the export: every payment of the last year to CSV (COPY on PostgreSQL, rows in JS
 * on PGlite) beside COPY of the same SELECT alone, with the server's memory growth; then the newest payments to CSV
 * and XLSX formatted in JS, their peak memory and the heap they leave behind.
 */
import {
  measureCopyFloor,
  measureDetail,
  measureExport,
  measureExportMemory,
  measureRefund,
  warmDatabaseCache,
  type ExportFigures,
  type ExportMemory,
  type Timing,
} from '../measure';
import { count, defineSection, figureRow, MERCHANT, postgresBudgetRow, timingRow, type Row } from './section';

/**
 * Payments the export memory rows write to CSV and XLSX, formatted in JS (the server suite checks the rows of a smaller
 * export).
 */
const EXPORT_MEMORY_ROWS = 50_000;

interface DetailRefundExportFigures {
  detail: Timing;
  refund: Timing;
  /** PGlite: memory its buffer cache took when every payment was read once, before the export (0 on PostgreSQL). */
  cacheMb: number;
  exported: ExportFigures;
  copyFloor: { seconds: number; mb: number };
  /** 50,000 rows to CSV and to XLSX, formatted in JS: peak RSS growth and the heap left behind. */
  exportMemory: ExportMemory[];
}

function exportMemoryRows(m: ExportMemory): Row[] {
  const limit = m.format === 'CSV' ? 100 : 300;
  return [
    figureRow(
      `Export ${count(m.rows)} rows to ${m.format}, rows in JS (${m.seconds.toFixed(1)} s): peak RSS growth`,
      `${m.peakGrowthMb.toFixed(0)} MB`,
      m.format === 'CSV' ? '< 100 MB' : '< 300 MB (exceljs: bounded, not flat)',
      m.peakGrowthMb < limit,
    ),
    figureRow(
      `Export ${count(m.rows)} rows to ${m.format}: heap left after it (full GC)`,
      `${m.retainedHeapMb.toFixed(1)} MB`,
      '< 20 MB',
      m.retainedHeapMb < 20,
    ),
  ];
}

export const detailRefundExport = defineSection<void, DetailRefundExportFigures>({
  name: 'detail-refund-export',
  // They read the generated payments (the refunds are of distinct successful ones).
  prepare: async () => undefined,
  async measure({ app, database, options, now, dir, session, log }) {
    const db = database.db;
    log('detail');
    const detail = await measureDetail(app, db, await session(), MERCHANT, options.runs);
    log('refund');
    const refund = await measureRefund(app, db, await session(), MERCHANT, options.runs);
    log('export of every payment to CSV, and COPY of the same SELECT alone');
    const cacheMb = await warmDatabaseCache(db, MERCHANT);
    const exported = await measureExport(db, MERCHANT, now, dir);
    const copyFloor = await measureCopyFloor(db, MERCHANT, now);
    const memoryRows = Math.min(EXPORT_MEMORY_ROWS, options.payments);
    log(`export of the newest ${count(memoryRows)} payments to CSV and XLSX (rows in JS), memory`);
    const exportMemory = [];
    for (const format of ['CSV', 'XLSX'] as const)
      exportMemory.push(await measureExportMemory(db, MERCHANT, now, dir, format, memoryRows));
    return { detail, refund, cacheMb, exported, copyFloor, exportMemory };
  },
  rows({ detail, refund, cacheMb, exported, copyFloor, exportMemory }, { kind, options }) {
    const pg = kind === 'postgres';
    const full = options.payments >= 1_000_000;
    const overCopy = exported.seconds / copyFloor.seconds;
    return [
      postgresBudgetRow('Payment detail, API', detail, kind, 20),
      timingRow('Refund, API (partial, idempotency key)', refund),
      figureRow(
        `Export ${count(exported.rows)} rows to CSV (${exported.fileMb.toFixed(0)} MB, ${exported.method === 'copy' ? 'COPY' : 'rows in JS'})`,
        `${exported.seconds.toFixed(1)} s`,
        `< 60 s${full ? '' : ' for 1,000,000'}`,
        full ? exported.seconds < 60 : null,
      ),
      figureRow(`COPY of the same SELECT alone (${copyFloor.mb.toFixed(0)} MB)`, `${copyFloor.seconds.toFixed(1)} s`),
      figureRow('Export / COPY alone', `${overCopy.toFixed(2)}x`, '≤ 2x', overCopy <= 2),
      ...(pg
        ? []
        : [
            figureRow(
              'In-process database cache filled by reading every payment once, before the export',
              `${cacheMb.toFixed(0)} MB`,
              "— (the database's, not the export's)",
            ),
          ]),
      figureRow(
        `Export, server memory growth (peak RSS${pg ? '' : ', warm cache'})`,
        `${exported.memoryGrowthMb.toFixed(0)} MB`,
        '< 100 MB',
        exported.memoryGrowthMb < 100,
      ),
      ...exportMemory.flatMap(exportMemoryRows),
    ];
  },
});
