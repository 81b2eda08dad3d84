import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@mbo/contracts/usercenter';
import { flattenAuthUrls, readList, toAlertInfo, toPayMethodMap, toPermissionMap } from './derive';

const menu = (menuUrl: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  menuId: menuUrl,
  menuName: menuUrl,
  menuUrl,
  icon: null,
  permissions: [],
  childMenus: [],
  ...extra,
});

describe('flattenAuthUrls', () => {
  it('lists menu URLs at every depth plus the resourceUrl of PAGE permissions, once each', () => {
    const menus = [
      menu('/home'),
      menu('/transactions', {
        childMenus: [
          menu('/transactions/payments', {
            permissions: [
              { permissionCode: 'PAGE_PAYMENTS_DETAIL', resourceUrl: '/transactions/payments_detail' },
              { permissionCode: 'API_PAYMENT_REFUND', resourceUrl: '/acquiring/web/v1/refund' },
            ],
          }),
          menu('/transactions/disputes', {
            permissions: [{ permissionCode: 'PAGE_DISPUTES_DETAIL', resourceUrl: '/transactions/disputes/detail' }],
            childMenus: [menu('/transactions/disputes/deep')],
          }),
        ],
      }),
      menu('/settings', {
        permissions: [
          { permissionCode: 'PAGE_API_DOCS', resourceUrl: '/settings/integration' },
          { permissionCode: 'PAGE_EMPTY', resourceUrl: '' },
        ],
        childMenus: [menu('/settings/integration')],
      }),
    ];
    expect(flattenAuthUrls(menus)).toEqual([
      '/home',
      '/transactions',
      '/transactions/payments',
      '/transactions/payments_detail',
      '/transactions/disputes',
      '/transactions/disputes/detail',
      '/transactions/disputes/deep',
      '/settings',
      '/settings/integration',
    ]);
  });

  it('ignores permissions whose code does not start with PAGE, and empty menus', () => {
    expect(flattenAuthUrls([])).toEqual([]);
    expect(flattenAuthUrls([menu('', { permissions: [{ permissionCode: 'API_PAGE_X', resourceUrl: '/x' }] })])).toEqual(
      [],
    );
  });
});

describe('other derivations', () => {
  it('permission map: true only for ALLOW; codes not answered are false', () => {
    expect(toPermissionMap(['A', 'B', 'C'], { A: 'ALLOW', B: 'DENY' })).toEqual({ A: true, B: false, C: false });
    expect(toPermissionMap(['A'], undefined)).toEqual({ A: false });
  });

  it('payMethodMap maps value to label of payMethodNameList', () => {
    expect(
      toPayMethodMap([
        { value: 'VISA', label: 'Visa' },
        { value: 'GCASH', label: 'GCash' },
      ]),
    ).toEqual({
      VISA: 'Visa',
      GCASH: 'GCash',
    });
  });

  it('alertInfo defaults both counts to 0', () => {
    expect(toAlertInfo(null)).toEqual({ customerDisputeCount: 0, chargebackCount: 0 });
    expect(toAlertInfo({ customerDisputeCount: 3 })).toEqual({ customerDisputeCount: 3, chargebackCount: 0 });
  });

  it('reads a list given as an array or under a key', () => {
    expect(readList([1, 2])).toEqual([1, 2]);
    expect(readList({ records: [3] }, 'list', 'records')).toEqual([3]);
    expect(readList(null, 'records')).toEqual([]);
  });
});
