import type { AfterMigrations } from './db/migrate';
import { encryptSecretsAtRest } from './db/encrypted-columns';
import { installJobSchema } from './jobs/job-schema';
import { keyRecoveryCodes } from './modules/two-factor';
import { writeRoles } from './modules/team';
import type { SecretBox } from './lib/secret-box';

/**
 * What runs after the SQL migrations, as part of them: at every server start and in `npm run migrate`,
 * on the migration connection (the tables' owner), under the migration lock. The place for a job
 * queue to create or upgrade its own schema (pg-boss), so the release step prepares everything and
 * the server's restricted role never needs to create anything; and for the data steps SQL cannot
 * do: the check of the data key and the encryption of values written before migration 0026
 * (db/encrypted-columns.ts), and the keyed hashes of recovery codes stored before as plain SHA-256
 * (modules/two-factor/recovery-codes.ts), with the keyring of the configuration; and the built-in
 * roles (modules/team/built-in-roles.ts), written on every database so that a release's new grants apply.
 */
export function afterMigrationsFor(secrets: SecretBox): AfterMigrations[] {
  return [installJobSchema, writeRoles, encryptSecretsAtRest(secrets), keyRecoveryCodes(secrets)];
}
