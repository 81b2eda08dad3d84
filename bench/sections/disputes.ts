/**
 * Disputes (issue 10): the disputes list at 100,000 disputes (a quarter of the payments below 400,000), and evidence
 * uploads of 5 MB with the server's memory growth.
 */
import type { Timing } from '../measure';
import { ensureDisputes, measureDisputeList } from '../measure-disputes';
import { measureEvidenceUpload, type UploadFigures } from '../measure-evidence-upload';
import { count, defineSection, figureRow, MERCHANT, postgresBudgetRow } from './section';

/** Disputes of the generated merchant for the disputes list row. */
const DISPUTES = 100_000;

interface DisputeFigures {
  disputes: number;
  list: Timing;
  upload: UploadFigures;
}

export const disputes = defineSection<number, DisputeFigures>({
  name: 'disputes',
  prepare({ database, options, log }) {
    log(`${count(DISPUTES)} disputes, then the disputes list`);
    return ensureDisputes(database.db, MERCHANT, Math.min(DISPUTES, Math.floor(options.payments / 4)));
  },
  async measure({ app, database, options, now, session, log }, disputes) {
    const list = await measureDisputeList(app, database.db, await session(), MERCHANT, options.runs, now);
    log('evidence uploads of 5 MB');
    const upload = await measureEvidenceUpload(app, database.db, await session(), MERCHANT);
    return { disputes, list, upload };
  },
  rows: ({ disputes, list, upload }, { kind }) => [
    postgresBudgetRow(`Disputes list, API (${count(disputes)} disputes, tabs and filters)`, list, kind),
    figureRow(
      `Evidence upload, 5 MB PDF ×${upload.uploads} (${(upload.seconds * 1000).toFixed(0)} ms each), server memory growth`,
      `${upload.growthMb.toFixed(0)} MB`,
      '< 20 MB',
      upload.growthMb < 20,
    ),
  ],
});
