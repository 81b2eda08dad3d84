import { NO_TRANSACTION_MARKER, withoutComments } from './migration-files';

/**
 * The migrations up to this number ran on empty or small databases (new installs, the demo, the tests) and
 * are left as they are; every later one must not block writes for more than a second on a database of
 * 1,000,000 payments, and migration-lint.test.ts holds it to the rules below. 0028 (the monthly partitions)
 * is the first one held: it creates the tables it indexes and says why it locks.
 */
export const LINT_BASELINE = 27;

/** A rule's id, as an exemption names it: a comment `migrate-lint: allow <id> (why)` inside the statement. */
export type LintRule =
  | 'index-not-concurrent'
  | 'concurrent-index-rerun'
  | 'concurrently-in-transaction'
  | 'constraint-not-valid'
  | 'column-type'
  | 'set-not-null'
  | 'volatile-default'
  | 'lock-table';

export interface LintProblem {
  rule: LintRule;
  /** The statement's number in its file (1 the first) and its first line. */
  statement: number;
  message: string;
}

/** Functions whose default is computed per row (a rewrite of the table under ACCESS EXCLUSIVE), and serial types. */
const VOLATILE =
  /\b(random|gen_random_uuid|uuid_generate_v[14]|clock_timestamp|timeofday|statement_timestamp|nextval)\s*\(|\b(big|small)?serial\b/i;

const ident = String.raw`(?:"[^"]+"|[\w.]+)`;
const name = (raw: string) => raw.replace(/"/g, '').replace(/^public\./, '');

/**
 * The problems of one migration file: statements that take a lock conflicting with writes for as long as
 * they scan or rewrite a big table. `earlier` is the text of every migration before it (and nothing is
 * looked up in a database): a `SET NOT NULL` needs a CHECK (col IS NOT NULL) validated by then.
 * Statements on a table the same file creates are not held to the index and constraint rules (a new table
 * has no rows and no writer yet).
 */
export function lintMigration(text: string, earlier = ''): LintProblem[] {
  const noTransaction = text.split('\n', 1)[0].trim() === NO_TRANSACTION_MARKER;
  const statements = text.split('--> statement-breakpoint');
  const plain = statements.map(withoutComments);
  const created = new Set(
    plain
      .flatMap((s) => [
        ...s.matchAll(new RegExp(String.raw`CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(${ident})`, 'gi')),
      ])
      .map((m) => name(m[1])),
  );
  const problems: LintProblem[] = [];
  let before = withoutComments(earlier);
  statements.forEach((raw, i) => {
    const s = plain[i];
    const allowed = new Set([...raw.matchAll(/--[^\n]*\bmigrate-lint:\s*allow\s+([\w-]+)/g)].map((m) => m[1]));
    const report = (rule: LintRule, message: string) => {
      if (!allowed.has(rule)) problems.push({ rule, statement: i + 1, message: `${message}: ${firstLine(s)}` });
    };
    const alterTable = new RegExp(String.raw`ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(${ident})`, 'i').exec(s);
    const altered = alterTable ? name(alterTable[1]) : null;
    const onNewTable = altered !== null && created.has(altered);

    for (const m of s.matchAll(
      new RegExp(
        String.raw`CREATE\s+(?:UNIQUE\s+)?INDEX\s+(CONCURRENTLY\s+)?(IF\s+NOT\s+EXISTS\s+)?(?:${ident}\s+)?ON\s+(ONLY\s+)?(${ident})`,
        'gi',
      ),
    )) {
      const [, concurrently, ifNotExists, only, table] = m;
      // ON ONLY a partitioned table: the parent's index alone, no rows read (its partitions' are built concurrently).
      if (only || created.has(name(table))) continue;
      if (!concurrently)
        report(
          'index-not-concurrent',
          'CREATE INDEX without CONCURRENTLY locks the table against writes while it builds',
        );
      else if (!noTransaction)
        report(
          'concurrently-in-transaction',
          `CREATE INDEX CONCURRENTLY cannot run in a transaction: start the file with '${NO_TRANSACTION_MARKER}'`,
        );
      else if (!ifNotExists)
        report(
          'concurrent-index-rerun',
          'CREATE INDEX CONCURRENTLY needs IF NOT EXISTS: a no-transaction migration runs again from its start after a failure',
        );
    }
    if (/\bDROP\s+INDEX\s+CONCURRENTLY\b/i.test(s) && !noTransaction)
      report(
        'concurrently-in-transaction',
        `DROP INDEX CONCURRENTLY cannot run in a transaction: start the file with '${NO_TRANSACTION_MARKER}'`,
      );

    if (altered !== null && !onNewTable) {
      const adds = [...s.matchAll(/\bADD\s+(?:CONSTRAINT\s+\S+\s+)?(FOREIGN\s+KEY|CHECK)\b/gi)];
      const referencesInColumn = /\bADD\s+(?:COLUMN\s+)?(?!CONSTRAINT\b)[^,;]*\bREFERENCES\b/i.test(s);
      if ((adds.length || referencesInColumn) && !/\bNOT\s+VALID\b/i.test(s))
        report(
          'constraint-not-valid',
          'a foreign key or CHECK added without NOT VALID scans the table under a write lock: add it NOT VALID, then VALIDATE CONSTRAINT in a later migration',
        );
      if (/\bALTER\s+(?:COLUMN\s+)?\S+\s+(?:SET\s+DATA\s+)?TYPE\b/i.test(s))
        report(
          'column-type',
          'ALTER COLUMN … TYPE rewrites the table under ACCESS EXCLUSIVE: add a column, backfill it in batches, switch, drop the old one',
        );
      for (const m of s.matchAll(/\bALTER\s+(?:COLUMN\s+)?("[^"]+"|\w+)\s+SET\s+NOT\s+NULL\b/gi)) {
        const column = name(m[1]);
        if (!validatedNotNullCheck(before, altered, column))
          report(
            'set-not-null',
            `SET NOT NULL on ${altered}.${column} scans the table under ACCESS EXCLUSIVE: first add CHECK (${column} IS NOT NULL) NOT VALID and VALIDATE it in an earlier migration`,
          );
      }
      for (const m of s.matchAll(
        /\bADD\s+(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?(?!CONSTRAINT\b)(?:"[^"]+"|\w+)\s+([^,;]*)/gi,
      ))
        if (VOLATILE.test(m[1]))
          report(
            'volatile-default',
            'a column added with a volatile default (or a serial) rewrites the table: add it without, set the default, backfill in batches',
          );
    }
    if (/\bLOCK\s+(?:TABLE\s+)?(?:ONLY\s+)?(?:"[^"]+"|\w+)/i.test(s) && /^\s*LOCK\b/im.test(s))
      report('lock-table', 'LOCK TABLE holds writes for as long as the migration runs');
    before += `\n${s}`;
  });
  return problems;
}

/** A CHECK (column IS NOT NULL) on the table, and its VALIDATE CONSTRAINT, in the text. */
function validatedNotNullCheck(text: string, table: string, column: string): boolean {
  const check = new RegExp(
    String.raw`ALTER\s+TABLE\s+(?:ONLY\s+)?"?${table}"?[^;]*ADD\s+CONSTRAINT\s+("[^"]+"|\w+)\s+CHECK\s*\(\s*"?${column}"?\s+IS\s+NOT\s+NULL\s*\)`,
    'gi',
  );
  return [...text.matchAll(check)].some((m) =>
    new RegExp(String.raw`VALIDATE\s+CONSTRAINT\s+"?${name(m[1])}"?`, 'i').test(text),
  );
}

function firstLine(statement: string): string {
  return (statement.trim().split('\n')[0] ?? '').slice(0, 120);
}
