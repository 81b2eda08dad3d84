import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { is, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../test/harness';
import { databaseUrl } from '../test/pg-admin';
import type { DbOrTx } from './client';
import { schema } from './full-schema';
import { computed, computedOrNull, typedRows, type RowOf } from './typed-rows';

/**
 * The SQL migrations are the source of truth of the database; the Drizzle schema (db/*-schema.ts,
 * gathered in full-schema.ts) is what the queries are typed with. This compares the two on a freshly
 * migrated database, in both directions: every table and column of one must be in the other, with
 * the same type, nullability, presence of a default, identity, primary key and unique indexes.
 *
 * Left out, and only these: the job queue's own schema (pg-boss, `pgboss`, created by
 * migration-hooks.ts) and the migrator's record of the applied migrations (schema `drizzle`): neither
 * is ours to describe. Every other schema of the database is read, so a table a migration made
 * outside `public` shows up as a difference too. A partition (audit_log_p2026_11, audit_log_default: migration 0028)
 * is its partitioned table's, described once by it: partitions are left out.
 */
const NOT_OURS = ['pgboss', 'drizzle'];

/** One column, as both sides are brought to: comparable strings and flags. */
interface ColumnShape {
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  /** 'ALWAYS' or 'BY DEFAULT' for an identity column, else null. */
  identity: string | null;
}

interface TableShape {
  columns: Map<string, ColumnShape>;
  /** The primary key's columns, in key order ([] when the table has none). */
  primaryKey: string[];
  /** Unique indexes and constraints: name → their columns in order (an expression reads '(expression)'). */
  uniques: Map<string, string[]>;
}

/** information_schema's udt names of array elements, as data_type would spell the element. */
const UDT_TYPES: Record<string, string> = {
  text: 'text',
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  bool: 'boolean',
  uuid: 'uuid',
  jsonb: 'jsonb',
  json: 'json',
  date: 'date',
  timestamptz: 'timestamp with time zone',
  timestamp: 'timestamp without time zone',
  numeric: 'numeric',
  varchar: 'character varying',
  bpchar: 'character',
  float8: 'double precision',
  float4: 'real',
  bytea: 'bytea',
  inet: 'inet',
};

/**
 * A Drizzle column's SQL type in the spelling of information_schema (serials are their integer type plus a default).
 */
function drizzleType(column: PgColumn): string {
  const type = column.getSQLType();
  const array = type.endsWith('[]') ? '[]' : '';
  const base = type.slice(0, type.length - array.length);
  const normalized = base
    .replace(/^bigserial$/, 'bigint')
    .replace(/^serial$/, 'integer')
    .replace(/^smallserial$/, 'smallint')
    .replace(/^char\((\d+)\)$/, 'character($1)')
    .replace(/^char$/, 'character(1)')
    .replace(/^varchar/, 'character varying')
    .replace(/^timestamp$/, 'timestamp without time zone')
    .replace(/^time$/, 'time without time zone')
    .replace(/^numeric\((\d+), ?(\d+)\)$/, 'numeric($1,$2)');
  return normalized + array;
}

function drizzleShape(table: PgTable): TableShape {
  const config = getTableConfig(table);
  const columns = new Map<string, ColumnShape>();
  const uniques = new Map<string, string[]>();
  for (const column of config.columns) {
    const identity = column.generatedIdentity?.type;
    columns.set(column.name, {
      type: drizzleType(column),
      nullable: !column.notNull,
      // A default the database itself applies: a SQL or literal default, a serial's sequence, an identity.
      hasDefault: column.default !== undefined || /serial$/.test(column.getSQLType()) || identity !== undefined,
      identity: identity === 'always' ? 'ALWAYS' : identity === 'byDefault' ? 'BY DEFAULT' : null,
    });
    if (column.isUnique) uniques.set(column.uniqueName ?? `${config.name}_${column.name}_unique`, [column.name]);
  }
  for (const unique of config.uniqueConstraints)
    uniques.set(
      unique.getName() ?? '(unnamed)',
      unique.columns.map((c) => c.name),
    );
  for (const index of config.indexes) {
    if (!index.config.unique) continue;
    uniques.set(
      index.config.name ?? '(unnamed)',
      index.config.columns.map((c) => ('name' in c && typeof c.name === 'string' ? c.name : '(expression)')),
    );
  }
  const primaryKey =
    config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
  return { columns, primaryKey, uniques };
}

/** A column of information_schema.columns, as databaseShapes reads it. */
const DB_COLUMN = {
  table_schema: computed(String),
  table_name: computed(String),
  column_name: computed(String),
  data_type: computed(String),
  udt_name: computed(String),
  character_maximum_length: computedOrNull(Number),
  numeric_precision: computedOrNull(Number),
  numeric_scale: computedOrNull(Number),
  is_nullable: computed(String),
  column_default: computedOrNull(String),
  is_identity: computed(String),
  identity_generation: computedOrNull(String),
};

/** A text[] of the catalog (array_agg of names), as both drivers give it: an array. */
function strings(value: unknown): string[] {
  if (!Array.isArray(value)) throw new Error(`expected an array, got ${JSON.stringify(value)}`);
  return value.map(String);
}

/** A column's type from information_schema, spelled as drizzleType spells it. */
function databaseType(row: RowOf<typeof DB_COLUMN>): string {
  if (row.data_type === 'ARRAY') return `${UDT_TYPES[row.udt_name.slice(1)] ?? row.udt_name.slice(1)}[]`;
  if (row.data_type === 'USER-DEFINED') return row.udt_name;
  if (
    (row.data_type === 'character' || row.data_type === 'character varying') &&
    row.character_maximum_length !== null
  ) {
    return `${row.data_type}(${row.character_maximum_length})`;
  }
  if (row.data_type === 'numeric' && row.numeric_precision !== null)
    return `numeric(${row.numeric_precision},${row.numeric_scale ?? 0})`;
  return row.data_type;
}

/** The migrated database's tables (qualified by schema unless public), read as the owner of the tables. */
async function databaseShapes(db: DbOrTx): Promise<Map<string, TableShape>> {
  const excluded = `('pg_catalog', 'information_schema', ${NOT_OURS.map((s) => `'${s}'`).join(', ')})`;
  const qualified = (schemaName: string, table: string) => (schemaName === 'public' ? table : `${schemaName}.${table}`);
  const shapes = new Map<string, TableShape>();
  const tables = await typedRows(
    db,
    { table_schema: computed(String), table_name: computed(String) },
    sql.raw(`
    SELECT table_schema, table_name FROM information_schema.tables
    WHERE table_schema NOT IN ${excluded} AND table_schema NOT LIKE 'pg\\_%' AND table_type = 'BASE TABLE'
      AND NOT (SELECT relispartition FROM pg_class WHERE oid = format('%I.%I', table_schema, table_name)::regclass)`),
  );
  for (const t of tables)
    shapes.set(qualified(t.table_schema, t.table_name), { columns: new Map(), primaryKey: [], uniques: new Map() });
  const columns = await typedRows(
    db,
    DB_COLUMN,
    sql.raw(`
    SELECT table_schema, table_name, column_name, data_type, udt_name, character_maximum_length, numeric_precision,
           numeric_scale, is_nullable, column_default, is_identity, identity_generation
    FROM information_schema.columns WHERE table_schema NOT IN ${excluded} AND table_schema NOT LIKE 'pg\\_%'`),
  );
  for (const c of columns) {
    shapes.get(qualified(c.table_schema, c.table_name))?.columns.set(c.column_name, {
      type: databaseType(c),
      nullable: c.is_nullable === 'YES',
      hasDefault: c.column_default !== null || c.is_identity === 'YES',
      identity: c.is_identity === 'YES' ? c.identity_generation : null,
    });
  }
  const keys = await typedRows(
    db,
    { table_schema: computed(String), table_name: computed(String), column_name: computed(String) },
    sql.raw(`
    SELECT tc.table_schema, tc.table_name, kcu.column_name
    FROM information_schema.table_constraints tc
    JOIN information_schema.key_column_usage kcu
      ON kcu.constraint_schema = tc.constraint_schema AND kcu.constraint_name = tc.constraint_name AND kcu.table_name = tc.table_name
    WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema NOT IN ${excluded}
    ORDER BY tc.table_schema, tc.table_name, kcu.ordinal_position`),
  );
  for (const k of keys) shapes.get(qualified(k.table_schema, k.table_name))?.primaryKey.push(k.column_name);
  // Unique indexes are not in information_schema (only unique constraints are): the catalog has both.
  const uniques = await typedRows(
    db,
    {
      table_schema: computed(String),
      table_name: computed(String),
      index_name: computed(String),
      columns: computed(strings),
    },
    sql.raw(`
    SELECT n.nspname AS table_schema, t.relname AS table_name, i.relname AS index_name,
           array_agg(coalesce(a.attname::text, '(expression)') ORDER BY k.ord) AS columns
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
    LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
    WHERE x.indisunique AND NOT x.indisprimary AND n.nspname NOT IN ${excluded} AND n.nspname NOT LIKE 'pg\\_%'
    GROUP BY 1, 2, 3`),
  );
  for (const u of uniques) shapes.get(qualified(u.table_schema, u.table_name))?.uniques.set(u.index_name, u.columns);
  return shapes;
}

/** Every difference between the two, one line each, naming the table and the column. */
function differences(database: Map<string, TableShape>, drizzle: Map<string, TableShape>): string[] {
  const found: string[] = [];
  for (const name of database.keys())
    if (!drizzle.has(name)) found.push(`table ${name}: in the database, not in the Drizzle schema`);
  for (const name of drizzle.keys())
    if (!database.has(name)) found.push(`table ${name}: in the Drizzle schema, not in the database`);
  for (const [table, inDb] of database) {
    const inSchema = drizzle.get(table);
    if (!inSchema) continue;
    for (const [column, dbColumn] of inDb.columns) {
      const schemaColumn = inSchema.columns.get(column);
      if (!schemaColumn) {
        found.push(`${table}.${column}: in the database (${dbColumn.type}), not in the Drizzle schema`);
        continue;
      }
      if (dbColumn.type !== schemaColumn.type)
        found.push(
          `${table}.${column}: type ${dbColumn.type} in the database, ${schemaColumn.type} in the Drizzle schema`,
        );
      const nullability = (c: ColumnShape) => (c.nullable ? 'nullable' : 'NOT NULL');
      if (dbColumn.nullable !== schemaColumn.nullable)
        found.push(
          `${table}.${column}: ${nullability(dbColumn)} in the database, ${nullability(schemaColumn)} in the Drizzle schema`,
        );
      const defaulted = (c: ColumnShape) => (c.hasDefault ? 'has a default' : 'has no default');
      if (dbColumn.hasDefault !== schemaColumn.hasDefault)
        found.push(
          `${table}.${column}: ${defaulted(dbColumn)} in the database, ${defaulted(schemaColumn)} in the Drizzle schema`,
        );
      if (dbColumn.identity !== schemaColumn.identity)
        found.push(
          `${table}.${column}: identity ${dbColumn.identity ?? 'none'} in the database, ${schemaColumn.identity ?? 'none'} in the Drizzle schema`,
        );
    }
    for (const [column, schemaColumn] of inSchema.columns) {
      if (!inDb.columns.has(column))
        found.push(`${table}.${column}: in the Drizzle schema (${schemaColumn.type}), not in the database`);
    }
    const key = (columns: string[]) => (columns.length ? `(${columns.join(', ')})` : 'none');
    if (key(inDb.primaryKey) !== key(inSchema.primaryKey))
      found.push(
        `${table}: primary key ${key(inDb.primaryKey)} in the database, ${key(inSchema.primaryKey)} in the Drizzle schema`,
      );
    for (const [index, columns] of inDb.uniques) {
      const declared = inSchema.uniques.get(index);
      if (!declared)
        found.push(`${table}: unique index ${index} ${key(columns)} in the database, not in the Drizzle schema`);
      else if (key(declared) !== key(columns))
        found.push(
          `${table}: unique index ${index} on ${key(columns)} in the database, on ${key(declared)} in the Drizzle schema`,
        );
    }
    for (const [index, columns] of inSchema.uniques) {
      if (!inDb.uniques.has(index))
        found.push(`${table}: unique index ${index} ${key(columns)} in the Drizzle schema, not in the database`);
    }
  }
  return found;
}

function drizzleShapes(): Map<string, TableShape> {
  const shapes = new Map<string, TableShape>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const name = config.schema && config.schema !== 'public' ? `${config.schema}.${config.name}` : config.name;
    if (shapes.has(name)) throw new Error(`table ${name} is described twice in the Drizzle schema`);
    shapes.set(name, drizzleShape(value));
  }
  return shapes;
}

