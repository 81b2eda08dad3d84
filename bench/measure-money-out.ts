/**
 * The money-out rows of `npm run bench` (issue 11), for the payout merchant (Demo Payouts Ltd):
 * - the withdrawal and payout history lists at `rows` rows each (bench-only history written by SQL
 *   in one statement per table: list rows only, no ledger; a kept database keeps them);
 * - validating a 10,000-row batch file (the multipart route: parse, every cell checked), with the
 *   process's peak RSS growth;
 * - submitting it (every row checked again, the totals held, 10,000 rows written, in one transaction).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PAYOUT_ROW_FIELDS, type PayoutRowInput } from '@mbo/contracts/payout-rows';
import { PAYOUT_PATHS, type ListPayoutsRequest } from '@mbo/contracts/payouts';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import { WITHDRAWAL_PATHS, type ListWithdrawalsRequest } from '@mbo/contracts/withdrawals';
import { rowsOf, type Db } from '../apps/server/src/db/client';
import type { SecretBox } from '../apps/server/src/lib/secret-box';
import { postTransaction } from '../apps/server/src/modules/ledger/post-transaction';
import { topUpPostings } from '../apps/server/src/modules/ledger/postings';
import { multipart } from '../apps/server/src/test/multipart';
import { envelope, rssGrowth, time, type Timing } from './measure';

export const PAYOUT_MERCHANT = 'M2000001';
const DAY = 86_400_000;

/** Withdrawals and payouts of the merchant up to `target` rows each (spread over two years, statuses mixed). */
export async function ensureMoneyOutHistory(
  db: Db,
  secrets: SecretBox,
  merchantId: string,
  target: number,
): Promise<{ withdrawals: number; payouts: number }> {
  const count = async (table: 'withdrawals' | 'payouts') =>
    rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE merchant_id = ${merchantId}`),
    )[0].n;
  const [account] = rowsOf<{ id: string }>(
    await db.execute(
      sql`SELECT id FROM bank_accounts WHERE merchant_id = ${merchantId} AND status = 'VERIFIED' LIMIT 1`,
    ),
  );
  const [service] = rowsOf<{ id: string }>(
    await db.execute(
      sql`SELECT id FROM payout_services WHERE merchant_id = ${merchantId} AND status = 'ACTIVE' LIMIT 1`,
    ),
  );
  const missingW = target - (await count('withdrawals'));
  if (missingW > 0) {
    await db.execute(sql`
      INSERT INTO withdrawals (id, merchant_id, bank_account_id, currency, amount, fee, net_amount, status, bank_reference, created_by, created_at, updated_at, finished_at)
      SELECT 'WDRB' || lpad(g::text, 12, '0') || substr(md5(random()::text), 1, 4), ${merchantId}, ${account.id}, (ARRAY['GBP','EUR','USD'])[1 + g % 3],
             1000 + (g::bigint * 7919) % 5000000, 50, 950 + (g::bigint * 7919) % 5000000,
             (ARRAY['SUCCESS','SUCCESS','SUCCESS','FAILED','CANCELLED'])[1 + g % 5], 'SBXB' || g, 'bench@demo.test',
             now() - make_interval(secs => (g * 63.0)), now() - make_interval(secs => (g * 63.0)), now() - make_interval(secs => (g * 63.0))
        FROM generate_series(1, ${missingW}) AS g`);
  }
  const missingP = target - (await count('payouts'));
  if (missingP > 0) {
    // The rows' ids are made in SQL: one real ciphertext of the number, bound to no row of its own, stands for
    // every row's (the lists read last4 only; nothing opens these numbers, and key rotation is not run on a bench
    // database).
    const number = secrets.seal('GB29NWBK60161331926819', { table: 'payouts', rowId: 'bench-history' });
    await db.execute(sql`
      INSERT INTO payouts (id, merchant_id, service_id, beneficiary_name, country, method, account_number, last4, currency, amount, fee, purpose, reference, status,
                           bank_reference, created_by, created_at, updated_at, finished_at)
      SELECT 'PYOB' || lpad(g::text, 12, '0') || substr(md5(random()::text), 1, 4), ${merchantId}, ${service.id}, 'Beneficiary ' || g, 'GB', 'BANK_TRANSFER',
             ${number}, '6819', (ARRAY['GBP','EUR','USD'])[1 + g % 3], 100 + (g::bigint * 104729) % 2000000, 20, 'SUPPLIER', 'REF-' || g,
             (ARRAY['SUCCESS','SUCCESS','SUCCESS','SUCCESS','FAILED'])[1 + g % 5], 'SBXP' || g, 'bench@demo.test',
             now() - make_interval(secs => (g * 63.0)), now() - make_interval(secs => (g * 63.0)), now() - make_interval(secs => (g * 63.0))
        FROM generate_series(1, ${missingP}) AS g`);
  }
  await db.execute(sql`VACUUM ANALYZE withdrawals`);
  await db.execute(sql`VACUUM ANALYZE payouts`);
  return { withdrawals: await count('withdrawals'), payouts: await count('payouts') };
}

/**
 * The history calls a merchant makes: first page, a status, a currency, a month, an amount range, a keyword, a deep
 * page.
 */
function historyQueries<T extends ListWithdrawalsRequest | ListPayoutsRequest>(now: number, keyword: string): T[] {
  const month = { createdFrom: new Date(now - 30 * DAY).toISOString(), createdTo: new Date(now).toISOString() };
  return [
    { pageNum: 1, pageSize: 20 },
    { pageNum: 1, pageSize: 20, status: ['FAILED'] },
    { pageNum: 1, pageSize: 20, currency: 'EUR' },
    { pageNum: 1, pageSize: 20, ...month },
    { pageNum: 1, pageSize: 20, status: ['SUCCESS'], ...month },
    { pageNum: 1, pageSize: 20, currency: 'GBP', amountMin: 10_000, amountMax: 50_000 },
    { pageNum: 1, pageSize: 20, keyword },
    { pageNum: 10, pageSize: 50 },
  ] as T[];
}

export async function measureWithdrawalHistory(
  app: FastifyInstance,
  cookie: string,
  runs: number,
  now: number,
): Promise<Timing> {
  const queries = historyQueries<ListWithdrawalsRequest>(now, 'SBXB500');
  return time(runs, async (i) => {
    envelope(
      await app.inject({
        method: 'POST',
        url: WITHDRAWAL_PATHS.list,
        headers: { cookie },
        payload: queries[i % queries.length],
      }),
      'withdrawal history',
    );
  });
}

export async function measurePayoutHistory(
  app: FastifyInstance,
  cookie: string,
  runs: number,
  now: number,
): Promise<Timing> {
  const queries = historyQueries<ListPayoutsRequest>(now, 'SBXP500');
  return time(runs, async (i) => {
    envelope(
      await app.inject({
        method: 'POST',
        url: PAYOUT_PATHS.list,
        headers: { cookie },
        payload: queries[i % queries.length],
      }),
      'payout history',
    );
  });
}

export interface BatchFigures {
  rows: number;
  validateS: number;
  validateGrowthMb: number;
  submitS: number;
}

/** A valid GB IBAN whose account number is `n` (8 digits). */
function gbIban(n: number): string {
  const bban = `NWBK601613${String(n).padStart(8, '0')}`;
  let rest = 0;
  for (const digit of `${bban}GB00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55)))
    rest = (rest * 10 + Number(digit)) % 97;
  return `GB${String(98 - rest).padStart(2, '0')}${bban}`;
}

