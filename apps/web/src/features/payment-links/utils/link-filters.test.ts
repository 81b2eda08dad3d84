import { describe, expect, it } from 'vitest';
import { readUrlFilters } from '@/lib/use-url-filters';
import { LINK_FILTER_SPEC, toListRequest } from './link-filters';

describe('payment link filters', () => {
  it('turns the URL into the list call: statuses, keyword, days in the merchant zone', () => {
    const filters = readUrlFilters(LINK_FILTER_SPEC, new URLSearchParams('status=PAID,NOPE&q=mug&from=2026-05-01&to=2026-05-01'));
    expect(toListRequest(filters, { pageNum: 2, pageSize: 50, sort: 'amount:asc' }, 'Asia/Singapore')).toEqual({
      pageNum: 2,
      pageSize: 50,
      sort: 'amount:asc',
      status: ['PAID'],
      keyword: 'mug',
      createdFrom: '2026-04-30T16:00:00.000Z',
      createdTo: '2026-05-01T15:59:59.999Z',
    });
  });

  it('sends only paging and the default sort without filters', () => {
    expect(toListRequest({}, { pageNum: 1, pageSize: 20 }, 'UTC')).toEqual({ pageNum: 1, pageSize: 20, sort: 'createdAt:desc' });
  });
});
