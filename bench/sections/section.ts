/**
 * A section of `npm run bench`: one domain's measures. It declares its name (what `--sections` takes), what it
 * prepares on the generated database (data it adds, or finds in a kept one), what it measures, and the rows it adds
 * to the table. A new domain is one file here and one line in ./index.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../apps/server/src/db/client';
import type { BenchOptions, DatabaseKind } from '../bench-options';
import type { Timing } from '../measure';

/** The merchant the payments are generated for: Demo Store. */
export const MERCHANT = 'M1000001';
/** Demo Store's owner, whose sessions make most calls. */
export const OWNER = 'owner@demo.test';

export interface BenchContext {
  kind: DatabaseKind;
  options: BenchOptions;
  /** The real server (`buildApp`, request limits on, no cron schedules), called with `app.inject`. */
  app: FastifyInstance;
  database: Database;
  /** The instant the "last 30 days" queries count from. */
  now: number;
  /** The run's temporary folder (export files), removed at the end even with a kept database. */
  dir: string;
  /** A new session of the owner: a session per measurement keeps each under the per-session request limit. */
  session: () => Promise<string>;
  /** Logs a progress line, after the time and the database kind. */
  log: (message: string) => void;
}

/** A row of the table (the runner puts the database kind before it). */
export interface Row {
  measure: string;
  p50: string;
  p95: string;
  /** The budget of QUALITY.md or of the issue, '—' where none applies. */
  budget: string;
  /** 'ok', 'OVER', or '' where no budget applies to this database. */
  verdict: string;
}

export interface Section<Prepared, Figures> {
  name: string;
  /** Adds (or finds, on a kept database) the data the measures read. */
  prepare(ctx: BenchContext): Promise<Prepared>;
  measure(ctx: BenchContext, prepared: Prepared): Promise<Figures>;
  rows(figures: Figures, ctx: Pick<BenchContext, 'kind' | 'options'>): Row[];
}

/** What the runner's list holds: a section's name, and its run (prepare, measure, rows) with its types put away. */
export interface BenchSection {
  name: string;
  run(ctx: BenchContext): Promise<Row[]>;
}

export function defineSection<Prepared, Figures>(
  section: Section<Prepared, Figures>,
): Section<Prepared, Figures> & BenchSection {
  return {
    ...section,
    async run(ctx) {
      const figures = await section.measure(ctx, await section.prepare(ctx));
      return section.rows(figures, ctx);
    },
  };
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'ok' : 'OVER');
export const count = (n: number) => n.toLocaleString('en-US');

/** A row of p50 and p95 times; `pass` null where the budget does not apply (another database). */
export function timingRow(measure: string, t: Timing, budget = '—', pass: boolean | null = null): Row {
  return { measure, p50: ms(t.p50), p95: ms(t.p95), budget, verdict: verdict(pass) };
}

/** A row of the list budget, p95 < `limitMs` ms on PostgreSQL (no verdict on PGlite). */
export function postgresBudgetRow(
  measure: string,
  t: Timing,
  kind: DatabaseKind,
  limitMs = 50,
  budget = `p95 < ${limitMs} ms on PostgreSQL`,
): Row {
  return timingRow(measure, t, budget, kind === 'postgres' ? t.p95 < limitMs : null);
}

/** A row of one figure (a time, a size, a rate) in the p95 column. */
export function figureRow(measure: string, figure: string, budget = '—', pass: boolean | null = null): Row {
  return { measure, p50: '', p95: figure, budget, verdict: verdict(pass) };
}
