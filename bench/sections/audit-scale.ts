/**
 * The audit log list at scale (PostgreSQL): --audit-scale-rows audit rows over 13 monthly partitions and four
 * merchants, generated once (a kept database keeps them), then the audit log's calls on the merchant holding 40 %.
 * Run inside the team-audit section, or alone with --audit-scale-only.
 */
import { ensureAuditScale, measureAuditScale, SCALE_MERCHANT, type AuditScaleFigures } from '../measure-audit-scale';
import type { ListFigures } from '../measure-team';
import { count, defineSection, ms, verdict } from './section';

/** Each query's p50 and slowest call, for the log (which query sets the p95). */
export const perQueryText = (figures: ListFigures) =>
  figures.perQuery.map((q) => `${q.name} ${q.p50.toFixed(1)} / ${q.max.toFixed(1)}`).join('; ');

export const auditScale = defineSection<Awaited<ReturnType<typeof ensureAuditScale>>, AuditScaleFigures>({
  name: 'audit-scale',
  async prepare({ database, options, log }) {
    log(`${count(options.auditScaleRows)} audit rows over 13 months and 4 merchants, the audit log list`);
    const generated = await ensureAuditScale(database.db, options.auditScaleRows, log);
    if (generated.generateS !== null) log(`audit rows generated in ${generated.generateS.toFixed(0)} s`);
    return generated;
  },
  async measure({ app, database, options, session, log }, generated) {
    const figures = await measureAuditScale(app, database.db, await session(), options.runs, Date.now());
    log(`audit log at scale per query (p50 / slowest, ms): ${perQueryText(figures)}`);
    return { ...figures, ...generated };
  },
  rows: (a) => [
    {
      measure: `Audit log list, API (${count(a.rows)} audit rows, 13 monthly partitions, 4 merchants; ${SCALE_MERCHANT} 40 %; filters)${a.generateS === null ? '' : `; generated in ${a.generateS.toFixed(0)} s`}`,
      p50: ms(a.p50),
      p95: ms(a.p95),
      budget: 'p95 < 50 ms on PostgreSQL',
      verdict: verdict(a.p95 < 50),
    },
  ],
});
