/**
 * Where the benchmark's database lives and how it is filled. Without --keep-db: a new PostgreSQL database or PGlite
 * folder, dropped at the end. With --keep-db NAME: `mbo_bench_keep_NAME` on the server, or
 * `$TMPDIR/mbo-bench-keep-NAME-pglite`, kept after the run and reused by the next run asking for the same number of
 * payments or fewer (generating 1,000,000 payments takes 10 to 20 minutes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database, type Db } from '../apps/server/src/db/client';
import { afterMigrationsFor } from '../apps/server/src/migration-hooks';
import { seedIfEmpty } from '../apps/server/src/seed/demo';
import { generatePayments } from '../apps/server/src/seed/generate-payments';
import { PG_ADMIN_URL, adminQuery, databaseUrl, waitUntilUnused } from '../apps/server/src/test/pg-admin';
import { testSecrets } from '../apps/server/src/test/test-keys';
import type { DatabaseKind } from './bench-options';
import { MERCHANT } from './sections/section';

export interface Place {
  kind: DatabaseKind;
  kept: boolean;
  dbName: string;
  dbDir: string;
}

export function placeOf(kind: DatabaseKind, keep: string | undefined): Place {
  if (keep)
    return {
      kind,
      kept: true,
      dbName: `mbo_bench_keep_${keep}`,
      dbDir: path.join(os.tmpdir(), `mbo-bench-keep-${keep}-${kind}`),
    };
  return {
    kind,
    kept: false,
    dbName: `mbo_bench_${process.pid}_${Date.now().toString(36)}`,
    dbDir: fs.mkdtempSync(path.join(os.tmpdir(), `mbo-bench-${kind}-`)),
  };
}

/** The server's URL of a PostgreSQL place (undefined for PGlite). */
export const urlOf = (place: Place) => (place.kind === 'postgres' ? databaseUrl(place.dbName) : undefined);

async function adminRows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The benchmark databases' data key (kept databases are opened with it again), as DATA_ENCRYPTION_KEY would be. */
const BENCH_SECRETS = testSecrets(Buffer.alloc(32, 0xbe).toString('base64'));

/** Opens the place's database (made when missing), running the migrations. */
export async function openBenchDatabase(place: Place): Promise<Database> {
  const keyed = { secrets: BENCH_SECRETS, afterMigrations: afterMigrationsFor(BENCH_SECRETS) };
  if (place.kind === 'pglite') return openDatabase({ dataDir: place.dbDir, ...keyed });
  const exists =
    place.kept && (await adminRows('SELECT 1 FROM pg_database WHERE datname = $1', [place.dbName])).length > 0;
  if (!exists) await adminQuery(`CREATE DATABASE "${place.dbName}"`);
  return openDatabase({ databaseUrl: databaseUrl(place.dbName), poolSize: 10, ...keyed });
}

export async function dropBenchDatabase(place: Place): Promise<void> {
  if (place.kind === 'postgres') {
    await waitUntilUnused(place.dbName).catch(() => undefined);
    await adminQuery(`DROP DATABASE IF EXISTS "${place.dbName}" WITH (FORCE)`).catch((err) =>
      console.error(`could not drop ${place.dbName}: ${String(err)}`),
    );
  }
  fs.rmSync(place.dbDir, { recursive: true, force: true });
}

/** Payments a kept database was generated with (0 when it is new or its generation did not finish). */
async function generatedBefore(db: Db): Promise<number> {
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS bench_generated (merchant_id text PRIMARY KEY, payments integer NOT NULL, generated_at timestamptz NOT NULL DEFAULT now())`,
  );
  const [row] = rowsOf<{ payments: number }>(
    await db.execute(sql`SELECT payments FROM bench_generated WHERE merchant_id = ${MERCHANT}`),
  );
  return row?.payments ?? 0;
}

/** VACUUM ANALYZE of the tables the measures read (quick on tables vacuumed already). */
async function vacuumAnalyze(db: Db): Promise<void> {
  for (const table of [
    'payments',
    'refunds',
    'disputes',
    'withdrawals',
    'payouts',
    'agreements',
    'events',
    'ledger_transactions',
    'ledger_entries',
    'ledger_accounts',
    'settlement_batches',
    'settlements',
  ]) {
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  }
}

/**
 * Seeds and generates `payments` payments for MERCHANT, or reuses a kept database that has at least as many.
 * generateS is null when a kept database was reused.
 */
export async function prepareDatabase(
  place: Place,
  payments: number,
  log: (message: string) => void,
): Promise<{ database: Database; generateS: number | null }> {
  let database = await openBenchDatabase(place);
  if (place.kept) {
    const before = await generatedBefore(database.db);
    if (before >= payments) {
      log(`reusing the kept database (${before.toLocaleString('en-US')} generated payments)`);
      // A run stopped half-way leaves counters and an unfinished export behind: start clean.
      await database.db.execute(sql`DELETE FROM rate_limits`);
      await database.db.execute(
        sql`UPDATE export_jobs SET status = 'FAILED', finished_at = now() WHERE status IN ('QUEUED', 'RUNNING')`,
      );
      // A migration run at this start may have rewritten rows (0014 backfills every ledger entry): what autovacuum
      // would do by then.
      await vacuumAnalyze(database.db);
      return { database, generateS: null };
    }
    if (before > 0 || (await database.db.execute(sql`SELECT 1 FROM users LIMIT 1`).then((r) => rowsOf(r).length > 0))) {
      log('the kept database has too few payments; generating it again');
      await database.close();
      await dropBenchDatabase(place);
      database = await openBenchDatabase(place);
    }
  }
  log('seeding the demo data');
  await seedIfEmpty(database.db, { secrets: database.secrets });
  log(`generating ${payments.toLocaleString('en-US')} payments for ${MERCHANT}`);
  let last = 0;
  const gen = await generatePayments(database.db, {
    merchantId: MERCHANT,
    count: payments,
    seed: 42,
    onProgress(done, total) {
      if (done === total || performance.now() - last > 10_000) {
        last = performance.now();
        log(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
      }
    },
  });
  log(
    `generated in ${(gen.ms / 1000).toFixed(1)} s (${Math.round(gen.payments / (gen.ms / 1000))} payments/s); VACUUM ANALYZE`,
  );
  await vacuumAnalyze(database.db);
  if (place.kept) {
    await generatedBefore(database.db);
    await database.db.execute(sql`INSERT INTO bench_generated (merchant_id, payments) VALUES (${MERCHANT}, ${payments})
      ON CONFLICT (merchant_id) DO UPDATE SET payments = excluded.payments, generated_at = now()`);
  }
  return { database, generateS: gen.ms / 1000 };
}
