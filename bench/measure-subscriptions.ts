/**
 * The subscription rows of `npm run bench` (issue 12):
 * - the agreements list at 200,000 agreements of Demo Store (bench-only rows written by SQL in one
 *   statement, every status, currency, country and method mixed over two years; list rows only, no
 *   payments or ledger; a kept database keeps them), with the list's filters and sorts;
 * - the charge job (chargeDueAgreements, as its cron runs it) over 10,000 ACTIVE agreements due now,
 *   each charged as a real payment: priced by the merchant's card service, captured in the ledger and
 *   in its clearing batch.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TEST_CARDS } from '@mbo/contracts/payment-links';
import { AGREEMENT_PATHS, type ListAgreementsRequest } from '@mbo/contracts/subscriptions';
import { rowsOf, type Db } from '../apps/server/src/db/client';
import { chargeDueAgreements } from '../apps/server/src/modules/subscriptions/charge-agreements';
import { envelope, time, type Timing } from './measure';

const DAY = 86_400_000;
/** The list's bench rows: ids AGRL…, so a kept database counts them apart from the demo's and the charge job's. */
const LIST_PREFIX = 'AGRL';

const FIRST = [
  'Anna',
  'Lukas',
  'Sofia',
  'James',
  'Emma',
  'Noah',
  'Olivia',
  'Liam',
  'Mia',
  'Lucas',
  'Chloe',
  'Daan',
  'Marta',
  'Yuki',
  'Wei',
  'Aisha',
  'Mateo',
  'Freya',
  'Hugo',
  'Zoe',
];
const LAST = [
  'de Vries',
  'Becker',
  'Rossi',
  'Carter',
  'Laurent',
  'Smith',
  'Garcia',
  'Tanaka',
  'Kowalska',
  'Tan',
  'Jansen',
  'Mueller',
  'Martin',
  'Brown',
  'Nielsen',
  'Silva',
  'Kim',
  'Novak',
  'Evans',
  'Dubois',
];
const arr = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`);

/** Agreements of the merchant up to `target` bench rows (a kept database keeps them); returns how many there are. */
export async function ensureAgreements(db: Db, merchantId: string, target: number): Promise<number> {
  const count = async () =>
    rowsOf<{ n: number }>(
      await db.execute(sql`
    SELECT count(*)::int AS n FROM agreements WHERE merchant_id = ${merchantId} AND id LIKE ${`${LIST_PREFIX}%`}`),
    )[0].n;
  const missing = target - (await count());
  if (missing > 0) {
    // Per row g: a status (60 % ACTIVE, 5 % PAST_DUE, 25 % CANCELLED, 10 % EXPIRED), created over two years,
    // a plan (monthly, quarterly, weekly, yearly; an EXPIRED one had 12 cycles, all charged), the next charge
    // in the coming 60 days for ACTIVE and PAST_DUE, none once final (agreements_final).
    await db.execute(sql`
      INSERT INTO agreements (id, merchant_id, customer_name, customer_email, pay_method_type, pay_method_name, card_bin, card_last4, country,
                              amount, currency, plan_interval, plan_interval_count, plan_cycles, time_zone, status, start_at, cycles_charged,
                              period_start, period_end, next_charge_at, failed_attempts, cancel_at_period_end, cancelled_at, end_reason,
                              total_collected, created_at, updated_at)
      SELECT ${LIST_PREFIX} || lpad(g::text, 9, '0') || substr(md5(g::text || clock_timestamp()::text), 1, 6), ${merchantId},
             f || ' ' || l, lower(replace(f || '.' || l, ' ', '')) || g || '@example.com',
             CASE WHEN m = 'PAYPAL' THEN 'EWALLET' ELSE 'CARD' END, m,
             CASE WHEN m = 'PAYPAL' THEN NULL ELSE '424242' END, CASE WHEN m = 'PAYPAL' THEN NULL ELSE lpad((g % 10000)::text, 4, '0') END,
             (ARRAY['NL','DE','FR','GB','US','BE','ES','IT','SG','AU'])[1 + (g / 7) % 10],
             500 + (g::bigint * 7919) % 20000, (ARRAY['EUR','EUR','EUR','USD','USD','GBP','SGD'])[1 + (g / 3) % 7],
             iv, CASE WHEN iv = 'MONTH' AND g % 9 = 0 THEN 3 ELSE 1 END, CASE WHEN st = 'EXPIRED' THEN 12 END, 'Europe/Amsterdam', st, created, cc,
             created, created + interval '30 days',
             CASE WHEN st IN ('ACTIVE', 'PAST_DUE') THEN now() + make_interval(secs => 60 + (g * 2593) % (60 * 86400)) END,
             CASE WHEN st = 'PAST_DUE' THEN 1 + g % 3 ELSE 0 END, st = 'ACTIVE' AND g % 50 = 0,
             CASE WHEN st = 'CANCELLED' THEN created + interval '40 days' END,
             CASE WHEN st = 'CANCELLED' THEN 'Cancelled by bench@demo.test' WHEN st = 'EXPIRED' THEN 'All 12 cycles charged' END,
             (500 + (g::bigint * 7919) % 20000) * cc, created, created
        FROM (SELECT g, (${arr(FIRST)})[1 + g % ${FIRST.length}] AS f, (${arr(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] AS l,
                     (ARRAY['VISA','VISA','VISA','MASTERCARD','MASTERCARD','AMEX','PAYPAL'])[1 + (g / 11) % 7] AS m,
                     (ARRAY['MONTH','MONTH','MONTH','MONTH','WEEK','YEAR'])[1 + (g / 5) % 6] AS iv,
                     (ARRAY['ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE',
                            'PAST_DUE','CANCELLED','CANCELLED','CANCELLED','CANCELLED','CANCELLED','EXPIRED','EXPIRED'])[1 + g % 20] AS st,
                     now() - make_interval(secs => 3600 + g * (2 * 365 * 86400.0 / ${target}::float8)) AS created
                FROM generate_series(${target - missing + 1}::int, ${target}::int) AS g) s
       CROSS JOIN LATERAL (SELECT CASE WHEN s.st = 'EXPIRED' THEN 12 ELSE 1 + s.g % 24 END AS cc) c`);
  }
  await db.execute(sql`VACUUM ANALYZE agreements`);
  return count();
}

/**
 * The list calls a merchant makes: as it opens, a status, a country, a method, a month, the next week's
 * charges soonest first, an exact customer email, the start of a name, a deep page.
 */
async function agreementQueries(db: Db, merchantId: string, now: number): Promise<ListAgreementsRequest[]> {
  const [one] = rowsOf<{ customer_email: string }>(
    await db.execute(sql`
    SELECT customer_email FROM agreements WHERE merchant_id = ${merchantId} AND id LIKE ${`${LIST_PREFIX}%`} ORDER BY id OFFSET 1234 LIMIT 1`),
  );
  return [
    { pageNum: 1, pageSize: 20 },
    { pageNum: 1, pageSize: 20, status: ['PAST_DUE'] },
    { pageNum: 1, pageSize: 20, country: 'SG' },
    { pageNum: 1, pageSize: 20, payMethodName: 'AMEX' },
    {
      pageNum: 1,
      pageSize: 20,
      createdFrom: new Date(now - 30 * DAY).toISOString(),
      createdTo: new Date(now).toISOString(),
    },
    {
      pageNum: 1,
      pageSize: 20,
      nextChargeFrom: new Date(now).toISOString(),
      nextChargeTo: new Date(now + 7 * DAY).toISOString(),
      sort: 'nextChargeAt:asc',
    },
    { pageNum: 1, pageSize: 20, keyword: one.customer_email },
    { pageNum: 1, pageSize: 20, keyword: 'sofia ko' },
    { pageNum: 40, pageSize: 50 },
  ];
}

export async function measureAgreementList(
  app: FastifyInstance,
  db: Db,
  cookie: string,
  merchantId: string,
  runs: number,
  now: number,
): Promise<Timing> {
  const queries = await agreementQueries(db, merchantId, now);
  return time(runs, async (i) => {
    envelope(
      await app.inject({
        method: 'POST',
        url: AGREEMENT_PATHS.list,
        headers: { cookie },
        payload: queries[i % queries.length],
      }),
      'agreement list',
    );
  });
}

export interface ChargeJobFigures {
  agreements: number;
  charged: number;
  declined: number;
  seconds: number;
}

/**
 * Inserts `count` ACTIVE monthly agreements of the merchant in EUR with the succeeding test card (its
 * Visa EUR service prices them), each due a minute ago, then runs the charge job as its cron does
 * (chargeDueAgreements with its default concurrency) and times it. Anything else due (none in a fresh
 * database) is charged too and counted apart.
 */
export async function measureChargeJob(db: Db, merchantId: string, count: number): Promise<ChargeJobFigures> {
  const card = TEST_CARDS.SUCCESS;
  const stamp = Date.now().toString(36).toUpperCase();
  await db.execute(sql`
    INSERT INTO agreements (id, merchant_id, customer_name, customer_email, pay_method_type, pay_method_name, card_bin, card_last4, country,
                            amount, currency, plan_interval, plan_interval_count, time_zone, status, start_at, cycles_charged, period_start,
                            period_end, next_charge_at, total_collected, created_at, updated_at)
    SELECT 'AGRJ' || ${stamp} || lpad(g::text, 6, '0'), ${merchantId}, 'Charge Bench ' || g, 'charge.bench' || g || '@example.com', 'CARD', 'VISA',
           ${card.slice(0, 6)}, ${card.slice(-4)}, 'SG', 990 + g % 1000, 'EUR', 'MONTH', 1, 'Asia/Singapore', 'ACTIVE', start, 1, start, due, due, 990 + g % 1000, start, start
      FROM (SELECT g, now() - interval '1 minute' AS due, (now() - interval '1 minute') - interval '1 month' AS start FROM generate_series(1, ${count}::int) AS g) s`);
  await db.execute(sql`VACUUM ANALYZE agreements`);
  const [{ n: due }] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM agreements WHERE status IN ('ACTIVE', 'PAST_DUE') AND next_charge_at <= now()`,
    ),
  );
  const started = performance.now();
  const result = await chargeDueAgreements(db, { now: new Date() });
  const seconds = (performance.now() - started) / 1000;
  const [{ n: charged }] = rowsOf<{ n: number }>(
    await db.execute(sql`
    SELECT count(*)::int AS n FROM payments WHERE agreement_id LIKE ${`AGRJ${stamp}%`} AND status = 'SUCCESS' AND batch_id IS NOT NULL`),
  );
  if (result.charged + result.declined + result.cancelled + result.expired !== due)
    throw new Error(`charge job: ${due} due, ${JSON.stringify(result)}`);
  return { agreements: count, charged, declined: result.declined, seconds };
}
