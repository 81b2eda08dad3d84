import { IDEMPOTENCY_HEADER, REFUND_PATHS, type CreateRefundRequest, type RefundRecord } from '@mbo/contracts/refunds';
import { post } from '@/lib/http/request';

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
