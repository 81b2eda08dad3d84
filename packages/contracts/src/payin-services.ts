/**
 * Pay-in services (Services → Pay-in services): the pay-in methods a merchant holds, each with the fee
 * rule that prices its captures, its per-payment limits and its settlement cycle. Paths, constants and
 * types; schemas in payin-services-schemas.ts (request types inferred from them, type-only).
 */
import type { z } from 'zod';
import type {
  feeRuleViewSchema,
  grayMerchantAnswerSchema,
  listPayinServicesRequest,
  payinServiceRecordSchema,
  userFeeConfigSchema,
} from './payin-services-schemas';

export const PAYIN_SERVICE_PATHS = {
  /** POST `{ pageNum, pageSize, ...filters }` → `{ total, records: PayinServiceRecord[] }`. */
  list: '/acquiring/web/v1/payin-service/list',
  /** GET (spec section 7): the merchant's fee configuration, one entry per service. */
  userFeeConfig: '/acquiringmerchant/web/v1/merchant/user-fee/config',
  /** POST (spec section 7): `{ merchantGray }`, the flag the client keeps in its global state. */
  isGrayMerchant: '/settlement/web/v1/isGrayMerchant',
} as const;

export const PAYIN_SERVICE_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export type PayinServiceStatus = (typeof PAYIN_SERVICE_STATUSES)[number];

export const PAYIN_SERVICE_SORTS = [
  'country:asc',
  'country:desc',
  'payMethodName:asc',
  'payMethodName:desc',
  'currency:asc',
  'currency:desc',
  'createdAt:desc',
  'createdAt:asc',
] as const;
export type PayinServiceSort = (typeof PAYIN_SERVICE_SORTS)[number];

/** Settlement cycle bounds: T+0 to T+30 working days. */
export const SETTLEMENT_CYCLE_MAX_DAYS = 30;

/**
 * How a service prices a capture, in the service's currency: a percentage in basis points (290 =
 * 2.90 %), plus a fixed part in minor units, raised to the minimum when there is one, never above the
 * payment's amount. The server computes fees in one place (apps/server/src/modules/payments/fees.ts).
 */
export type FeeRuleView = z.infer<typeof feeRuleViewSchema>;

export type PayinServiceRecord = z.infer<typeof payinServiceRecordSchema>;

/** What a caller sends: pageNum, pageSize and sort may be left out (1, 20, by country). */
export type ListPayinServicesRequest = z.input<typeof listPayinServicesRequest>;
/** The list request as the server gets it after validation, defaults applied. */
export type ListPayinServicesQuery = z.output<typeof listPayinServicesRequest>;

/** GET user-fee/config: the fee rule of each of the merchant's services. */
export type UserFeeConfig = z.infer<typeof userFeeConfigSchema>;

/** POST isGrayMerchant: whether the merchant is in the gray (early) release group; the client's default is true. */
export type GrayMerchantAnswer = z.infer<typeof grayMerchantAnswerSchema>;
