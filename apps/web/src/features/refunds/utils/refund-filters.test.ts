import { describe, expect, it } from 'vitest';
import { refundsExportHref, toListRefundsRequest, toRefundFilters } from './refund-filters';
import { refundReasonLabel } from './refund-status';

describe('toRefundFilters', () => {
  it('turns days into instants in the merchant zone and major amounts into minor units', () => {
    expect(
      toRefundFilters(
        { from: '2026-05-01', to: '2026-05-31', status: ['SUCCESS', 'BOGUS'], currency: 'USD', amountMin: '10', amountMax: '99.99', q: ' R1 ' },
        'Asia/Singapore',
      ),
    ).toEqual({
      createdFrom: '2026-04-30T16:00:00.000Z',
      createdTo: '2026-05-31T15:59:59.999Z',
      status: ['SUCCESS'],
      currency: 'USD',
      amountMin: 1000,
      amountMax: 9999,
      keyword: ' R1 ',
    });
  });

  it('reads amounts with the currency exponent (JPY has none) and drops an unknown currency', () => {
    expect(toRefundFilters({ currency: 'JPY', amountMin: '500' }, 'UTC')).toEqual({ currency: 'JPY', amountMin: 500 });
    expect(toRefundFilters({ currency: 'XXX', amountMax: '5' }, 'UTC')).toEqual({ amountMax: 500 });
  });

  it('adds the page', () => {
    expect(toListRefundsRequest({}, { pageNum: 3, pageSize: 50 }, 'UTC')).toEqual({ pageNum: 3, pageSize: 50 });
  });
});

describe('refundsExportHref', () => {
  it('carries the filters to the report centre', () => {
    expect(refundsExportHref({})).toBe('/transactions/reports?type=REFUNDS');
    expect(refundsExportHref({ from: '2026-05-01', status: ['FAILED', 'PROCESSING'], currency: 'EUR' })).toBe(
      '/transactions/reports?type=REFUNDS&from=2026-05-01&status=FAILED%2CPROCESSING&currency=EUR',
    );
  });
});

describe('refundReasonLabel', () => {
  it('labels the reason codes of the contracts', () => {
    expect(refundReasonLabel('REQUESTED_BY_CUSTOMER')).toBe('Requested by customer');
    expect(refundReasonLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});
