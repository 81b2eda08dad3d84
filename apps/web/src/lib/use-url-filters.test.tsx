import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { countFilters, useUrlFilters } from './use-url-filters';

const SPEC = { status: 'list', currency: 'string', from: 'date', amountMin: 'amount' } as const;

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => useUrlFilters(SPEC, { sorts: ['a:asc', 'a:desc'] as const, defaultSort: 'a:desc' }), {
    wrapper,
  });
}

describe('useUrlFilters', () => {
  it('reads filters, page, size and sort from the URL, ignoring bad values', () => {
    const { result } = setup('/x?status=A,B&from=bad&amountMin=1.5&page=3&size=50&sort=zzz');
    expect(result.current.filters).toEqual({ status: ['A', 'B'], amountMin: '1.5' });
    expect(result.current.pageNum).toBe(3);
    expect(result.current.pageSize).toBe(50);
    expect(result.current.sort).toBe('a:desc');
    expect(countFilters(result.current.filters)).toBe(2);
  });

  it('a filter change goes back to page 1; two quick changes both stay', () => {
    const { result } = setup('/x?page=4&sort=a:asc');
    act(() => {
      result.current.setFilters({ currency: 'EUR' });
      result.current.setFilters({ amountMin: '10' });
    });
    expect(result.current.filters).toEqual({ currency: 'EUR', amountMin: '10' });
    expect(result.current.pageNum).toBe(1);
    expect(result.current.sort).toBe('a:asc');
    act(() => result.current.clearFilters());
    expect(result.current.filters).toEqual({});
    expect(result.current.searchParams.toString()).toBe('sort=a%3Aasc');
  });

  it('a change given as a function builds on the filters as last written, not as last rendered', () => {
    const { result } = setup('/x?status=A&currency=EUR');
    const rendered = result.current; // a render from before the clear, as a pending transition leaves it
    act(() => {
      rendered.clearFilters();
      rendered.setFilters((cur) => ({ status: [...(cur.status ?? []), 'B'] }));
    });
    expect(result.current.filters).toEqual({ status: ['B'] });
    act(() => result.current.setFilters((cur) => ({ status: [...(cur.status ?? []), 'C'] })));
    expect(result.current.filters).toEqual({ status: ['B', 'C'] });
  });

  it('paging keeps the page unless the size changes; the default sort leaves the URL', () => {
    const { result } = setup('/x?currency=EUR');
    act(() => result.current.setPage(3));
    expect(result.current.pageNum).toBe(3);
    act(() => result.current.setPage(3, 50));
    expect(result.current.pageNum).toBe(1);
    expect(result.current.pageSize).toBe(50);
    act(() => result.current.setSort('a:asc'));
    expect(result.current.searchParams.get('sort')).toBe('a:asc');
    act(() => result.current.setSort('a:desc'));
    expect(result.current.searchParams.get('sort')).toBeNull();
  });

  it('replaces every filter and the sort at once, keeping the page size', () => {
    const { result } = setup('/x?status=A&currency=EUR&page=3&size=50');
    act(() => result.current.replaceAll({ amountMin: '5' }, 'a:asc'));
    expect(result.current.filters).toEqual({ amountMin: '5' });
    expect(result.current.sort).toBe('a:asc');
    expect(result.current.pageNum).toBe(1);
    expect(result.current.pageSize).toBe(50);
    act(() => result.current.replaceAll({}, 'not-a-sort' as 'a:asc'));
    expect(result.current.searchParams.toString()).toBe('size=50');
  });
});
