/** Where the payment link pages live (route table: /transactions/payment_link and its detail). */
export const PAYMENT_LINKS_URL = '/transactions/payment_link';

export function paymentLinkDetailPath(linkId: string): string {
  return `${PAYMENT_LINKS_URL}/detail?linkId=${encodeURIComponent(linkId)}`;
}

/** A payment made through a link opens on the payment detail page. */
export function paymentDetailPath(paymentId: string): string {
  return `/transactions/payments_detail?paymentId=${encodeURIComponent(paymentId)}`;
}