/**
 * Validates then submits a 10,000-row CSV (GBP, each row its own account and reference); funds the merchant for it
 * first.
 */
export async function measureBatchFile(
  app: FastifyInstance,
  db: Db,
  cookie: string,
  merchantId: string,
  rows = 10_000,
): Promise<BatchFigures> {
  const stamp = Date.now();
  const data: PayoutRowInput[] = Array.from({ length: rows }, (_, i) => ({
    beneficiaryName: `Bench beneficiary ${i}`,
    country: 'GB',
    currency: 'GBP',
    amount: `${10 + (i % 90)}.${String(i % 100).padStart(2, '0')}`,
    method: 'BANK_TRANSFER',
    accountNumber: gbIban(10_000_000 + i),
    routingCode: '',
    bic: '',
    purpose: 'SUPPLIER',
    reference: `B${stamp}-${i}`,
  }));
  const csv = Buffer.from(
    `${PAYOUT_ROW_FIELDS.join(',')}\n${data.map((r) => PAYOUT_ROW_FIELDS.map((f) => r[f]).join(',')).join('\n')}\n`,
  );
  await postTransaction(db, {
    merchantId,
    currency: 'GBP',
    kind: 'TOP_UP',
    referenceType: 'TOP_UP',
    referenceId: `BENCH-${stamp}`,
    postings: topUpPostings(merchantId, 200_000_000),
  });
  // No approval in the way of the measure.
  await db.execute(sql`UPDATE merchants SET approval_thresholds = '{}'::jsonb WHERE id = ${merchantId}`);
  const form = multipart([], { name: 'bench.csv', type: 'text/csv', bytes: csv });
  let validated: { rows: PayoutRowInput[]; errors: unknown[] } = { rows: [], errors: [] };
  const started = performance.now();
  const { growthMb } = await rssGrowth(async () => {
    validated = envelope(
      await app.inject({
        method: 'POST',
        url: PAYOUT_PATHS.validate,
        headers: { cookie, ...form.headers },
        payload: form.payload,
      }),
      'batch validate',
    ) as typeof validated;
  });
  const validateS = (performance.now() - started) / 1000;
  if (validated.errors.length) throw new Error(`bench batch: ${validated.errors.length} rows with errors`);
  const submitStarted = performance.now();
  envelope(
    await app.inject({
      method: 'POST',
      url: PAYOUT_PATHS.submit,
      headers: { cookie, [IDEMPOTENCY_HEADER]: `bench-${stamp}` },
      payload: { fileName: 'bench.csv', rows: validated.rows },
    }),
    'batch submit',
  );
  return { rows, validateS, validateGrowthMb: growthMb, submitS: (performance.now() - submitStarted) / 1000 };
}
