import { isSealed, SEALED_PATTERN, SecretBox, type SealedPlace } from '../lib/secret-box';
import type { AfterMigrations, MigrationConnection } from './migrate';

/**
 * The columns kept encrypted (lib/secret-box.ts), by table: the one list the start-up step, the key
 * rotation and the tests walk. A value is sealed for its table and row (SealedPlace); the CHECK
 * named `constraint` (migration 0026) refuses a clear value in any of the columns.
 */
export interface EncryptedTable {
  table: 'users' | 'webhook_endpoints' | 'bank_accounts' | 'payouts';
  idType: 'uuid' | 'text';
  columns: readonly string[];
  constraint: string;
}

export const ENCRYPTED_TABLES: readonly EncryptedTable[] = [
  { table: 'users', idType: 'uuid', columns: ['totp_secret', 'totp_pending_secret'], constraint: 'users_totp_sealed' },
  {
    table: 'webhook_endpoints',
    idType: 'text',
    columns: ['secret', 'previous_secret'],
    constraint: 'webhook_endpoints_secret_sealed',
  },
  { table: 'bank_accounts', idType: 'text', columns: ['account_number'], constraint: 'bank_accounts_number_sealed' },
  { table: 'payouts', idType: 'text', columns: ['account_number'], constraint: 'payouts_number_sealed' },
];

/** Where a secret of `table` in the row `rowId` is sealed for (its additional authenticated data). */
export function placeOf(table: EncryptedTable['table'], rowId: string): SealedPlace {
  return { table, rowId };
}

const CHECK_PLACE: SealedPlace = { table: 'data_encryption_check', rowId: '1' };
const CHECK_TEXT = 'mbo data key check';
const BATCH = 500;

/**
 * After the migrations, at every start (and in `npm run migrate`): stops when the keyring cannot
 * open this database's data (checkKeyring), then encrypts the clear values of every table whose
 * CHECK is not validated yet (rows written before migration 0026) and validates it. A database
 * whose constraints are validated costs one catalogue query per table.
 */
export function encryptSecretsAtRest(secrets: SecretBox): AfterMigrations {
  return async (connection) => {
    await checkKeyring(connection, secrets);
    for (const spec of ENCRYPTED_TABLES) {
      const [row] = (
        await connection.executeSql(
          `SELECT convalidated FROM pg_catalog.pg_constraint WHERE conname = $1 AND conrelid = $2::regclass`,
          [spec.constraint, spec.table],
        )
      ).rows as { convalidated: boolean }[];
      if (!row)
        throw new Error(`The constraint ${spec.constraint} of ${spec.table} is missing: migration 0026 has not run.`);
      if (row.convalidated) continue;
      await resealTable(connection, secrets, spec, 'clear');
      await connection.executeSql(`ALTER TABLE "${spec.table}" VALIDATE CONSTRAINT "${spec.constraint}"`);
    }
  };
}

/**
 * The database's check value must open with the keyring: else the server was given another key than
 * the one its data was written with, and it stops here, naming both key ids (never a key). A new
 * database gets its check value under the newest key.
 */
export async function checkKeyring(connection: MigrationConnection, secrets: SecretBox): Promise<void> {
  const [row] = (await connection.executeSql(`SELECT sealed FROM data_encryption_check WHERE id = 1`, [])).rows as {
    sealed: string;
  }[];
  if (!row) {
    await connection.executeSql(
      `INSERT INTO data_encryption_check (id, sealed) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`,
      [secrets.seal(CHECK_TEXT, CHECK_PLACE)],
    );
    return;
  }
  let opened: string | null;
  try {
    opened = secrets.open(row.sealed, CHECK_PLACE);
  } catch {
    opened = null;
  }
  if (opened !== CHECK_TEXT) {
    throw new Error(
      `The data encryption key does not match this database: its secrets were encrypted with the key ${SecretBox.kidOf(row.sealed) ?? '(unknown)'}, ` +
        `and this server has ${secrets.describe()}. Start it with the key the data was written with: DATA_ENCRYPTION_KEY ` +
        '(or, after a key change, the previous key in DATA_ENCRYPTION_KEYS_OLD until `npm run rotate-keys` has run).',
    );
  }
}

