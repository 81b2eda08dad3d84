import {
  PAYMENT_LINK_PATHS,
  type CreatePaymentLinkRequest,
  type PaymentLinkRecord,
} from '@mbo/contracts/payment-links';
import { post } from '@/lib/http/request';

/** Creates a payment link (API_PAYMENT_LINK_ADD). The form shows the errors itself, by field where it can. */
export function createPaymentLink(input: CreatePaymentLinkRequest): Promise<PaymentLinkRecord> {
  return post<PaymentLinkRecord>(PAYMENT_LINK_PATHS.create, input, { showErrorMessage: false });
}
