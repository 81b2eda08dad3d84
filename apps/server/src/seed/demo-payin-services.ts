import { and, eq, inArray, sql } from 'drizzle-orm';
import { parseAmount } from '@mbo/contracts/money';
import type { Db } from '../db/client';
import { payinServices } from '../db/payments-schema';
import { merchants } from '../db/schema';
import { newId } from '../lib/ids';
import { PAY_METHODS } from '../modules/configs';

const DAY = 24 * 60 * 60 * 1000;
const CUTOFF = '18:00';

/**
 * Where a currency settles: the country of its settlement calendar (and the service's country when the method is
 * offered there).
 */
export const SETTLEMENT_COUNTRY: Readonly<Record<string, string>> = {
  EUR: 'DE',
  USD: 'US',
  GBP: 'GB',
  SGD: 'SG',
  JPY: 'JP',
  IDR: 'ID',
  PHP: 'PH',
};

/** Major-unit text per currency ("0.30", "40"); money.ts parseAmount makes it minor units of that currency. */
type PerCurrency = Readonly<Record<string, string>>;

interface Tariff {
  percentBps: number;
  fixed?: PerCurrency;
  minimum?: PerCurrency;
  minAmount?: PerCurrency;
  maxAmount?: PerCurrency;
  cycleDays: number;
}

/** About 0.30 USD in each currency's own units (0.30 would be 0 yen). */
const CARD_FIXED: PerCurrency = {
  USD: '0.30',
  EUR: '0.30',
  GBP: '0.30',
  SGD: '0.50',
  PHP: '15',
  JPY: '40',
  IDR: '3000',
};
const WALLET_MINIMUM: PerCurrency = {
  USD: '0.50',
  EUR: '0.50',
  GBP: '0.40',
  SGD: '0.70',
  PHP: '25',
  JPY: '80',
  IDR: '5000',
};

/** The provider's price list by method (then by method type): realistic, and varied on purpose. */
const BY_METHOD: Readonly<Record<string, Tariff>> = {
  AMEX: { percentBps: 350, fixed: CARD_FIXED, cycleDays: 3 },
  JCB: { percentBps: 325, fixed: CARD_FIXED, cycleDays: 3 },
  PAYPAL: {
    percentBps: 220,
    minimum: WALLET_MINIMUM,
    maxAmount: { USD: '10000', EUR: '10000', GBP: '8000' },
    cycleDays: 1,
  },
  GCASH: { percentBps: 220, minimum: WALLET_MINIMUM, maxAmount: { PHP: '100000' }, cycleDays: 1 },
  OVO: { percentBps: 150, minimum: WALLET_MINIMUM, maxAmount: { IDR: '20000000' }, cycleDays: 1 },
  GRABPAY: { percentBps: 220, minimum: WALLET_MINIMUM, maxAmount: { SGD: '5000', PHP: '100000' }, cycleDays: 1 },
  SEPA: {
    percentBps: 80,
    minimum: { EUR: '0.35' },
    minAmount: { EUR: '1.00' },
    maxAmount: { EUR: '50000' },
    cycleDays: 2,
  },
  IDEAL: { percentBps: 80, minimum: { EUR: '0.29' }, maxAmount: { EUR: '50000' }, cycleDays: 1 },
  VA_BCA: {
    percentBps: 80,
    minimum: { IDR: '4000' },
    minAmount: { IDR: '10000' },
    maxAmount: { IDR: '500000000' },
    cycleDays: 1,
  },
  PAYNOW: { percentBps: 100, minimum: { SGD: '0.20' }, maxAmount: { SGD: '200000' }, cycleDays: 1 },
  QRIS: { percentBps: 70, maxAmount: { IDR: '10000000' }, cycleDays: 1 },
};
const CARD: Tariff = { percentBps: 290, fixed: CARD_FIXED, cycleDays: 2 };

