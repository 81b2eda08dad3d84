import { PAYMENT_LINK_PATHS, type PaymentLinkRecord } from '@mbo/contracts/payment-links';
import { post } from '@/lib/http/request';

/** Deactivates an active link (API_PAYMENT_LINK_ADD); the success toast comes from the server's msg. */
export function deactivatePaymentLink(linkId: string): Promise<PaymentLinkRecord> {
  return post<PaymentLinkRecord>(PAYMENT_LINK_PATHS.deactivate, { linkId }, { showSuccessMessage: true });
}
