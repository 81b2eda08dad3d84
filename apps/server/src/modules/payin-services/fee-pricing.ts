import type { FeeRule } from '@mbo/contracts/fee-rule';

/**
 * The rule that prices a payment and the pay-in service it comes from. A payment keeps both as a
 * snapshot (payments.payin_service_id, fee_percent_bps, fee_fixed_minor, fee_minimum_minor), so its
 * detail says which rule produced its fee whatever later happens to the service. The pay-in services
 * price a payment (priceCapture); payments, subscriptions and the seed record it.
 */
export interface FeePricing {
  serviceId: string;
  rule: FeeRule;
}
