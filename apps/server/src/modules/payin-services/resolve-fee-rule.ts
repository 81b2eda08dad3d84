import { and, asc, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { formatAmount } from '@mbo/contracts/money';
import type { DbOrTx } from '../../db/client';
import { payinServices } from '../../db/payments-schema';
import { AppError } from '../../lib/app-error';
import type { FeeRule } from '@mbo/contracts/fee-rule';
import type { FeePricing } from './fee-pricing';

type ServiceRow = typeof payinServices.$inferSelect;

/** What a capture needs from the merchant's pay-in service: its fee rule, its limits and its settlement terms. */
export interface ResolvedPayinService {
  serviceId: string;
  rule: FeeRule;
  /** Per-payment limits in minor units of the currency; null: no limit. */
  limits: { minAmount: number | null; maxAmount: number | null };
  country: string;
  settlementCycleDays: number;
  cutoffTime: string;
  timeZone: string;
  settlementCountry: string;
}

export interface FeeRuleQuery {
  payMethodName: string;
  currency: string;
  /** Only a service of this country; absent: any country (the first by country code). */
  country?: string;
}

/** A stored service's fee parts as the rule computeFee takes (no minimum: undefined). */
export function feeRuleOf(row: Pick<ServiceRow, 'feePercentBps' | 'feeFixedMinor' | 'feeMinimumMinor'>): FeeRule {
  return {
    percentBps: row.feePercentBps,
    fixedMinor: row.feeFixedMinor,
    ...(row.feeMinimumMinor === null ? {} : { minimumMinor: row.feeMinimumMinor }),
  };
}

export function toResolvedService(row: ServiceRow): ResolvedPayinService {
  return {
    serviceId: row.id,
    rule: feeRuleOf(row),
    limits: { minAmount: row.minAmount, maxAmount: row.maxAmount },
    country: row.country,
    settlementCycleDays: row.settlementCycleDays,
    cutoffTime: row.cutoffTime,
    timeZone: row.timeZone,
    settlementCountry: row.settlementCountry,
  };
}

/**
 * The merchant's ACTIVE pay-in service for a method and currency (and country, when given), or null.
 * Scoped to the merchant in the query itself; served by payin_services_merchant_method_uq.
 */
export async function resolveFeeRule(
  tx: DbOrTx,
  merchantId: string,
  query: FeeRuleQuery,
): Promise<ResolvedPayinService | null> {
  const [row] = await tx
    .select()
    .from(payinServices)
    .where(
      and(
        eq(payinServices.merchantId, merchantId),
        eq(payinServices.payMethodName, query.payMethodName),
        eq(payinServices.currency, query.currency),
        eq(payinServices.status, 'ACTIVE'),
        query.country === undefined ? undefined : eq(payinServices.country, query.country.toUpperCase()),
      ),
    )
    .orderBy(asc(payinServices.country), asc(payinServices.id))
    .limit(1);
  return row ? toResolvedService(row) : null;
}

/**
 * The hosted checkout takes cards: a payment link can be paid only when the merchant holds an ACTIVE
 * card service in the link's currency whose limits admit the amount. Throws NoCardServiceError.
 */
export async function assertCardServiceFor(
  tx: DbOrTx,
  merchantId: string,
  currency: string,
  amount: number,
): Promise<void> {
  const rows = await tx
    .select({ minAmount: payinServices.minAmount, maxAmount: payinServices.maxAmount })
    .from(payinServices)
    .where(
      and(
        eq(payinServices.merchantId, merchantId),
        eq(payinServices.payMethodType, 'CARD'),
        eq(payinServices.currency, currency),
        eq(payinServices.status, 'ACTIVE'),
      ),
    );
  if (!rows.some((limits) => withinLimits(limits, amount)))
    throw new NoCardServiceError(currency, amount, rows.length > 0);
}

/** No ACTIVE card service takes a link's currency (or its amount): 003001B033, saying which. */
export class NoCardServiceError extends AppError {
  constructor(currency: string, amount: number, serviceExists: boolean) {
    super(ERROR_CODES.AGREEMENT_NOT_FOUND, {
      msg: serviceExists
        ? `No active card pay-in service takes ${formatAmount(amount, currency)} ${currency}: the amount is outside its limits (Services → Pay-in services).`
        : `No active card pay-in service takes ${currency}, so a customer could not pay this link (Services → Pay-in services).`,
      data: { currency, amount },
    });
  }
}

/** The key of servicesByMethod's map. */
export const methodKey = (payMethodName: string, currency: string) => `${payMethodName}|${currency}`;

/**
 * Every service of the merchant by method and currency (methodKey), an ACTIVE one before a suspended
 * one, then by country: one query for pricing many payments at once (the data generator prices a
 * history, when today's suspended services were still taking payments).
 */
export async function servicesByMethod(db: DbOrTx, merchantId: string): Promise<Map<string, ResolvedPayinService>> {
  const rows = await db
    .select()
    .from(payinServices)
    .where(eq(payinServices.merchantId, merchantId))
    .orderBy(
      asc(payinServices.payMethodName),
      asc(payinServices.currency),
      asc(payinServices.status),
      asc(payinServices.country),
      asc(payinServices.id),
    );
  const map = new Map<string, ResolvedPayinService>();
  for (const row of rows) {
    const key = methodKey(row.payMethodName, row.currency);
    if (!map.has(key)) map.set(key, toResolvedService(row));
  }
  return map;
}

/**
 * No ACTIVE service takes this method and currency: 003001B033 ("Aquiring agreement not found."), with what was
 * missing.
 */
export class NoPayinServiceError extends AppError {
  constructor(readonly query: FeeRuleQuery) {
    const where = query.country ? ` in ${query.country}` : '';
    super(ERROR_CODES.AGREEMENT_NOT_FOUND, {
      msg: `No active pay-in service takes ${query.payMethodName} in ${query.currency}${where}.`,
      data: { payMethodName: query.payMethodName, currency: query.currency, country: query.country ?? null },
    });
  }
}

/** The amount is outside the service's per-payment limits: 003001B043, naming the limits. */
export class AmountOutsideLimitsError extends AppError {
  constructor(service: ResolvedPayinService, payMethodName: string, amount: number, currency: string) {
    const { minAmount, maxAmount } = service.limits;
    const range =
      minAmount !== null && maxAmount !== null
        ? `between ${formatAmount(minAmount, currency)} and ${formatAmount(maxAmount, currency)} ${currency}`
        : minAmount !== null
          ? `at least ${formatAmount(minAmount, currency)} ${currency}`
          : `at most ${formatAmount(maxAmount ?? 0, currency)} ${currency}`;
    super(ERROR_CODES.PAYMENT_AMOUNT_OUTSIDE_LIMITS, {
      msg: `${payMethodName} takes payments ${range}; this one is ${formatAmount(amount, currency)} ${currency}.`,
      data: { serviceId: service.serviceId, amount, currency, minAmount, maxAmount },
    });
  }
}

export function withinLimits(limits: ResolvedPayinService['limits'], amount: number): boolean {
  return (
    (limits.minAmount === null || amount >= limits.minAmount) &&
    (limits.maxAmount === null || amount <= limits.maxAmount)
  );
}

/**
 * How a capture is priced: the merchant's ACTIVE service for the method and currency, the amount
 * within its limits. Throws NoPayinServiceError or AmountOutsideLimitsError (nothing is written).
 */
export async function priceCapture(
  tx: DbOrTx,
  merchantId: string,
  query: FeeRuleQuery & { amount: number },
): Promise<FeePricing> {
  const service = await resolveFeeRule(tx, merchantId, query);
  if (!service) throw new NoPayinServiceError(query);
  if (!withinLimits(service.limits, query.amount))
    throw new AmountOutsideLimitsError(service, query.payMethodName, query.amount, query.currency);
  return { serviceId: service.serviceId, rule: service.rule };
}
