/**
 * The merchant API's objects (contracts merchant-api-schemas.ts) read from the domain tables: one
 * loader per object, scoped to the merchant (another merchant's id is null, never its data), and the
 * pure row → object mappers with the columns they read, which the /api/v1 lists reuse. Webhook
 * events send the same objects (their `data.object`), so an event and a GET of its object agree.
 * One file per object under api-objects/.
 */
export {
  API_PAYMENT_COLUMNS,
  API_PAYMENT_ROW,
  apiPayment,
  toApiPayment,
  type ApiPaymentRow,
} from './api-objects/payment';
export {
  API_REFUND_COLUMNS,
  API_REFUND_FROM,
  apiRefund,
  refundRecordToApi,
  toApiRefund,
  type ApiRefundRow,
} from './api-objects/refund';
export { apiPaymentLink, paymentLinkRecordToApi, toApiPaymentLink } from './api-objects/payment-link';
export {
  API_DISPUTE_COLUMNS,
  API_DISPUTE_ROW,
  apiDispute,
  toApiDispute,
  type ApiDisputeRow,
} from './api-objects/dispute';
export {
  API_SETTLEMENT_COLUMNS,
  API_SETTLEMENT_ROW,
  apiSettlement,
  toApiSettlement,
  type ApiSettlementRow,
} from './api-objects/settlement';
export { API_PAYOUT_COLUMNS, API_PAYOUT_ROW, apiPayout, toApiPayout, type ApiPayoutRow } from './api-objects/payout';
export {
  API_SUBSCRIPTION_COLUMNS,
  apiSubscription,
  toApiSubscription,
  type ApiSubscriptionRow,
} from './api-objects/subscription';
