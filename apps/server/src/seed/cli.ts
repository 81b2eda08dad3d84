import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { secretBoxFor } from '../db/data-keyring';
import { afterMigrationsFor } from '../migration-hooks';
import { seedIfEmpty } from './demo';
import { generatePayments } from './generate-payments';

/**
 * `npm run seed -- [--payments N] [--merchant M1000001]`: creates the demo data in the configured
 * database (PGlite in DATA_DIR or DATABASE_URL) when it is empty, then adds N generated payments
 * (with refunds, ledger postings, clearing batches and the settlements the settlement cycle makes of
 * them up to now) to the merchant, Demo Store by default. With DATABASE_URL it
 * needs SEED_DEMO=true, as the server does; never with NODE_ENV=production.
 */
const { values } = parseArgs({
  options: { payments: { type: 'string', default: '0' }, merchant: { type: 'string', default: 'M1000001' } },
  allowPositionals: false,
});
const payments = Number(values.payments);
if (!Number.isInteger(payments) || payments < 0) {
  console.error('--payments must be a whole number of 0 or more');
  process.exit(2);
}

const config = loadConfig();
// The demo users' password is published: like the server, only on the embedded database or with SEED_DEMO=true, never
// in production.
if (!config.seedDemo || config.production) {
  console.error(
    config.production
      ? 'Refusing to create demo data with NODE_ENV=production (its users have a published password).'
      : 'Demo data is created in a DATABASE_URL database only with SEED_DEMO=true (its users have a published password).',
  );
  process.exit(2);
}
const secrets = secretBoxFor(config);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  migrationDatabaseUrl: config.migrationDatabaseUrl,
  dataDir: config.dataDir,
  secrets,
  afterMigrations: afterMigrationsFor(secrets),
});
const created = await seedIfEmpty(database.db, { secrets });
console.log(
  created
    ? 'Demo merchants, users, roles, payments and disputes created.'
    : 'The database already has data; demo data left as it is.',
);
if (payments > 0) {
  let last = 0;
  const result = await generatePayments(database.db, {
    merchantId: values.merchant,
    count: payments,
    onProgress(done, total) {
      if (done === total || performance.now() - last > 2000) {
        last = performance.now();
        console.log(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} payments`);
      }
    },
  });
  console.log(
    `Added ${result.payments.toLocaleString('en-US')} payments to ${values.merchant} (${result.succeeded.toLocaleString('en-US')} successful, ` +
      `${result.refunds.toLocaleString('en-US')} refunds, ${result.settlements.toLocaleString('en-US')} settlements, ${result.ledgerTransactions.toLocaleString('en-US')} ledger transactions) in ${(result.ms / 1000).toFixed(1)} s.`,
  );
}
await database.close();
