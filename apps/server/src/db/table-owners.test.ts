import fs from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable as PgTableClass } from 'drizzle-orm/pg-core';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { schema } from './full-schema';
import { TABLE_OWNERS, type OwnedTable } from './table-owners';

/**
 * Each table has one owning module (table-owners.ts). This reads the server's sources and fails on a
 * write of a table outside its owner, and on a read of another module's table by a file that does not
 * name it in a `@reads` line. Demo data (seed/), tests, migrations and the test harness are left out.
 */
const SERVER_SRC = path.resolve(import.meta.dirname, '..');
const sources = globSync(['**/*.ts'], {
  cwd: SERVER_SRC,
  ignore: ['**/*.test.ts', '**/*-test-helpers.ts', 'test/**', 'seed/**', 'smoke/**', 'db/migrations/**'],
});

/** The schema's variable name of each table, and the table's name (`paymentLinks` → `payment_links`). */
const tableOfVariable = new Map(
  Object.entries(schema).flatMap(([variable, value]) =>
    is(value, PgTableClass) ? [[variable, getTableConfig(value).name] as const] : [],
  ),
);
const tableNames = new Set(tableOfVariable.values());

/** The module a source file belongs to: `modules/<name>/…` → name, else its top folder (or `app`). */
export function moduleOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'modules') return parts[1];
  return parts.length > 1 ? parts[0] : 'app';
}

const RAW_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)/g;
const BUILDER_WRITE = /\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g;
const RAW_READ = /\b(?:FROM|JOIN)\s+(\w+)/g;
const SCHEMA_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*(?:db\/)?[\w-]*schema'/g;
const DECLARED = /@reads\s+([\w, ]+)/g;

interface Access {
  writes: Set<string>;
  reads: Set<string>;
  declared: Set<string>;
}

/** The tables a source file writes, reads (raw SQL or a table of the schema it imports), and declares. */
export function accessOf(text: string): Access {
  const writes = new Set<string>();
  const reads = new Set<string>();
  for (const [, name] of text.matchAll(RAW_WRITE)) if (tableNames.has(name)) writes.add(name);
  for (const [, variable] of text.matchAll(BUILDER_WRITE)) {
    const name = tableOfVariable.get(variable);
    if (name) writes.add(name);
  }
  for (const [, name] of text.matchAll(RAW_READ)) if (tableNames.has(name)) reads.add(name);
  for (const [, list] of text.matchAll(SCHEMA_IMPORT))
    for (const variable of list.split(',').map((v) => v.replace(/^\s*type\s+/, '').trim()))
      if (tableOfVariable.has(variable)) reads.add(tableOfVariable.get(variable)!);
  const declared = new Set<string>();
  for (const [, list] of text.matchAll(DECLARED)) for (const name of list.split(/[\s,]+/)) if (name) declared.add(name);
  return { writes, reads, declared };
}

const owner = (table: string) => TABLE_OWNERS[table as OwnedTable];

describe('table ownership', () => {
  it('names an owner for every table of the schema, and no table the schema lacks', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...tableNames].sort());
  });

  it('writes each table in its owning module alone', () => {
    const strays = sources.flatMap((file) =>
      [...accessOf(fs.readFileSync(path.join(SERVER_SRC, file), 'utf8')).writes]
        .filter((table) => owner(table) !== moduleOf(file))
        .map((table) => `${file} writes ${table} (owner: ${owner(table)})`),
    );
    expect(strays).toEqual([]);
  });

  it("reads another module's table only where the file names it in @reads", () => {
    const undeclared = sources.flatMap((file) => {
      const access = accessOf(fs.readFileSync(path.join(SERVER_SRC, file), 'utf8'));
      return [...access.reads]
        .filter((table) => owner(table) !== moduleOf(file) && !access.declared.has(table))
        .map((table) => `${file} reads ${table} (owner: ${owner(table)})`);
    });
    expect(undeclared).toEqual([]);
  });

  it('sees writes and reads in raw SQL and through the query builder', () => {
    const access = accessOf(
      [
        "import { payments, refunds } from '../../db/payments-schema';",
        'sql`UPDATE payments SET refunded_amount = 1`;',
        'await tx.insert(refunds).values(row);',
        'sql`SELECT 1 FROM disputes d JOIN settlement_batches b ON true FOR UPDATE OF d`;',
        '/** @reads disputes, settlement_batches */',
      ].join('\n'),
    );
    expect([...access.writes].sort()).toEqual(['payments', 'refunds']);
    expect([...access.reads].sort()).toEqual(['disputes', 'payments', 'refunds', 'settlement_batches']);
    expect([...access.declared].sort()).toEqual(['disputes', 'settlement_batches']);
  });
});
