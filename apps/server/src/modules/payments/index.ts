/**
 * The entry file of the payments module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/payments/ import it through this file alone.
 */
export { setPaymentDisputeStatus } from './dispute-status';
export { computeFee, type FeeRule } from './fees';
export { PAYMENT, type PaymentRow, paymentWhere } from './list-payments';
export { paymentDetail } from './payment-detail';
export {
  completePendingPayment,
  feeRuleSnapshot,
  type NewPayment,
  pricingOfSnapshot,
  recordCapturedPayments,
  recordPayment,
} from './record-payment';
export { returnRefundedAmount, setRefundedAmount } from './refunded-amount';
export { default as paymentRoutes } from './routes';