describe('the Drizzle schema', () => {
  let t: TestApp;
  let owner: pg.Client | undefined;
  let catalog: DbOrTx;

  beforeAll(async () => {
    t = await createTestApp();
    if (t.kind === 'postgres') {
      // The server's role sees only the columns it has privileges on (information_schema hides the
      // rest): the catalog is read as the owner of the tables, the role the migrations ran as.
      const [{ name }] = await typedRows(
        t.database.db,
        { name: computed(String) },
        sql`SELECT current_database() AS name`,
      );
      owner = new pg.Client({ connectionString: databaseUrl(name) });
      await owner.connect();
      catalog = drizzlePg(owner, { schema });
    } else {
      catalog = t.database.db;
    }
  });
  afterAll(async () => {
    await owner?.end();
    await t?.close();
  });

  it('describes every table and column of the migrated database, and nothing else', async () => {
    const database = await databaseShapes(catalog);
    // The comparison reads something: the core tables are there on both sides.
    expect(database.get('payments')?.columns.get('amount')?.type).toBe('bigint');
    expect(drizzleShapes().get('payments')?.primaryKey).toEqual(['id']);
    const found = differences(database, drizzleShapes());
    // One line per difference in the failure message (the array's own diff is cut short).
    expect(found, `the Drizzle schema differs from the migrated database:\n${found.join('\n')}\n`).toEqual([]);
  });

  it('reports a difference by table and column, in both directions', () => {
    const column = (type: string, nullable = false): ColumnShape => ({
      type,
      nullable,
      hasDefault: false,
      identity: null,
    });
    const database = new Map<string, TableShape>([
      [
        'a',
        {
          columns: new Map([
            ['id', column('text')],
            ['amount', column('bigint')],
            ['only_db', column('text')],
          ]),
          primaryKey: ['id'],
          uniques: new Map(),
        },
      ],
      ['only_in_db', { columns: new Map(), primaryKey: [], uniques: new Map() }],
    ]);
    const drizzle = new Map<string, TableShape>([
      [
        'a',
        {
          columns: new Map([
            ['id', column('text')],
            ['amount', column('integer', true)],
            ['only_schema', column('uuid')],
          ]),
          primaryKey: [],
          uniques: new Map([['a_uq', ['id']]]),
        },
      ],
    ]);
    expect(differences(database, drizzle)).toEqual([
      'table only_in_db: in the database, not in the Drizzle schema',
      'a.amount: type bigint in the database, integer in the Drizzle schema',
      'a.amount: NOT NULL in the database, nullable in the Drizzle schema',
      'a.only_db: in the database (text), not in the Drizzle schema',
      'a.only_schema: in the Drizzle schema (uuid), not in the database',
      'a: primary key (id) in the database, none in the Drizzle schema',
      'a: unique index a_uq (id) in the Drizzle schema, not in the database',
    ]);
  });
});
