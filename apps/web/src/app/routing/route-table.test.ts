import { describe, expect, it } from 'vitest';
import { AUTH_ROUTES, CONTAINERS, layoutPages } from './route-table';
import { allResources } from '@/i18n/testing';

/**
 * Spec section 2, verbatim, plus the detail pages the product adds (PRODUCT.md: a list's rows open a detail) and
 * PAGE_API_DOCS's page.
 */
const SPEC_ROUTES = {
  '/transactions': [
    'payments',
    'payment_link',
    'payment_link/detail',
    'payments_detail',
    'refunds',
    'reports',
    'refunds_detail',
    'disputes',
    'disputes/detail',
    'faq',
  ],
  '/settlements': [
    'history',
    'detail',
    'batch',
    'estimation',
    'calendar',
    'batch/detail',
    'batch/history',
    'batch/history/detail',
  ],
  '/account': ['balance', 'withdraw'],
  '/payout': ['create', 'history', 'history/detail', 'history/batch/detail'],
  '/subscription': ['agreements', 'agreements/detail'],
  '/services': ['payin', 'payout'],
  '/settings': ['team', 'bank-accounts', 'integration', 'integration/api-docs'],
};

describe('route table', () => {
  it('registers every container and child route of spec section 2', () => {
    expect(Object.fromEntries(CONTAINERS.map((c) => [c.path, c.children.map((p) => p.path)]))).toEqual(SPEC_ROUTES);
  });

  it('registers the auth children', () => {
    expect(AUTH_ROUTES.map((r) => r.path)).toEqual([
      'login',
      'forgot_password',
      'register_password',
      'reset_password',
      'force_reset_password',
    ]);
  });

  it('names every page and describes every page inside the layout, in every language', () => {
    for (const [lng, resources] of Object.entries(allResources())) {
      const names = {
        ...(resources.common as { routes: Record<string, string> }).routes,
        ...(resources.shell as { routes: Record<string, string> }).routes,
      };
      const descriptions = (resources.shell as { descriptions: Record<string, string> }).descriptions;
      for (const page of layoutPages()) {
        expect(names[page.fullPath], `${lng} ${page.fullPath}`).toBeTruthy();
        expect(descriptions[page.fullPath], `${lng} ${page.fullPath}`).toBeTruthy();
      }
      for (const container of CONTAINERS) expect(names[container.path], `${lng} ${container.path}`).toBeTruthy();
      for (const page of AUTH_ROUTES) expect(names[`/auth/${page.path}`], `${lng} ${page.path}`).toBeTruthy();
    }
  });
});
