/**
 * The refunds list's filters: how they sit in the URL (use-url-filters spec) and how they become the
 * API's request (days → instants in the merchant's zone, amounts in major units → minor units).
 */
import { isSupportedCurrency } from '@mbo/contracts/money';
import { REFUND_STATUSES, type ListRefundsRequest, type RefundFilters, type RefundStatus } from '@mbo/contracts/refunds';
import { amountRangeToMinor } from '@/lib/amount-filter';
import { filtersQueryString, type UrlFilterValues } from '@/lib/use-url-filters';
import { dayRangeToIso } from '@/lib/zoned-date';

/** Same names as the payments list, so the report centre reads both the same way. */
export const REFUND_FILTER_SPEC = {
  from: 'date',
  to: 'date',
  status: 'list',
  currency: 'string',
  amountMin: 'amount',
  amountMax: 'amount',
  q: 'string',
} as const;

export type RefundUrlFilters = UrlFilterValues<typeof REFUND_FILTER_SPEC>;

/** The statuses of the URL that are real refund statuses. */
export function refundStatusesOf(filters: RefundUrlFilters): RefundStatus[] {
  return (filters.status ?? []).filter((s): s is RefundStatus => (REFUND_STATUSES as readonly string[]).includes(s));
}

/** URL filters → the API's filters (without paging); unknown values are left out. */
export function toRefundFilters(filters: RefundUrlFilters, timeZone: string | null | undefined): RefundFilters {
  const currency = isSupportedCurrency(filters.currency) ? filters.currency : undefined;
  const status = refundStatusesOf(filters);
  return {
    ...dayRangeToIso({ from: filters.from, to: filters.to }, timeZone),
    ...(status.length ? { status } : {}),
    ...(currency ? { currency } : {}),
    ...amountRangeToMinor({ min: filters.amountMin, max: filters.amountMax }, currency),
    ...(filters.q ? { keyword: filters.q.slice(0, 200) } : {}),
  };
}

export function toListRefundsRequest(
  filters: RefundUrlFilters,
  page: { pageNum: number; pageSize: number },
  timeZone: string | null | undefined,
): ListRefundsRequest {
  return { ...toRefundFilters(filters, timeZone), pageNum: page.pageNum, pageSize: page.pageSize };
}

/** The report centre's address for an export of the refunds these filters show. */
export function refundsExportHref(filters: RefundUrlFilters): string {
  const query = filtersQueryString(REFUND_FILTER_SPEC, filters);
  return `/transactions/reports?type=REFUNDS${query ? `&${query}` : ''}`;
}
