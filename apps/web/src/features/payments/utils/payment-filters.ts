/**
 * The payments list's filters: how they sit in the URL (use-url-filters spec) and how they become
 * the API's ListPaymentsRequest / PaymentFilters (dates → instants in the merchant's zone, amounts →
 * minor units).
 */
import type { ListPaymentsRequest, PaymentFilters, PaymentSort, PaymentStatus } from '@mbo/contracts/payments';
import { PAYMENT_SORTS, PAYMENT_STATUSES } from '@mbo/contracts/payments';
import { isSupportedCurrency } from '@mbo/contracts/money';
import { amountRangeToMinor } from '@/lib/amount-filter';
import type { UrlFilterValues } from '@/lib/use-url-filters';
import { filtersQueryString } from '@/lib/use-url-filters';
import { dayRangeToIso } from '@/lib/zoned-date';

export const PAYMENT_FILTER_SPEC = {
  from: 'date',
  to: 'date',
  status: 'list',
  methodType: 'string',
  method: 'string',
  currency: 'string',
  amountMin: 'amount',
  amountMax: 'amount',
  country: 'string',
  q: 'string',
} as const;

export type PaymentUrlFilters = UrlFilterValues<typeof PAYMENT_FILTER_SPEC>;

export const PAYMENT_SORT_DEFAULT: PaymentSort = 'createdAt:desc';
export { PAYMENT_SORTS };

/** The statuses of the URL that are real statuses. */
export function statusesOf(filters: PaymentUrlFilters): PaymentStatus[] {
  return (filters.status ?? []).filter((s): s is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(s));
}

/** URL filters → the API's filters (without paging). */
export function toPaymentFilters(filters: PaymentUrlFilters, timeZone: string | null | undefined): PaymentFilters {
  const currency = isSupportedCurrency(filters.currency) ? filters.currency : undefined;
  const status = statusesOf(filters);
  const out: PaymentFilters = {
    ...dayRangeToIso({ from: filters.from, to: filters.to }, timeZone),
    ...(status.length ? { status } : {}),
    ...(filters.methodType ? { payMethodType: filters.methodType } : {}),
    ...(filters.method ? { payMethodName: filters.method } : {}),
    ...(currency ? { currency } : {}),
    ...amountRangeToMinor({ min: filters.amountMin, max: filters.amountMax }, currency),
    ...(filters.country && /^[A-Za-z]{2}$/.test(filters.country) ? { country: filters.country.toUpperCase() } : {}),
    ...(filters.q ? { keyword: filters.q.slice(0, 200) } : {}),
  };
  return out;
}

export function toListPaymentsRequest(
  filters: PaymentUrlFilters,
  page: { pageNum: number; pageSize: number; sort?: PaymentSort },
  timeZone: string | null | undefined,
): ListPaymentsRequest {
  return { ...toPaymentFilters(filters, timeZone), pageNum: page.pageNum, pageSize: page.pageSize, sort: page.sort ?? PAYMENT_SORT_DEFAULT };
}

/** The filters without status: what the status tiles count with. */
export function withoutStatus(filters: PaymentUrlFilters): PaymentUrlFilters {
  return { ...filters, status: undefined };
}

/** The report centre's address for an export of the payments these filters show. */
export function exportHref(filters: PaymentUrlFilters): string {
  const query = filtersQueryString(PAYMENT_FILTER_SPEC, filters);
  return `/transactions/reports?type=PAYMENTS${query ? `&${query}` : ''}`;
}
