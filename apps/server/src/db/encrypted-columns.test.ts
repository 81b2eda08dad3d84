import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { generate } from 'otplib';
import { BANK_ACCOUNT_PATHS, type BankAccountRecord } from '@mbo/contracts/bank-accounts';
import { INTEGRATION_PATHS } from '@mbo/contracts/integration';
import { PAYOUT_PATHS, type PayoutRecord } from '@mbo/contracts/payouts';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { databaseError } from '../lib/db-error';
import { dataKeyFrom, isSealed, SecretBox } from '../lib/secret-box';
import { afterMigrationsFor } from '../migration-hooks';
import { call, createTestApp, loginAs, type TestApp } from '../test/harness';
import { appDatabaseUrl, databaseUrl } from '../test/pg-admin';
import { TEST_DATA_ENCRYPTION_KEY, testSecrets } from '../test/test-keys';
import { teamClient } from '../modules/team/team-test-helpers';
import { openDatabase, type Database } from './client';
import { ENCRYPTED_TABLES, placeOf, rotateDataKeys } from './encrypted-columns';
import { webhookEndpoints } from './integration-schema';
import { bankAccounts, payouts as payoutsTable } from './money-out-schema';
import { users } from './schema';
import { computed, computedOrNull, typedRows } from './typed-rows';
import type { AfterMigrations } from './migrate';

const NEW_KEY = Buffer.alloc(32, 0x21).toString('base64');
const NL_IBAN = 'NL02ABNA0123456789';
const GB_IBAN = 'GB33BUKB20201555555555';

/**
 * Encryption at rest (lib/secret-box.ts, db/encrypted-columns.ts): after the normal flows no TOTP
 * secret, webhook signing secret or full account number is in the tables in clear; a database from
 * before migration 0026 is encrypted at start; a wrong key stops the start; `npm run rotate-keys`
 * moves everything to a new key, once.
 */
