import { describe, expect, it } from 'vitest';
import { PAYMENTS_LIST } from '@mbo/contracts/lists/payments-list';
import { REFUNDS_LIST } from '@mbo/contracts/lists/refunds-list';
import { PAYMENT_LINKS_LIST } from '@mbo/contracts/lists/payment-links-list';
import { AGREEMENTS_LIST } from '@mbo/contracts/lists/agreements-list';
import { readUrlFilters, writeUrlFilters } from '@/lib/use-url-filters';
import { exportHref } from './export-button';
import { readListQuery, toApiFilters, urlSpecOf } from './list-request';

const TZ = 'Asia/Singapore';
const PAYMENT_SPEC = urlSpecOf(PAYMENTS_LIST.filters);

describe('a list definition ↔ URL', () => {
  it('reads every filter of the payments list from the URL and drops malformed values', () => {
    const params = new URLSearchParams(
      'from=2026-03-01&to=2026-03-31&status=SUCCESS,FAILED&methodType=CARD&method=VISA&currency=EUR&amountMin=10.5&amountMax=abc&country=DE&q=jane@example.com&page=3&other=x',
    );
    expect(readUrlFilters(PAYMENT_SPEC, params)).toEqual({
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
    expect(readUrlFilters(PAYMENT_SPEC, new URLSearchParams('from=03/01/2026&status='))).toEqual({});
  });

  it('writes filters back, keeping paging and unknown keys, removing cleared ones', () => {
    const base = new URLSearchParams('currency=EUR&size=50&sort=amount:asc');
    const next = writeUrlFilters(PAYMENT_SPEC, { currency: undefined, status: ['PENDING'], q: '  pay_1 ' }, base);
    expect(next.toString()).toBe('size=50&sort=amount%3Aasc&q=pay_1&status=PENDING');
    expect(readUrlFilters(PAYMENT_SPEC, next)).toEqual({ status: ['PENDING'], q: 'pay_1' });
  });
});

describe('a list definition → the list call', () => {
  it('turns days in the merchant zone into instants, major amounts into minor units, options into their API names', () => {
    expect(
      toApiFilters(
        PAYMENTS_LIST,
        {
          from: '2026-03-01',
          to: '2026-03-31',
          currency: 'EUR',
          amountMin: '10.5',
          amountMax: '99.99',
          status: ['FAILED', 'BOGUS'],
          country: 'de',
          q: ' ord-1 ',
          methodType: 'CARD',
          method: 'VISA',
        },
        TZ,
      ),
    ).toEqual({
      keyword: 'ord-1',
      createdFrom: '2026-02-28T16:00:00.000Z',
      createdTo: '2026-03-31T15:59:59.999Z',
      status: ['FAILED'],
      payMethodType: 'CARD',
      payMethodName: 'VISA',
      currency: 'EUR',
      amountMin: 1050,
      amountMax: 9999,
      country: 'DE',
    });
  });

  it('uses the currency exponent (JPY has none), 2 decimals without a currency, and refuses what is not a value', () => {
    expect(toApiFilters(PAYMENTS_LIST, { currency: 'JPY', amountMin: '500', amountMax: '1.5' }, TZ)).toEqual({
      currency: 'JPY',
      amountMin: 500,
    });
    expect(toApiFilters(PAYMENTS_LIST, { amountMax: '12.34', currency: 'XXX', country: 'Germany' }, TZ)).toEqual({
      amountMax: 1234,
    });
  });

  it('leaves the status out for the tiles, and each list keeps only its own statuses and filters', () => {
    expect(toApiFilters(PAYMENTS_LIST, { status: ['SUCCESS'], currency: 'EUR' }, TZ, ['statusSet'])).toEqual({
      currency: 'EUR',
    });
    expect(toApiFilters(REFUNDS_LIST, { status: ['PROCESSING', 'PENDING'], method: 'VISA', q: 'RF1' }, TZ)).toEqual({
      status: ['PROCESSING'],
      keyword: 'RF1',
    });
    expect(toApiFilters(PAYMENT_LINKS_LIST, { status: ['ACTIVE'], currency: 'EUR' }, TZ)).toEqual({
      status: ['ACTIVE'],
    });
  });

  it('carries the filters to the report centre under the list export type', () => {
    expect(exportHref(PAYMENTS_LIST, { currency: 'EUR', status: ['SUCCESS', 'PENDING'] })).toBe(
      '/transactions/reports?type=PAYMENTS&status=SUCCESS%2CPENDING&currency=EUR',
    );
    expect(exportHref(REFUNDS_LIST, {})).toBe('/transactions/reports?type=REFUNDS');
  });

  it("reads the agreements list's option filters from the dropdown configs: a country code only", () => {
    expect(toApiFilters(AGREEMENTS_LIST, { country: 'sg', methodType: 'CARD', method: 'VISA' }, TZ)).toEqual({
      country: 'SG',
      payMethodType: 'CARD',
      payMethodName: 'VISA',
    });
    expect(toApiFilters(AGREEMENTS_LIST, { country: 'Singapore' }, TZ)).toEqual({});
  });
});

describe('a list query from a URL (what a route prefetches)', () => {
  it('reads the filters, page, size and sort the list page will read', () => {
    const q = readListQuery(
      PAYMENTS_LIST,
      new URLSearchParams('status=SUCCESS&currency=EUR&page=3&size=50&sort=amount:asc&other=x'),
    );
    expect(q).toEqual({
      filters: { status: ['SUCCESS'], currency: 'EUR' },
      pageNum: 3,
      pageSize: 50,
      sort: 'amount:asc',
    });
  });

  it('falls back to page 1, the default size and the default sort for missing or malformed values', () => {
    expect(readListQuery(PAYMENTS_LIST, new URLSearchParams('page=0&size=9999&sort=nonsense'))).toEqual({
      filters: {},
      pageNum: 1,
      pageSize: 20,
      sort: PAYMENTS_LIST.defaultSort,
    });
    expect(readListQuery(REFUNDS_LIST, new URLSearchParams('')).sort).toBe(REFUNDS_LIST.defaultSort);
  });
});

describe('the disputes list definition → the list call', () => {
  it('sends the kind tab, reasons and the due date range under their own keys, and the status set as status', async () => {
    const { DISPUTES_LIST } = await import('@mbo/contracts/lists/disputes-list');
    const { chosenStatuses } = await import('./list-request');
    const values = readUrlFilters(
      urlSpecOf(DISPUTES_LIST.filters),
      new URLSearchParams(
        'kind=CHARGEBACK&status=EVIDENCE_REQUIRED&reason=FRAUDULENT,DUPLICATE&from=2026-03-01&dueFrom=2026-03-10&dueTo=2026-03-12&q=DSP1',
      ),
    );
    expect(toApiFilters(DISPUTES_LIST, values, 'UTC')).toEqual({
      type: ['CHARGEBACK'],
      status: ['EVIDENCE_REQUIRED'],
      reason: ['FRAUDULENT', 'DUPLICATE'],
      keyword: 'DSP1',
      createdFrom: '2026-03-01T00:00:00.000Z',
      dueFrom: '2026-03-10T00:00:00.000Z',
      dueTo: '2026-03-12T23:59:59.999Z',
    });
    // The status tiles and the status filter are the one without an apiKey, whatever comes first.
    expect(chosenStatuses(DISPUTES_LIST.filters, values)).toEqual(['EVIDENCE_REQUIRED']);
  });
});
