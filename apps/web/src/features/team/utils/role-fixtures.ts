/** A roles matrix as the server answers it, for the team tests: three pages, two built-in roles and a custom one. */
import type { RoleMatrix } from '@mbo/contracts/team';

export const ROLE_MATRIX: RoleMatrix = {
  pages: [
    { menuUrl: '/home', menuId: 'home', name: 'Home', section: null, sectionMenuId: null, products: null, actions: [] },
    {
      menuUrl: '/transactions/payments',
      menuId: 'payments',
      name: 'Payments',
      section: 'Transactions',
      sectionMenuId: 'transactions',
      products: ['DIRECT_PAYMENT'],
      actions: [
        { code: 'PAGE_PAYMENTS_DETAIL', label: 'Payment details', kind: 'page' },
        { code: 'API_PAYMENT_REFUND', label: 'Refund payments', kind: 'action' },
      ],
    },
    {
      menuUrl: '/settings/team',
      menuId: 'team',
      name: 'Team',
      section: 'Settings',
      sectionMenuId: 'settings',
      products: null,
      actions: [{ code: 'API_MEMBER_UPDATE', label: 'Change roles', kind: 'action' }],
    },
  ],
  roles: [
    {
      code: 'OWNER',
      name: 'Owner',
      description: 'Everything.',
      baseCode: null,
      assignable: false,
      memberCount: 1,
      menuUrls: ['/home', '/transactions/payments', '/settings/team'],
      permissionCodes: ['PAGE_PAYMENTS_DETAIL', 'API_PAYMENT_REFUND', 'API_MEMBER_UPDATE'],
    },
    {
      code: 'FINANCE',
      name: 'Finance',
      description: 'Money.',
      baseCode: null,
      assignable: false,
      memberCount: 2,
      menuUrls: ['/home', '/transactions/payments'],
      permissionCodes: ['PAGE_PAYMENTS_DETAIL', 'API_PAYMENT_REFUND'],
    },
    {
      code: 'VIEWER',
      name: 'Viewer',
      description: 'Reads.',
      baseCode: null,
      assignable: true,
      memberCount: 0,
      menuUrls: ['/home', '/transactions/payments'],
      permissionCodes: ['PAGE_PAYMENTS_DETAIL'],
    },
    {
      code: 'CUSTOM_0A1B2C3D4E5F',
      name: 'Support',
      description: 'Custom role, made from Viewer.',
      baseCode: 'VIEWER',
      assignable: true,
      memberCount: 1,
      menuUrls: ['/home', '/transactions/payments'],
      permissionCodes: ['PAGE_PAYMENTS_DETAIL'],
    },
  ],
  // A team lead: the team page and payments with their details, no refunds.
  caller: {
    roleCode: 'CUSTOM_LEAD',
    menuUrls: ['/home', '/transactions/payments', '/settings/team'],
    permissionCodes: ['PAGE_PAYMENTS_DETAIL', 'API_MEMBER_UPDATE'],
  },
};
