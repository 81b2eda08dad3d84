import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { replayedTo } from '../../db/read-replica';
import { computed, typedRows } from '../../db/typed-rows';

/** How often the export job asks the replica how far it has replayed. */
const REPLAY_POLL_MS = 50;

/**
 * The database an export's rows are read from: the read replica once it has replayed everything
 * committed on the primary before the job began (so the file holds what its user wrote just before
 * asking for it), waited for up to READ_YOUR_WRITES_MS; the primary when there is no replica, it is
 * marked down, or it is further behind. Its reads still fall back to the primary if it fails on the way
 * (db/read-replica.ts); the job's own bookkeeping (claim, progress, result) always writes the primary.
 */
export async function exportReader(app: FastifyInstance): Promise<Db> {
  const { database } = app;
  const replica = database.readPool;
  if (!replica?.usable) return database.db;
  const [position] = await typedRows(
    database.db,
    { lsn: computed(String) },
    sql`SELECT pg_current_wal_lsn()::text AS lsn`,
  );
  if (!position) return database.db;
  const deadline = Date.now() + app.config.readYourWritesMs;
  for (;;) {
    if (await replayedTo(replica, position.lsn)) return database.reader();
    if (Date.now() >= deadline) return database.db;
    await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
  }
}
