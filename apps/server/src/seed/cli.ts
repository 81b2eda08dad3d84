import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedIfEmpty } from './demo';

/**
 * `npm run seed -- [--payments N]`: creates the demo data in the configured database (PGlite in
 * DATA_DIR or DATABASE_URL) when it is empty. Generators of later modules register here; the
 * transactions module adds payments (`--payments N`).
 */
const { values } = parseArgs({
  options: { payments: { type: 'string', default: '0' } },
  allowPositionals: false,
});
const payments = Number(values.payments);
if (!Number.isInteger(payments) || payments < 0) {
  console.error('--payments must be a whole number of 0 or more');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const created = await seedIfEmpty(database.db);
console.log(created ? 'Demo merchants, users, roles and disputes created.' : 'The database already has data; demo data left as it is.');
if (payments > 0) console.log(`--payments ${payments}: no payment generator is registered yet (the transactions module adds it).`);
await database.close();
