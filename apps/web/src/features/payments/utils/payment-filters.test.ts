import { describe, expect, it } from 'vitest';
import { readUrlFilters, writeUrlFilters } from '@/lib/use-url-filters';
import { exportHref, PAYMENT_FILTER_SPEC, toListPaymentsRequest, toPaymentFilters, withoutStatus } from './payment-filters';

const TZ = 'Asia/Singapore';

describe('payment filters ↔ URL', () => {
  it('reads every filter from the URL and drops malformed values', () => {
    const params = new URLSearchParams(
      'from=2026-03-01&to=2026-03-31&status=SUCCESS,FAILED&methodType=CARD&method=VISA&currency=EUR&amountMin=10.5&amountMax=abc&country=DE&q=jane@example.com&page=3&other=x',
    );
    expect(readUrlFilters(PAYMENT_FILTER_SPEC, params)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      status: ['SUCCESS', 'FAILED'],
      methodType: 'CARD',
      method: 'VISA',
      currency: 'EUR',
      amountMin: '10.5',
      country: 'DE',
      q: 'jane@example.com',
    });
    expect(readUrlFilters(PAYMENT_FILTER_SPEC, new URLSearchParams('from=03/01/2026&status='))).toEqual({});
  });

  it('writes filters back, keeping paging and unknown keys, removing cleared ones', () => {
    const base = new URLSearchParams('currency=EUR&size=50&sort=amount:asc');
    const next = writeUrlFilters(PAYMENT_FILTER_SPEC, { currency: undefined, status: ['PENDING'], q: '  pay_1 ' }, base);
    expect(next.get('currency')).toBeNull();
    expect(next.get('status')).toBe('PENDING');
    expect(next.get('q')).toBe('pay_1');
    expect(next.get('size')).toBe('50');
    expect(next.get('sort')).toBe('amount:asc');
    // A round trip gives the same filters.
    expect(readUrlFilters(PAYMENT_FILTER_SPEC, next)).toEqual({ status: ['PENDING'], q: 'pay_1' });
  });
});

describe('payment filters → API request', () => {
  it('turns days in the merchant zone into instants and major amounts into minor units', () => {
    expect(
      toPaymentFilters(
        { from: '2026-03-01', to: '2026-03-31', currency: 'EUR', amountMin: '10.5', amountMax: '99.99', status: ['FAILED', 'BOGUS'], country: 'de', q: 'ord-1' },
        TZ,
      ),
    ).toEqual({
      createdFrom: '2026-02-28T16:00:00.000Z',
      createdTo: '2026-03-31T15:59:59.999Z',
      currency: 'EUR',
      amountMin: 1050,
      amountMax: 9999,
      status: ['FAILED'],
      country: 'DE',
      keyword: 'ord-1',
    });
  });

  it('uses the currency exponent (JPY has none) and 2 decimals without a currency', () => {
    expect(toPaymentFilters({ currency: 'JPY', amountMin: '500' }, TZ)).toEqual({ currency: 'JPY', amountMin: 500 });
    expect(toPaymentFilters({ amountMax: '12.34' }, TZ)).toEqual({ amountMax: 1234 });
  });

  it('maps method type and name, pages and sort', () => {
    expect(toListPaymentsRequest({ methodType: 'CARD', method: 'VISA' }, { pageNum: 2, pageSize: 50, sort: 'amount:asc' }, TZ)).toEqual({
      payMethodType: 'CARD',
      payMethodName: 'VISA',
      pageNum: 2,
      pageSize: 50,
      sort: 'amount:asc',
    });
    expect(toListPaymentsRequest({}, { pageNum: 1, pageSize: 20 }, TZ).sort).toBe('createdAt:desc');
  });

  it('counts the tiles without the status filter and exports with the same filters', () => {
    expect(withoutStatus({ status: ['SUCCESS'], currency: 'EUR' })).toEqual({ status: undefined, currency: 'EUR' });
    expect(exportHref({ currency: 'EUR', status: ['SUCCESS', 'PENDING'] })).toBe(
      '/transactions/reports?type=PAYMENTS&status=SUCCESS%2CPENDING&currency=EUR',
    );
    expect(exportHref({})).toBe('/transactions/reports?type=PAYMENTS');
  });
});
