/**
 * The entry file of the payment-links module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/payment-links/ import it through this file alone.
 */
export { completeLinkPayment } from './complete-link-payment';
export { createPaymentLink } from './create-payment-link';
export { type PaymentLinkRow, toRecord } from './link-record';
export { DECLINED_REASON, DEFAULT_COUNTRY, payPaymentLink } from './pay-payment-link';
export { default as paymentLinkRoutes } from './routes';
