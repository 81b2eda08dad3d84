import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../db/client';
import { formatInZone } from '../../lib/zoned-time';
import { cellSql } from './sql-cells';
import type { ExportColumnDef, ExportContext, ExportSource } from './export-types';

/** The node-postgres pool under a drizzle database, or undefined on PGlite (which has no COPY TO STDOUT stream). */
export function pgPoolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

const dialect = new PgDialect();

/**
 * A query as plain SQL text with its parameters written in as literals: COPY takes no bind
 * parameters. Strings go through node-postgres' escapeLiteral, numbers as they are; nothing else is
 * expected from the lists' WHERE builders.
 */
export function inlineSql(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)\b/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string') return pg.escapeLiteral(value);
    throw new Error(`Cannot inline a parameter of type ${typeof value} into COPY.`);
  });
}

/** `COPY (SELECT <cells> FROM … WHERE … ORDER BY …) TO STDOUT (FORMAT csv)` for the chosen columns. */
export function copyCsvText(
  source: ExportSource,
  columns: readonly ExportColumnDef<never>[],
  ctx: ExportContext,
): string {
  const cells = columns.map((c) => {
    if (!c.sql) throw new Error(`Column ${c.key} has no SQL.`);
    return cellSql(c.kind, c.sql, ctx, source.currency);
  });
  return `COPY (${inlineSql(sql`SELECT ${sql.join(cells, sql`, `)} FROM ${source.from} WHERE ${source.where} ORDER BY ${source.orderBy}`)}) TO STDOUT (FORMAT csv)`;
}

/**
 * Whether PostgreSQL's time-zone data gives the zone the same wall-clock times as Node's (Intl) at
 * the given instants. A name PostgreSQL does not know, an offset string it reads the POSIX way
 * ("+03:00" is three hours west there), or older zone data: the export then formats its times in JS.
 */
export async function zoneAgrees(pool: pg.Pool, timeZone: string, instants: readonly Date[]): Promise<boolean> {
  try {
    const { rows } = await pool.query<{ local: string }>(
      `SELECT to_char(t AT TIME ZONE $1, 'YYYY-MM-DD HH24:MI:SS') AS local FROM unnest($2::timestamptz[]) WITH ORDINALITY AS u(t, i) ORDER BY i`,
      [timeZone, instants.map((d) => d.toISOString())],
    );
    return rows.length === instants.length && rows.every((r, i) => r.local === formatInZone(instants[i], timeZone));
  } catch {
    return false;
  }
}

/**
 * PostgreSQL's CSV ends records with LF; the export's (RFC 4180) with CRLF. Turns every LF outside a
 * quoted field into CRLF (an LF inside quotes is data and stays) and counts the records.
 */
export class CsvRecordEnds extends Transform {
  private quoted = false;
  records = 0;

  constructor(private readonly onRecords?: (records: number) => void | Promise<void>) {
    super();
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (err?: Error | null, data?: Buffer) => void,
  ): void {
    const parts: Buffer[] = [];
    let from = 0;
    let quoted = this.quoted;
    let records = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === 0x22)
        quoted = !quoted; // a doubled quote toggles twice
      else if (byte === 0x0a && !quoted) {
        parts.push(chunk.subarray(from, i), CRLF);
        from = i + 1;
        records++;
      }
    }
    parts.push(chunk.subarray(from));
    this.quoted = quoted;
    this.records += records;
    const out = Buffer.concat(parts);
    if (!this.onRecords) return done(null, out);
    Promise.resolve(this.onRecords(this.records)).then(
      () => done(null, out),
      (err: unknown) => done(err as Error),
    );
  }
}

const CRLF = Buffer.from('\r\n');

/**
 * Streams the rows of `COPY … TO STDOUT` through CsvRecordEnds into `out` (already holding the BOM
 * and header) and ends it: pipeline's backpressure all the way, from the socket to the disk. Returns
 * the number of records.
 */
// One statement outside a transaction: a pooler in transaction mode keeps this client's server connection until the
// COPY's end, so it runs behind one (README, "Behind a connection pooler").
export async function copyCsvInto(
  pool: pg.Pool,
  copyText: string,
  out: Writable,
  onRecords?: (records: number) => void | Promise<void>,
): Promise<number> {
  const client = await pool.connect();
  let failed: unknown;
  try {
    const ends = new CsvRecordEnds(onRecords);
    await pipeline(client.query(copyTo(copyText)), ends, out);
    return ends.records;
  } catch (err) {
    failed = err;
    throw err;
  } finally {
    // A connection left in the middle of a COPY is closed, not reused.
    client.release(failed instanceof Error ? failed : failed === undefined ? undefined : true);
  }
}
