/**
 * The options of `npm run bench` (bench/README.md has their table): read and checked once, then handed to the runner
 * and to every section.
 */
import { parseArgs } from 'node:util';

export type DatabaseKind = 'postgres' | 'pglite';

export interface BenchOptions {
  /** Payments generated for the list merchant. */
  payments: number;
  kinds: DatabaseKind[];
  runs: number;
  loginRuns: number;
  /** --keep-db NAME: the database is kept after the run and reused by the next one. */
  keep: string | undefined;
  /** Withdrawals and payouts of the payout merchant, each (issue 11's budget is at 1,000,000). */
  moneyOutRows: number;
  /** Agreements of Demo Store for the agreements list row (issue 12's budget is at 200,000). */
  agreements: number;
  /** Bench audit rows of Demo Store for the audit log row (issue 13's list budget is at 1,000,000). */
  auditRows: number;
  /** Audit rows over 13 months and four merchants for the audit log at scale (PostgreSQL only; 0 leaves it out). */
  auditScaleRows: number;
  /** Only the audit log at scale, on PostgreSQL, with the demo data and no payments. */
  auditScaleOnly: boolean;
  /** Webhook events delivered for the throughput row (issue 14: ≥ 200 a second). */
  webhookEvents: number;
  /** --sections a,b: the names of the sections to run (undefined: all of them). */
  sections: string[] | undefined;
}

const USAGE =
  'usage: npm run bench -- [--payments N (>= 1000)] [--only postgres|pglite] [--runs 100] [--login-runs 30] [--keep-db name (a-z 0-9 _)] [--money-out-rows 1000000] [--agreements 200000] [--audit-rows 1000000 (>= 10000)] [--audit-scale-rows 10000000 (0, or >= 100000)] [--audit-scale-only] [--webhook-events 5000 (>= 100)] [--sections name,name]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const isInteger = (n: number, min: number) => Number.isInteger(n) && n >= min;

/** Reads the command line; prints the usage and exits with 2 on a bad option or an unknown section name. */
export function readBenchOptions(sectionNames: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    options: {
      payments: { type: 'string', default: '1000000' },
      only: { type: 'string' },
      runs: { type: 'string', default: '100' },
      'login-runs': { type: 'string', default: '30' },
      'keep-db': { type: 'string' },
      'money-out-rows': { type: 'string', default: '1000000' },
      agreements: { type: 'string', default: '200000' },
      'audit-rows': { type: 'string', default: '1000000' },
      'audit-scale-rows': { type: 'string', default: '10000000' },
      'audit-scale-only': { type: 'boolean', default: false },
      'webhook-events': { type: 'string', default: '5000' },
      sections: { type: 'string' },
    },
  });
  const options: BenchOptions = {
    payments: Number(values.payments),
    kinds: values.only ? [values.only as DatabaseKind] : ['postgres', 'pglite'],
    runs: Number(values.runs),
    loginRuns: Number(values['login-runs']),
    keep: values['keep-db'],
    moneyOutRows: Number(values['money-out-rows']),
    agreements: Number(values.agreements),
    auditRows: Number(values['audit-rows']),
    auditScaleRows: Number(values['audit-scale-rows']),
    auditScaleOnly: values['audit-scale-only'],
    webhookEvents: Number(values['webhook-events']),
    sections: values.sections?.split(',').map((s) => s.trim()),
  };
  if (
    !isInteger(options.webhookEvents, 100) ||
    !isInteger(options.payments, 1000) ||
    !isInteger(options.runs, 1) ||
    !isInteger(options.moneyOutRows, 0) ||
    !isInteger(options.agreements, 1500) ||
    !isInteger(options.auditRows, 10_000) ||
    !Number.isInteger(options.auditScaleRows) ||
    (options.auditScaleRows !== 0 && options.auditScaleRows < 100_000) ||
    (options.keep !== undefined && !/^[a-z0-9_]{1,40}$/.test(options.keep))
  )
    fail(USAGE);
  if (options.kinds.some((k) => k !== 'postgres' && k !== 'pglite')) fail('--only takes postgres or pglite');
  const unknown = options.sections?.filter((s) => !sectionNames.includes(s)) ?? [];
  if (unknown.length > 0 || options.sections?.length === 0)
    fail(`--sections takes names among: ${sectionNames.join(', ')} (unknown: ${unknown.join(', ') || 'none given'})`);
  if (options.sections && options.auditScaleOnly) fail('--sections does not go with --audit-scale-only');
  return options;
}
