/**
 * The detail page of each kind of record (route table), with the query parameter the page reads
 * its id from (the detail pages' useDetailId; the withdraw page opens a withdrawal's drawer from
 * `withdrawalId`). Record kinds are upper case, as the server writes them (balance transaction
 * references, audit log records).
 */
const RECORD_PAGES: Readonly<Record<string, { path: string; param: string }>> = {
  PAYMENT: { path: '/transactions/payments_detail', param: 'paymentId' },
  REFUND: { path: '/transactions/refunds_detail', param: 'refundId' },
  SETTLEMENT: { path: '/settlements/detail', param: 'settlementId' },
  DISPUTE: { path: '/transactions/disputes/detail', param: 'disputeId' },
  PAYMENT_LINK: { path: '/transactions/payment_link/detail', param: 'linkId' },
  WITHDRAWAL: { path: '/account/withdraw', param: 'withdrawalId' },
  PAYOUT: { path: '/payout/history/detail', param: 'payoutId' },
  PAYOUT_BATCH: { path: '/payout/history/batch/detail', param: 'batchId' },
  AGREEMENT: { path: '/subscription/agreements/detail', param: 'agreementId' },
};

/** Where a record opens for a user who may open `authUrls`, or null (no page of its own, or not open to the role). */
export function recordPagePath(
  kind: string | null | undefined,
  id: string | null | undefined,
  authUrls: readonly string[],
): string | null {
  if (!kind || !id) return null;
  const key = kind.toUpperCase();
  const page = Object.hasOwn(RECORD_PAGES, key) ? RECORD_PAGES[key] : undefined;
  if (!page || !authUrls.includes(page.path)) return null;
  return `${page.path}?${page.param}=${encodeURIComponent(id)}`;
}