/**
 * `npm run rotate-keys`: re-encrypts every encrypted value that is not under the newest key (in
 * batches, each row updated only if it still holds what was read), then moves the check value to
 * the newest key, after which the older keys may be dropped from the configuration. Idempotent: a
 * second run finds nothing to do. Returns the rows re-encrypted per table.
 */
export async function rotateDataKeys(
  connection: MigrationConnection,
  secrets: SecretBox,
): Promise<Record<string, number>> {
  await checkKeyring(connection, secrets);
  const counts: Record<string, number> = {};
  for (const spec of ENCRYPTED_TABLES) counts[spec.table] = await resealTable(connection, secrets, spec, 'rotate');
  for (const spec of ENCRYPTED_TABLES) {
    const left = (
      await connection.executeSql(
        `SELECT count(*)::int AS n FROM "${spec.table}" WHERE ${pendingWhere(spec, 'rotate', 1)}`,
        [secrets.currentPrefix],
      )
    ).rows as { n: number }[];
    if (left[0].n > 0)
      throw new Error(
        `${left[0].n} rows of ${spec.table} changed while they were re-encrypted: run npm run rotate-keys again.`,
      );
  }
  await connection.executeSql(`UPDATE data_encryption_check SET sealed = $1, updated_at = now() WHERE id = 1`, [
    secrets.seal(CHECK_TEXT, CHECK_PLACE),
  ]);
  return counts;
}

/**
 * Rows with a value to (re-)encrypt: 'clear' any value not encrypted; 'rotate' any value not under the newest key ($n:
 * its prefix).
 */
function pendingWhere(spec: EncryptedTable, mode: 'clear' | 'rotate', n: number): string {
  return spec.columns
    .map((c) =>
      mode === 'clear'
        ? `("${c}" IS NOT NULL AND "${c}" !~ $${n})`
        : `("${c}" IS NOT NULL AND NOT starts_with("${c}", $${n}))`,
    )
    .join(' OR ');
}

/**
 * Encrypts (clear) or re-encrypts (rotate) one table's values, BATCH rows at a time in id order; returns the rows
 * changed.
 */
async function resealTable(
  connection: MigrationConnection,
  secrets: SecretBox,
  spec: EncryptedTable,
  mode: 'clear' | 'rotate',
): Promise<number> {
  const columns = spec.columns.map((c) => `"${c}"`).join(', ');
  let after: string | null = null;
  let changed = 0;
  for (;;) {
    const params: unknown[] = [mode === 'clear' ? SEALED_PATTERN : secrets.currentPrefix];
    if (after !== null) params.push(after);
    const rows = (
      await connection.executeSql(
        `SELECT id::text AS id, ${columns} FROM "${spec.table}" WHERE (${pendingWhere(spec, mode, 1)})${after === null ? '' : ` AND id > $2::${spec.idType}`} ORDER BY id LIMIT ${BATCH}`,
        params,
      )
    ).rows as Record<string, string | null>[];
    if (rows.length === 0) return changed;
    after = rows[rows.length - 1].id as string;
    const updates = rows.map((row) => {
      const place = placeOf(spec.table, row.id as string);
      const update: Record<string, string | null> = { id: row.id };
      spec.columns.forEach((c, i) => {
        const value = row[c];
        update[`o${i}`] = value;
        update[`n${i}`] =
          value === null
            ? null
            : !isSealed(value)
              ? secrets.seal(value, place)
              : mode === 'rotate'
                ? secrets.reseal(value, place)
                : value;
      });
      return update;
    });
    const types = ['id text', ...spec.columns.flatMap((_, i) => [`o${i} text`, `n${i} text`])].join(', ');
    const sets = spec.columns.map((c, i) => `"${c}" = v.n${i}`).join(', ');
    const same = spec.columns.map((c, i) => `t."${c}" IS NOT DISTINCT FROM v.o${i}`).join(' AND ');
    const done = (
      await connection.executeSql(
        `UPDATE "${spec.table}" AS t SET ${sets} FROM jsonb_to_recordset($1::jsonb) AS v(${types}) WHERE t.id = v.id::${spec.idType} AND ${same} RETURNING t.id`,
        [JSON.stringify(updates)],
      )
    ).rows;
    changed += done.length;
  }
}
