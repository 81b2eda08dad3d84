import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { TEAM_PATHS } from '@mbo/contracts/team';
import { auditLog } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { databaseUrl } from '../../test/pg-admin';
import { auditPartitionsJob, maintainAuditPartitions } from './audit-partitions-job';

/** The first instant (UTC) of the month `offset` months from this one. */
function monthStart(offset: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}
const partitionOf = (offset: number) => {
  const d = monthStart(offset);
  return `audit_log_p${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * audit_log's monthly partitions (migration 0028) and the audit module's daily job: it makes the months ahead and
 * drops the months past AUDIT_LOG_RETENTION_MONTHS, and only those, running as the server's role (on PostgreSQL the
 * restricted one: the migration's functions act as the owner). The audit log page still lists the rows, whichever
 * partition holds them; a row far in the past or future lands in the default partition.
 */
describe('audit_log partitions', () => {
  let t: TestApp;
  let ownerClient: pg.Client | undefined;
  /** Runs SQL as the tables' owner (a test creates an old month as the migration role would have). */
  let asOwner: (text: string) => Promise<unknown[]>;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    if (t.kind === 'postgres') {
      const [{ name }] = await typedRows(
        t.database.db,
        { name: computed(String) },
        sql`SELECT current_database() AS name`,
      );
      const client = new pg.Client({ connectionString: databaseUrl(name) });
      await client.connect();
      ownerClient = client;
      asOwner = async (text) => (await client.query(text)).rows;
    } else {
      asOwner = async (text) => (await t.database.db.execute(sql.raw(text))) as unknown as unknown[];
    }
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await ownerClient?.end();
    await t?.close();
  });

  async function partitions(): Promise<string[]> {
    const rows = await typedRows(
      t.app.db,
      { name: computed(String) },
      sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           WHERE i.inhparent = 'audit_log'::regclass ORDER BY 1`,
    );
    return rows.map((r) => r.name);
  }

  async function insertAt(at: Date, targetId: string): Promise<string> {
    await t.app.db.insert(auditLog).values({
      at,
      action: 'REFUND',
      outcome: 'SUCCESS',
      merchantId: 'M1000001',
      actorEmail: 'owner@demo.test',
      targetType: 'REFUND',
      targetId,
    });
    const [row] = await typedRows(
      t.app.db,
      { part: computed(String) },
      sql`SELECT tableoid::regclass::text AS part FROM audit_log WHERE target_id = ${targetId}`,
    );
    return row.part;
  }

  async function listed(targetId: string): Promise<string[]> {
    const res = await call(t.app, 'POST', TEAM_PATHS.auditLog, {
      cookie: owner,
      payload: { pageNum: 1, pageSize: 20, keyword: targetId },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('000000');
    return (res.body.data.records as { targetId: string; at: string }[]).map((r) => r.at);
  }

  it('the migration made the last 13 months, this one and three ahead, and a default partition', async () => {
    const names = await partitions();
    for (let offset = -13; offset <= 3; offset++) expect(names).toContain(partitionOf(offset));
    expect(names).toContain('audit_log_default');
  });

  it('the daily job makes the months ahead and drops the months past the retention, and only those', async () => {
    // An old month the retention has passed (14 months back), one long gone (5 years back), each with a row; the
    // 13th month back is within the retention of 13 months (it ends 12 months back).
    for (const offset of [-14, -60])
      await asOwner(
        `CREATE TABLE ${partitionOf(offset)} PARTITION OF audit_log FOR VALUES FROM ('${monthStart(offset).toISOString()}') TO ('${monthStart(offset + 1).toISOString()}')`,
      );
    expect(await insertAt(new Date(monthStart(-14).getTime() + 86_400_000), 'RF-PART-OLD')).toBe(partitionOf(-14));
    expect(await insertAt(new Date(monthStart(-13).getTime() + 86_400_000), 'RF-PART-KEPT')).toBe(partitionOf(-13));
    // A month ahead the job should make again.
    await asOwner(`DROP TABLE ${partitionOf(3)}`);
    const before = await partitions();

    await t.app.jobs.send(auditPartitionsJob, {});
    t.app.jobs.wake(auditPartitionsJob.name);
    await t.app.jobs.drain();

    const after = await partitions();
    expect(after).toContain(partitionOf(3));
    expect(after).not.toContain(partitionOf(-14));
    expect(after).not.toContain(partitionOf(-60));
    expect(
      before.filter((n) => !after.includes(n)),
      'dropped',
    ).toEqual([partitionOf(-60), partitionOf(-14)].sort());
    expect(after.filter((n) => !before.includes(n))).toEqual([partitionOf(3)]);
    // The month kept still lists its row; the dropped month's row is gone with it.
    expect(await listed('RF-PART-KEPT')).toHaveLength(1);
    expect(await listed('RF-PART-OLD')).toEqual([]);
    // Run again, nothing to do.
    expect(await maintainAuditPartitions(t.app.db, 13)).toEqual([]);
  });

  it('refuses to keep the audit log less than a year, whatever the server asks', async () => {
    const refused = await maintainAuditPartitions(t.app.db, 6).catch((err: Error) => err);
    expect(refused).toBeInstanceOf(Error);
    // The database's message, under the query builder's "Failed query" one.
    expect(String((refused as Error & { cause?: Error }).cause?.message)).toMatch(/at least 12 months/);
    expect(await partitions()).toContain(partitionOf(-12));
  });

  it('a row far in the past or the future lands in the default partition and is listed with the rest', async () => {
    expect(await insertAt(new Date('2099-06-01T00:00:00Z'), 'RF-PART-FUTURE')).toBe('audit_log_default');
    expect(await insertAt(new Date('1999-06-01T00:00:00Z'), 'RF-PART-PAST')).toBe('audit_log_default');
    expect(await insertAt(new Date(), 'RF-PART-NOW')).toBe(partitionOf(0));
    expect(await listed('RF-PART-FUTURE')).toEqual(['2099-06-01T00:00:00.000Z']);
    expect(await listed('RF-PART-PAST')).toEqual(['1999-06-01T00:00:00.000Z']);
    expect(await listed('RF-PART-NOW')).toHaveLength(1);
    // The server's role still cannot change or remove a row, in any partition.
    await expect(
      t.app.db.execute(sql`UPDATE audit_log SET outcome = 'FAILURE' WHERE target_id = 'RF-PART-FUTURE'`),
    ).rejects.toThrow();
    await expect(t.app.db.execute(sql`DELETE FROM audit_log WHERE target_id = 'RF-PART-NOW'`)).rejects.toThrow();
  });
});
