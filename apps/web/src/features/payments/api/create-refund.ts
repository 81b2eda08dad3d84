import type { QueryKey } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, REFUND_PATHS, type CreateRefundRequest, type RefundRecord } from '@mbo/contracts/refunds';
import { post } from '@/lib/http/request';
import { sharedKeys } from '@/lib/query-keys';
import { paymentKeys } from './payment-keys';

/**
 * Refunds a payment. `idempotencyKey` is made once per opening of the refund modal and sent again on
 * a retry, so a retried click refunds once. Errors (e.g. "Payment can only be refunded once.") come
 * as toasts from the HTTP client; success shows the server's message.
 */
export function createRefund(body: CreateRefundRequest, idempotencyKey: string): Promise<RefundRecord> {
  return post<RefundRecord>(REFUND_PATHS.create, body, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

/**
 * What a refund changes: the payment's refunded amount and status (its detail, the lists, counts and
 * figures of payments), the refunds, the ledger (balances, their transactions, what can be withdrawn)
 * and, when it is deducted from the payment's unsettled batch, that batch, its rows and the estimation;
 * and the audit log.
 */
export const keysChangedByRefund = (): QueryKey[] => [
  paymentKeys.all,
  sharedKeys.refunds,
  sharedKeys.balances,
  sharedKeys.balanceTransactions,
  sharedKeys.withdrawConfig,
  sharedKeys.settlementBatches,
  sharedKeys.settlementTransactions,
  sharedKeys.settlementEstimations,
  sharedKeys.auditLog,
];
