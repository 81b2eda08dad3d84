import type { AfterMigrations } from './db/migrate';
import { installJobSchema } from './jobs/job-schema';

/**
 * What runs after the SQL migrations, as part of them: at every server start and in `npm run migrate`,
 * on the migration connection (the tables' owner), under the migration lock. The place for a job
 * queue to create or upgrade its own schema (pg-boss), so the release step prepares everything and
 * the server's restricted role never needs to create anything.
 */
export const afterMigrations: AfterMigrations[] = [installJobSchema];
