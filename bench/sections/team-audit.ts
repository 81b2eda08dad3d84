/**
 * The team (issue 13): the audit log list at --audit-rows bench audit rows of Demo Store, the audit log at scale on
 * PostgreSQL (./audit-scale.ts; --audit-scale-rows 0 leaves it out), and the members list.
 */
import type { Timing } from '../measure';
import { ensureAuditLog, measureAuditLogList, measureMembersList, type ListFigures } from '../measure-team';
import { auditScale, perQueryText } from './audit-scale';
import { count, defineSection, MERCHANT, postgresBudgetRow, type Row } from './section';

interface TeamFigures {
  auditRows: number;
  auditLog: ListFigures;
  /** The audit log at scale's row (none on PGlite, or with --audit-scale-rows 0). */
  scaleRows: Row[];
  members: Timing & { members: number };
}

export const teamAudit = defineSection<number, TeamFigures>({
  name: 'team-audit',
  prepare({ database, options, log }) {
    log(`${count(options.auditRows)} audit rows, the audit log list; the members list`);
    return ensureAuditLog(database.db, MERCHANT, options.auditRows);
  },
  async measure(ctx, auditRows) {
    const { app, database, options, now, session, log } = ctx;
    const auditLog = await measureAuditLogList(app, database.db, await session(), MERCHANT, options.runs, now);
    log(`audit log list per query (p50 / slowest, ms): ${perQueryText(auditLog)}`);
    const scaleRows = ctx.kind === 'postgres' && options.auditScaleRows ? await auditScale.run(ctx) : [];
    const members = await measureMembersList(app, await session(), options.runs);
    return { auditRows, auditLog, scaleRows, members };
  },
  rows: ({ auditRows, auditLog, scaleRows, members }, { kind }) => [
    postgresBudgetRow(`Audit log list, API (${count(auditRows)} audit rows, filters)`, auditLog, kind),
    ...scaleRows,
    postgresBudgetRow(`Members list, API (${members.members} members)`, members, kind, 20),
  ],
});
