import PgBoss from 'pg-boss';
import type { SqlExecutor } from './sql-executor';

/** pg-boss keeps its tables in a schema of its own. */
export const JOB_SCHEMA = 'pgboss';

/**
 * Creates or upgrades pg-boss's schema. Runs with the migrations, as the migration role (the owner
 * of the tables, MIGRATION_DATABASE_URL), never as the server's role: the server's pg-boss starts
 * with `migrate: false` and only checks the version.
 *
 * Then, as the owner, it opens to the server's group role mbo_app (migration 0007) what pg-boss
 * needs at run time: USAGE on the schema and SELECT, INSERT, UPDATE, DELETE on its tables (jobs are
 * moved between states by DELETE + INSERT), now and by default privileges. Creating a queue makes
 * a partition table and attaches it to pgboss.job, which only the owner may do: `create_queue`
 * becomes SECURITY DEFINER (search_path pinned, as the ledger functions of 0007), so the server
 * creates the queues its modules declare. Re-applied at every start, after any pg-boss upgrade.
 */
export async function installJobSchema(executor: SqlExecutor): Promise<void> {
  const boss = new PgBoss({ db: executor, schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  await executor.executeSql(`
    ALTER FUNCTION ${JOB_SCHEMA}.create_queue(text, json) SECURITY DEFINER SET search_path = pg_catalog, ${JOB_SCHEMA}, pg_temp;
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'mbo_app') THEN
        GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO mbo_app;
        GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOB_SCHEMA} TO mbo_app;
        ALTER DEFAULT PRIVILEGES IN SCHEMA ${JOB_SCHEMA} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO mbo_app;
      END IF;
    END $$;`);
}
