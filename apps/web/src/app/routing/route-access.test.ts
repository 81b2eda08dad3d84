import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@mbo/contracts/usercenter';
import { activeMenuKey, containerTarget, isPathAllowed, normalizePath, parentMenuKeys } from './route-access';
import { CONTAINERS } from './route-table';

const menu = (menuUrl: string, childMenus: MenuItem[] = []): MenuItem => ({
  menuId: menuUrl,
  menuName: menuUrl,
  menuUrl,
  icon: null,
  permissions: [],
  childMenus,
});
const transactions = CONTAINERS.find((c) => c.path === '/transactions')!;

describe('route guard', () => {
  const authUrls = ['/transactions', '/transactions/refunds', '/transactions/payments_detail', '/settings/team/'];

  it('allows a path that is in authUrls (query, hash and trailing slash aside)', () => {
    expect(isPathAllowed('/transactions/refunds', authUrls)).toBe(true);
    expect(isPathAllowed('/transactions/refunds/?status=SUCCESS', authUrls)).toBe(true);
    expect(isPathAllowed('/transactions/payments_detail', authUrls)).toBe(true);
    expect(isPathAllowed('/settings/team', authUrls)).toBe(true);
  });

  it('refuses a path that is not in authUrls, also a child of an allowed one', () => {
    expect(isPathAllowed('/transactions/payments', authUrls)).toBe(false);
    expect(isPathAllowed('/transactions/refunds/extra', authUrls)).toBe(false);
    expect(isPathAllowed('/settings/bank-accounts', [])).toBe(false);
  });

  it('always allows home', () => {
    expect(isPathAllowed('/home', [])).toBe(true);
  });

  it('normalizes paths', () => {
    expect(normalizePath('transactions/payments/?a=1#x')).toBe('/transactions/payments');
    expect(normalizePath('/')).toBe('/');
  });
});

describe('container redirect', () => {
  it('goes to the first child in the server menu order that the user may open', () => {
    const menus = [menu('/transactions', [menu('/transactions/disputes'), menu('/transactions/payments')])];
    const authUrls = ['/transactions', '/transactions/disputes', '/transactions/payments'];
    expect(containerTarget(transactions, authUrls, menus)).toBe('/transactions/disputes');
  });

  it('skips children the user may not open and detail pages', () => {
    const menus = [menu('/transactions', [menu('/transactions/payments')])];
    expect(containerTarget(transactions, ['/transactions/payments_detail', '/transactions/refunds'], menus)).toBe(
      '/transactions/refunds',
    );
  });

  it('is null when the user may open no child (403)', () => {
    expect(containerTarget(transactions, ['/transactions'], [])).toBeNull();
  });
});

describe('menu highlight', () => {
  const urls = [
    '/home',
    '/transactions/payments',
    '/transactions/disputes',
    '/settlements/batch',
    '/settlements/batch/history',
  ];

  it('highlights the page itself, the declared menu of a detail page, or the closest parent', () => {
    expect(activeMenuKey('/transactions/payments', urls)).toBe('/transactions/payments');
    expect(activeMenuKey('/transactions/payments_detail', urls, '/transactions/payments')).toBe(
      '/transactions/payments',
    );
    expect(activeMenuKey('/transactions/disputes/detail', urls)).toBe('/transactions/disputes');
    expect(activeMenuKey('/settlements/batch/history/detail', urls)).toBe('/settlements/batch/history');
    expect(activeMenuKey('/unknown', urls)).toBeUndefined();
  });

  it('opens the submenus that hold the highlighted entry', () => {
    const menus = [menu('/home'), menu('/transactions', [menu('/transactions/payments')])];
    expect(parentMenuKeys(menus, '/transactions/payments')).toEqual(['/transactions']);
    expect(parentMenuKeys(menus, '/home')).toEqual([]);
  });
});