describe('encrypted at rest', () => {
  let t: TestApp;
  const opened: Database[] = [];
  /** Every row of `table` as text: a secret anywhere in it shows up. */
  const rawRows = async (database: Database, table: string) =>
    (
      await typedRows(
        database.db,
        { row: computed(String) },
        sql.raw(`SELECT row_to_json(t)::text AS row FROM "${table}" t`),
      )
    )
      .map((r) => r.row)
      .join('\n');
  /** The test database's name. */
  const databaseName = async () =>
    (await typedRows(t.database.db, { name: computed(String) }, sql`SELECT current_database() AS name`))[0].name;
  /** A catalog flag (pg_constraint.convalidated): true only when the driver read a boolean true. */
  const flag = computed((value) => value === true);
  /** The encrypted columns of a table as a shape: text, null when not set. */
  const sealedColumns = (columns: readonly string[]) =>
    Object.fromEntries(columns.map((c) => [c, computedOrNull(String)]));

  /** Statements as the tables' owner (the migration role), to make a database look as it did before 0026. */
  async function asOwner(statements: string[]): Promise<void> {
    if (t.kind === 'pglite') {
      for (const s of statements) await t.database.db.execute(sql.raw(s));
      return;
    }
    const name = await databaseName();
    const client = new pg.Client({ connectionString: databaseUrl(name) });
    await client.connect();
    try {
      for (const s of statements) await client.query(s);
    } finally {
      await client.end();
    }
  }

  /**
   * The test database opened again, as a server start does (migrations, then the hooks with `secrets`,
   * then `extra`): the same database on PostgreSQL, a copy of `from` on PGlite (one in-process database).
   */
  async function restart(
    secrets: SecretBox,
    extra: AfterMigrations[] = [],
    from: Database = t.database,
  ): Promise<Database> {
    const afterMigrations = [...afterMigrationsFor(secrets), ...extra];
    let database: Database;
    if (t.kind === 'postgres') {
      const name = await databaseName();
      database = await openDatabase({
        databaseUrl: appDatabaseUrl(name),
        migrationDatabaseUrl: databaseUrl(name),
        poolSize: 2,
        secrets,
        afterMigrations,
      });
    } else {
      database = await openDatabase({ loadDataDir: await from.dump!(), secrets, afterMigrations });
    }
    opened.push(database);
    return database;
  }

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxPayoutDelayMs: 600_000, sandboxBankVerifyDelayMs: 600_000 } });
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await t?.close();
  });

  it('seeds the demo data encrypted: every value of every encrypted column, each constraint validated', async () => {
    for (const spec of ENCRYPTED_TABLES) {
      const values = (
        await typedRows(
          t.database.db,
          sealedColumns(spec.columns),
          sql.raw(`SELECT ${spec.columns.map((c) => `"${c}"`).join(', ')} FROM "${spec.table}"`),
        )
      )
        .flatMap((r) => spec.columns.map((c) => r[c]))
        .filter((v): v is string => v !== null);
      // The demo has bank accounts and payouts; its webhook endpoint only beside the sandbox receiver, and no
      // two-factor users.
      if (spec.table === 'bank_accounts' || spec.table === 'payouts')
        expect(values.length, spec.table).toBeGreaterThan(0);
      for (const v of values) expect(isSealed(v), `${spec.table}: ${v.slice(0, 12)}`).toBe(true);
      const [c] = await typedRows(
        t.database.db,
        { convalidated: flag },
        sql`SELECT convalidated FROM pg_constraint WHERE conname = ${spec.constraint}`,
      );
      expect(c.convalidated, spec.constraint).toBe(true);
    }
  });

  it('after the normal flows, no TOTP secret, signing secret or full account number is in the tables in clear', async () => {
    // Two-factor sign-in set up (the pending secret) and turned on (the active one).
    const c = teamClient(t);
    const owner = await c.login('owner@demo.test');
    const member = await c.addMember(owner, 'sealed.totp@example.com', 'VIEWER');
    const setup = await c.post(member.cookie, USERCENTER_PATHS.twoFactorSetup);
    const totpSecret = setup.body.data.secret as string;
    expect(await rawRows(t.database, 'users')).not.toContain(totpSecret);
    const enabled = await c.post(member.cookie, USERCENTER_PATHS.twoFactorEnable, {
      code: await generate({ secret: totpSecret, epoch: Math.floor(t.app.config.clock() / 1000) }),
    });
    expect(enabled.body.code, enabled.body.msg).toBe('000000');
    // A webhook endpoint, its secret viewed, then rotated (the old one kept as the previous secret).
    const endpoint = await c.post(owner, INTEGRATION_PATHS.createEndpoint, {
      url: 'http://localhost:9/hooks',
      eventTypes: ['payment.succeeded'],
    });
    expect(endpoint.body.code, endpoint.body.msg).toBe('000000');
    const endpointId = endpoint.body.data.endpointId as string;
    const first = (await c.post(owner, INTEGRATION_PATHS.endpointSecret, { endpointId })).body.data.secret as string;
    const second = (await c.post(owner, INTEGRATION_PATHS.rotateSecret, { endpointId })).body.data.secret as string;
    expect(first).toMatch(/^whsec_/);
    expect((await c.post(owner, INTEGRATION_PATHS.endpointSecret, { endpointId })).body.data.secret).toBe(second);
    // A bank account and a payout to a beneficiary.
    const finance = await loginAs(t.app, 'finance@demo.test');
    const added = await call(t.app, 'POST', BANK_ACCOUNT_PATHS.add, {
      cookie: finance,
      payload: {
        bankName: 'ABN AMRO',
        holderName: 'Demo Store BV',
        country: 'NL',
        currency: 'EUR',
        accountNumber: NL_IBAN,
      },
    });
    expect(added.body.code, added.body.msg).toBe('000000');
    expect((added.body.data as BankAccountRecord).maskedNumber).toBe('•••• 6789');
    const payouts = await loginAs(t.app, 'payouts@demo.test');
    const payout = await t.app.inject({
      method: 'POST',
      url: PAYOUT_PATHS.create,
      headers: { cookie: payouts, [IDEMPOTENCY_HEADER]: randomUUID() },
      payload: {
        beneficiaryName: 'Jane Cooper',
        country: 'GB',
        currency: 'GBP',
        amount: '12.00',
        method: 'BANK_TRANSFER',
        accountNumber: GB_IBAN,
        routingCode: '',
        bic: '',
        purpose: 'SUPPLIER',
        reference: 'SEALED-1',
      },
    });
    expect(payout.json().code, payout.json().msg).toBe('000000');
    const payoutId = (payout.json().data as PayoutRecord).payoutId;

    const tables = Object.fromEntries(
      await Promise.all(ENCRYPTED_TABLES.map(async (s) => [s.table, await rawRows(t.database, s.table)] as const)),
    );
    expect(tables.users).not.toContain(totpSecret);
    for (const secret of [first, second]) {
      expect(tables.webhook_endpoints).not.toContain(secret);
      expect(tables.webhook_endpoints).not.toContain(secret.slice('whsec_'.length));
    }
    expect(tables.bank_accounts).not.toContain(NL_IBAN.slice(4));
    expect(tables.payouts).not.toContain(GB_IBAN.slice(4));
    // Nor in the audit log, the mails or the events those flows wrote.
    for (const table of ['audit_log', 'outbox_emails', 'events', 'webhook_events']) {
      const text = await rawRows(t.database, table);
      for (const secret of [totpSecret, first, second, NL_IBAN.slice(4), GB_IBAN.slice(4)])
        expect(text, table).not.toContain(secret);
    }
    // What is stored opens to what was given, only for its own row.
    const [user] = await t.database.db
      .select({ totpSecret: users.totpSecret })
      .from(users)
      .where(eq(users.id, member.id));
    expect(t.database.secrets.open(user.totpSecret!, placeOf('users', member.id))).toBe(totpSecret);
    const [row] = await t.database.db
      .select({ accountNumber: payoutsTable.accountNumber })
      .from(payoutsTable)
      .where(eq(payoutsTable.id, payoutId));
    expect(t.database.secrets.open(row.accountNumber, placeOf('payouts', payoutId))).toBe(GB_IBAN);
    expect(() => t.database.secrets.open(row.accountNumber, placeOf('payouts', 'PYO-another'))).toThrow();
  });

  it('refuses a clear value written by hand, whatever the role', async () => {
    const refused = await t.database.db
      .execute(sql`UPDATE bank_accounts SET account_number = ${NL_IBAN} WHERE merchant_id = 'M1000001'`)
      .then(
        () => null,
        (err: unknown) => err,
      );
    const error = databaseError(refused);
    expect(error?.code).toBe('23514');
    expect(`${error?.constraint ?? ''} ${error?.message}`).toContain('bank_accounts_number_sealed');
  });

  it('encrypts at start the values of a database from before migration 0026, then validates the constraints', async () => {
    const [account] = await t.database.db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(eq(bankAccounts.merchantId, 'M1000001'))
      .orderBy(bankAccounts.id)
      .limit(1);
    const [endpoint] = await t.database.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .orderBy(webhookEndpoints.id)
      .limit(1);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'viewer@demo.test'));
    // As 0026 found it: clear values, the constraints added NOT VALID.
    await asOwner([
      'ALTER TABLE users DROP CONSTRAINT users_totp_sealed',
      'ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_secret_sealed',
      'ALTER TABLE bank_accounts DROP CONSTRAINT bank_accounts_number_sealed',
      `UPDATE bank_accounts SET account_number = 'NL91ABNA0417164300' WHERE id = '${account.id}'`,
      `UPDATE webhook_endpoints SET secret = 'whsec_Y2xlYXJjbGVhcg==', previous_secret = NULL WHERE id = '${endpoint.id}'`,
      `UPDATE users SET totp_pending_secret = 'JBSWY3DPEHPK3PXP' WHERE id = '${user.id}'`,
      `ALTER TABLE users ADD CONSTRAINT users_totp_sealed CHECK (totp_pending_secret IS NULL OR totp_pending_secret ~ '^v1\\.') NOT VALID`,
      `ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_secret_sealed CHECK (secret ~ '^v1\\.') NOT VALID`,
      `ALTER TABLE bank_accounts ADD CONSTRAINT bank_accounts_number_sealed CHECK (account_number ~ '^v1\\.') NOT VALID`,
    ]);
    const database = await restart(testSecrets());
    const secrets = database.secrets;
    const [sealedAccount] = await database.db
      .select({ accountNumber: bankAccounts.accountNumber })
      .from(bankAccounts)
      .where(eq(bankAccounts.id, account.id));
    expect(secrets.open(sealedAccount.accountNumber, placeOf('bank_accounts', account.id))).toBe('NL91ABNA0417164300');
    const [sealedEndpoint] = await database.db
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(secrets.open(sealedEndpoint.secret, placeOf('webhook_endpoints', endpoint.id))).toBe(
      'whsec_Y2xlYXJjbGVhcg==',
    );
    const [sealedUser] = await database.db
      .select({ totpPendingSecret: users.totpPendingSecret })
      .from(users)
      .where(eq(users.id, user.id));
    expect(secrets.open(sealedUser.totpPendingSecret!, placeOf('users', user.id))).toBe('JBSWY3DPEHPK3PXP');
    for (const table of ['users', 'webhook_endpoints', 'bank_accounts']) {
      const text = await rawRows(database, table);
      for (const clear of ['0417164300', 'Y2xlYXJjbGVhcg', 'JBSWY3DPEHPK3PXP'])
        expect(text, table).not.toContain(clear);
    }
    const validated = await typedRows(
      database.db,
      { conname: computed(String), convalidated: flag },
      sql`
      SELECT conname, convalidated FROM pg_constraint WHERE conname IN ('users_totp_sealed', 'webhook_endpoints_secret_sealed', 'bank_accounts_number_sealed')`,
    );
    expect(validated.every((c) => c.convalidated)).toBe(true);
  });

  it("stops the start with a clear message when the data key is not the data's", async () => {
    const wrong = Buffer.alloc(32, 0x77).toString('base64');
    await expect(createTestApp({ config: { dataEncryptionKey: wrong } })).rejects.toThrow(
      new RegExp(
        `data encryption key does not match this database: its secrets were encrypted with the key ${testSecrets().currentKid}, and this server has key ${testSecrets(wrong).currentKid}`,
      ),
    );
  });

  // Every encrypted value of the seeded database is rewritten, and checked twice: on PGlite on a loaded machine
  // that passes the 30 s default, so it has 120 s.
  it('rotate-keys re-encrypts every value with the newest key, then only that key is needed; a second run does nothing', async () => {
    const rotating = new SecretBox({
      current: dataKeyFrom(NEW_KEY),
      old: [dataKeyFrom(TEST_DATA_ENCRYPTION_KEY)],
      source: 'DATA_ENCRYPTION_KEY',
    });
    const runs: Record<string, number>[] = [];
    const rotate: AfterMigrations = async (connection) => {
      runs.push(await rotateDataKeys(connection, rotating));
    };
    const database = await restart(rotating, [rotate, rotate]);
    // (On PGlite the copy still holds the clear values of the test before: the start encrypts those with the new key at
    // once.)
    expect(runs[0].bank_accounts).toBeGreaterThan(0);
    expect(runs[0].payouts).toBeGreaterThan(0);
    expect(runs[1]).toEqual({ users: 0, webhook_endpoints: 0, bank_accounts: 0, payouts: 0 });
    for (const spec of ENCRYPTED_TABLES) {
      const rows = await typedRows(
        database.db,
        sealedColumns(spec.columns),
        sql.raw(`SELECT id::text AS id, ${spec.columns.map((c) => `"${c}"`).join(', ')} FROM "${spec.table}"`),
      );
      for (const r of rows)
        for (const c of spec.columns)
          if (r[c] !== null) expect(rotating.isCurrent(r[c]!), `${spec.table}.${c}`).toBe(true);
    }
    // The new key alone opens it now; the old one alone no longer does.
    const only = new SecretBox({ current: dataKeyFrom(NEW_KEY), old: [], source: 'DATA_ENCRYPTION_KEY' });
    await expect(restart(only, [], database)).resolves.toBeDefined();
    await expect(restart(testSecrets(), [], database)).rejects.toThrow(
      /data encryption key does not match this database/,
    );
  }, 120_000);
});
