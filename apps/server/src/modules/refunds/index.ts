/**
 * The entry file of the refunds module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/refunds/ import it through this file alone.
 */
export { createRefund } from './create-refund';
export { refundWhere } from './list-refunds';
export { REFUND, REFUND_COLUMNS, type RefundRow, toRefundRecord } from './refund-record';
export { default as refundRoutes } from './routes';
export { processDueRefunds } from './sandbox-refund-processor';
