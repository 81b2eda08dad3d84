import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The marker of a migration that runs outside a transaction, on the first line of its file: each
 * statement (between `--> statement-breakpoint` lines) is sent alone and commits on its own, as
 * `CREATE INDEX CONCURRENTLY`, `DROP INDEX CONCURRENTLY` and long `VALIDATE CONSTRAINT`s need. Such a
 * migration must be safe to run again from its start (db/migrate.ts drops the INVALID index a
 * failed concurrent build leaves, and the migration writes `IF NOT EXISTS` / `IF EXISTS`).
 */
export const NO_TRANSACTION_MARKER = '-- migrate: no-transaction';

const BREAKPOINT = '--> statement-breakpoint';

/** One SQL migration of the journal, as the runner applies it. */
export interface MigrationFile {
  /** The file's name without .sql, e.g. 0028_partition_append_only_tables. */
  tag: string;
  /** The journal's `when`: the migration's key in drizzle.__drizzle_migrations (created_at). */
  when: number;
  /** SHA-256 of the file, as drizzle's migrator records it. */
  hash: string;
  /** The file's statements, split at the breakpoints. */
  statements: string[];
  /** The file starts with NO_TRANSACTION_MARKER. */
  noTransaction: boolean;
}

interface Journal {
  entries: { tag: string; when: number }[];
}

/** The migrations of the journal in folder, in order (the format drizzle-kit writes and drizzle's migrator reads). */
export function readMigrationFiles(folder: string): MigrationFile[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
  return journal.entries.map((entry) => {
    const text = fs.readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8');
    return {
      tag: entry.tag,
      when: entry.when,
      hash: crypto.createHash('sha256').update(text).digest('hex'),
      statements: text.split(BREAKPOINT).filter((s) => s.trim() !== ''),
      noTransaction: text.split('\n', 1)[0].trim() === NO_TRANSACTION_MARKER,
    };
  });
}

/** The indexes a statement builds concurrently: CREATE [UNIQUE] INDEX CONCURRENTLY [IF NOT EXISTS] name. */
export function concurrentIndexNames(statement: string): string[] {
  const pattern = /CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+(?:IF\s+NOT\s+EXISTS\s+)?("[^"]+"|[\w.]+)/gi;
  return [...withoutComments(statement).matchAll(pattern)].map((m) => m[1].replace(/^"|"$/g, ''));
}

/** SQL without its `--` line comments (string literals holding `--` are rare enough in DDL to ignore). */
export function withoutComments(text: string): string {
  return text.replace(/--[^\n]*/g, '');
}