/** Negotiated rates of one merchant: `method|currency` → tariff. */
const MERCHANT_RATES: Readonly<Record<string, Readonly<Record<string, Tariff>>>> = {
  // Demo Store Europe: domestic EEA cards at interchange++ rates.
  M1000002: {
    'VISA|EUR': { percentBps: 180, fixed: { EUR: '0.25' }, cycleDays: 1 },
    'MASTERCARD|EUR': { percentBps: 180, fixed: { EUR: '0.25' }, cycleDays: 1 },
  },
};

/** The one suspended service of the demo data: `merchant|method|currency`. */
const SUSPENDED = 'M1000001|GRABPAY|PHP';

function minor(table: PerCurrency | undefined, currency: string): number | null {
  const text = table?.[currency];
  if (text === undefined) return null;
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw new Error(`Demo tariff ${text} ${currency}: ${parsed.error}`);
  return parsed.minor;
}

type ServiceInsert = typeof payinServices.$inferInsert;

/**
 * A merchant's demo services: every method of the catalogue in each of its currencies, in the
 * currency's own country when the method is offered there (else the method's first country),
 * settling on that country's calendar, cut-off 18:00 in the merchant's zone.
 */
export function demoPayinServices(merchant: { id: string; timeZone: string }, now: Date = new Date()): ServiceInsert[] {
  const rows: ServiceInsert[] = [];
  for (const method of PAY_METHODS) {
    for (const currency of method.currencies) {
      const tariff =
        MERCHANT_RATES[merchant.id]?.[`${method.payMethodName}|${currency}`] ?? BY_METHOD[method.payMethodName] ?? CARD;
      const settlementCountry = SETTLEMENT_COUNTRY[currency];
      if (!settlementCountry) throw new Error(`Demo services: no settlement country for ${currency}`);
      // Signed over the months before today, a few days apart.
      const createdAt = new Date(now.getTime() - (200 - rows.length * 3) * DAY);
      rows.push({
        id: newId('PIS', createdAt.getTime()),
        merchantId: merchant.id,
        country: method.countries.includes(settlementCountry) ? settlementCountry : method.countries[0],
        payMethodType: method.payMethodType,
        payMethodName: method.payMethodName,
        currency,
        feePercentBps: tariff.percentBps,
        feeFixedMinor: minor(tariff.fixed, currency) ?? 0,
        feeMinimumMinor: minor(tariff.minimum, currency),
        minAmount: minor(tariff.minAmount, currency),
        maxAmount: minor(tariff.maxAmount, currency),
        settlementCycleDays: tariff.cycleDays,
        cutoffTime: CUTOFF,
        timeZone: merchant.timeZone,
        settlementCountry,
        status: SUSPENDED === `${merchant.id}|${method.payMethodName}|${currency}` ? 'SUSPENDED' : 'ACTIVE',
        createdAt,
      });
    }
  }
  return rows;
}

/**
 * Gives each of these direct-payment merchants its demo services when it has none yet (a new seed,
 * or a demo database made before pay-in services); returns how many services it wrote. Idempotent.
 */
export async function seedDemoPayinServices(
  db: Db,
  merchantIds: readonly string[],
  now: Date = new Date(),
): Promise<number> {
  if (!merchantIds.length) return 0;
  return db.transaction(async (tx) => {
    const bare = await tx
      .select({ id: merchants.id, timeZone: merchants.timeZone })
      .from(merchants)
      .where(
        and(
          inArray(merchants.id, [...merchantIds]),
          eq(merchants.signProduct, 'DIRECT_PAYMENT'),
          sql`NOT EXISTS (SELECT 1 FROM ${payinServices} WHERE ${payinServices.merchantId} = ${merchants.id})`,
        ),
      )
      .orderBy(merchants.id);
    const rows = bare.flatMap((m) => demoPayinServices(m, now));
    if (rows.length) await tx.insert(payinServices).values(rows).onConflictDoNothing();
    return rows.length;
  });
}
