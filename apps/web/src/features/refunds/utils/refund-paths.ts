/** Where a refund and its payment open. */
export function refundDetailPath(refundId: string): string {
  return `/transactions/refunds_detail?refundId=${encodeURIComponent(refundId)}`;
}

export function paymentDetailPath(paymentId: string): string {
  return `/transactions/payments_detail?paymentId=${encodeURIComponent(paymentId)}`;
}
