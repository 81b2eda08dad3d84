import { PAYMENT_LINK_STATUSES, type ListPaymentLinksRequest, type PaymentLinkSort, type PaymentLinkStatus } from '@mbo/contracts/payment-links';
import type { UrlFilterValues } from '@/lib/use-url-filters';
import { dayRangeToIso } from '@/lib/zoned-date';

/** The list's filters as held in the URL: ?status=ACTIVE&q=mug&from=2026-05-01&to=2026-05-14. */
export const LINK_FILTER_SPEC = { status: 'list', q: 'string', from: 'date', to: 'date' } as const;
export type LinkUrlFilters = UrlFilterValues<typeof LINK_FILTER_SPEC>;
export const LINK_SORT_DEFAULT: PaymentLinkSort = 'createdAt:desc';

export function statusesOf(filters: LinkUrlFilters): PaymentLinkStatus[] {
  return (filters.status ?? []).filter((s): s is PaymentLinkStatus => (PAYMENT_LINK_STATUSES as readonly string[]).includes(s));
}

/** The list call for the URL state; days become instants in the merchant's zone. */
export function toListRequest(
  filters: LinkUrlFilters,
  page: { pageNum: number; pageSize: number; sort?: PaymentLinkSort },
  timeZone: string | null | undefined,
): ListPaymentLinksRequest {
  const statuses = statusesOf(filters);
  return {
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    sort: page.sort ?? LINK_SORT_DEFAULT,
    ...(statuses.length ? { status: statuses } : {}),
    ...(filters.q ? { keyword: filters.q.slice(0, 200) } : {}),
    ...dayRangeToIso({ from: filters.from, to: filters.to }, timeZone),
  };
}
