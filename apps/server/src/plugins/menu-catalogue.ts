import type { MenuItem, MerchantProduct } from '@mbo/contracts/usercenter';
import { grants } from './session-store';

/**
 * Every menu of the product. A user's menu is this tree filtered by the active merchant's product
 * type and by the role's menu URLs and permission codes (the client renders what it gets).
 */
export interface MenuDefinition {
  id: string;
  name: string;
  url: string;
  icon?: string;
  /** Product types that have this item; absent means all. */
  products?: MerchantProduct[];
  /** Detail pages (PAGE_*) and actions (API_*) under this item, each with the URL it opens or calls. */
  permissions?: { code: string; url: string }[];
  children?: MenuDefinition[];
}

const PG: MerchantProduct[] = ['DIRECT_PAYMENT'];
const PAYOUT: MerchantProduct[] = ['PAYOUT'];

export const MENU_CATALOGUE: MenuDefinition[] = [
  { id: 'home', name: 'Home', url: '/home', icon: 'HomeOutlined' },
  {
    id: 'transactions',
    name: 'Transactions',
    url: '/transactions',
    icon: 'TransactionOutlined',
    products: PG,
    children: [
      {
        id: 'payments',
        name: 'Payments',
        url: '/transactions/payments',
        permissions: [
          { code: 'PAGE_PAYMENTS_DETAIL', url: '/transactions/payments_detail' },
          { code: 'API_PAYMENT_REFUND', url: '/acquiring/web/v1/payment/refund' },
        ],
      },
      {
        id: 'refunds',
        name: 'Refunds',
        url: '/transactions/refunds',
        permissions: [{ code: 'PAGE_REFUNDS_DETAIL', url: '/transactions/refunds_detail' }],
      },
      {
        id: 'payment-links',
        name: 'Payment links',
        url: '/transactions/payment_link',
        permissions: [
          { code: 'PAGE_PAYMENT_LINK_DETAIL', url: '/transactions/payment_link/detail' },
          { code: 'API_PAYMENT_LINK_ADD', url: '/acquiring/web/v1/payment-link/create' },
        ],
      },
      {
        id: 'disputes',
        name: 'Disputes',
        url: '/transactions/disputes',
        permissions: [
          { code: 'PAGE_DISPUTES_DETAIL', url: '/transactions/disputes/detail' },
          { code: 'API_DISPUTES_STATUS_COUNT', url: '/acquiringmerchant/web/v1/dispute-order/status/count' },
          { code: 'API_DISPUTES_UPLOAD', url: '/acquiringmerchant/web/v1/dispute-order/evidence/upload' },
          { code: 'API_DISPUTES_UPDATE', url: '/acquiringmerchant/web/v1/dispute-order/submit' },
          { code: 'API_DISPUTES_DOWNLOAD', url: '/acquiringmerchant/web/v1/dispute-order/evidence/download' },
        ],
      },
      {
        id: 'reports',
        name: 'Reports',
        url: '/transactions/reports',
        permissions: [{ code: 'API_REPORT_EXPORT', url: '/report/web/v1/export/create' }],
      },
      { id: 'faq', name: 'FAQ', url: '/transactions/faq' },
    ],
  },
  {
    id: 'settlements',
    name: 'Settlements',
    url: '/settlements',
    icon: 'BankOutlined',
    products: PG,
    children: [
      {
        id: 'settlement-history',
        name: 'Settlement history',
        url: '/settlements/history',
        permissions: [{ code: 'PAGE_SETTLEMENT_DETAIL', url: '/settlements/detail' }],
      },
      {
        id: 'settlement-batches',
        name: 'Clearing batches',
        url: '/settlements/batch',
        permissions: [
          { code: 'PAGE_SETTLEMENT_BATCH_DETAIL', url: '/settlements/batch/detail' },
          { code: 'PAGE_SETTLEMENT_BATCH_HISTORY', url: '/settlements/batch/history' },
          { code: 'PAGE_SETTLEMENT_BATCH_HISTORY_DETAIL', url: '/settlements/batch/history/detail' },
          // The sandbox clock's "Move time forward" (closes and settles batches: a write, not a read of the page).
          { code: 'API_SETTLEMENT_SANDBOX_ADVANCE', url: '/settlement/web/v1/sandbox/advance' },
        ],
      },
      { id: 'settlement-estimation', name: 'Estimation', url: '/settlements/estimation' },
      {
        id: 'settlement-calendar',
        name: 'Calendar',
        url: '/settlements/calendar',
        permissions: [{ code: 'API_SETTLEMENT_CALENDAR', url: '/settlement/web/v1/calendar' }],
      },
    ],
  },
  {
    id: 'account',
    name: 'Account',
    url: '/account',
    icon: 'WalletOutlined',
    children: [
      { id: 'balance', name: 'Balance', url: '/account/balance' },
      {
        id: 'withdraw',
        name: 'Withdraw',
        url: '/account/withdraw',
        permissions: [
          { code: 'API_WITHDRAW_CREATE', url: '/account/web/v1/withdraw/create' },
          { code: 'API_PAYOUT_APPROVE', url: '/account/web/v1/approval/approve' },
        ],
      },
    ],
  },
  {
    id: 'payout',
    name: 'Payouts',
    url: '/payout',
    icon: 'SendOutlined',
    products: PAYOUT,
    children: [
      {
        id: 'payout-create',
        name: 'Create payout',
        url: '/payout/create',
        permissions: [{ code: 'API_PAYOUT_CREATE', url: '/payout/web/v1/payout/create' }],
      },
      {
        id: 'payout-history',
        name: 'Payout history',
        url: '/payout/history',
        permissions: [
          { code: 'PAGE_PAYOUT_DETAIL', url: '/payout/history/detail' },
          { code: 'PAGE_PAYOUT_BATCH_DETAIL', url: '/payout/history/batch/detail' },
          { code: 'API_PAYOUT_APPROVE', url: '/account/web/v1/approval/approve' },
        ],
      },
      // The report centre, for payout merchants (card merchants find it under Transactions): the same page.
      {
        id: 'payout-reports',
        name: 'Reports',
        url: '/transactions/reports',
        permissions: [{ code: 'API_REPORT_EXPORT', url: '/report/web/v1/export/create' }],
      },
    ],
  },
  {
    id: 'subscription',
    name: 'Subscriptions',
    url: '/subscription',
    icon: 'SyncOutlined',
    products: PG,
    children: [
      {
        id: 'agreements',
        name: 'Agreements',
        url: '/subscription/agreements',
        permissions: [
          { code: 'PAGE_AGREEMENT_DETAIL', url: '/subscription/agreements/detail' },
          { code: 'API_SUBSCRIPTION_AGREEMENTS_CANCEL', url: '/acquiring/web/v1/agreement/cancel' },
        ],
      },
    ],
  },
  {
    id: 'services',
    name: 'Services',
    url: '/services',
    icon: 'AppstoreOutlined',
    children: [
      { id: 'services-payin', name: 'Pay-in methods', url: '/services/payin', products: PG },
      { id: 'services-payout', name: 'Payout methods', url: '/services/payout', products: PAYOUT },
    ],
  },
  {
    id: 'settings',
    name: 'Settings',
    url: '/settings',
    icon: 'SettingOutlined',
    children: [
      {
        id: 'team',
        name: 'Team',
        url: '/settings/team',
        permissions: [
          { code: 'API_MEMBER_ADD', url: '/usercenter/web/v1/merchant-user-manage/invite' },
          { code: 'API_MEMBER_UPDATE', url: '/usercenter/web/v1/merchant-user-manage/update-role' },
          // The Roles tab's custom roles: create, edit, delete.
          { code: 'API_ROLE_MANAGE', url: '/usercenter/web/v1/role/create' },
          // A tab of the team page (owners and admins: their '*').
          { code: 'PAGE_AUDIT_LOG', url: '/settings/team' },
        ],
      },
      {
        id: 'bank-accounts',
        name: 'Bank accounts',
        url: '/settings/bank-accounts',
        permissions: [
          { code: 'API_BANK_ACCOUNT_UPDATE', url: '/account/web/v1/bank-account/update' },
          { code: 'API_BANK_ACCOUNT_REVEAL', url: '/account/web/v1/bank-account/reveal' },
        ],
      },
      {
        id: 'integration',
        name: 'Integration',
        url: '/settings/integration',
        permissions: [
          { code: 'PAGE_API_DOCS', url: '/settings/integration/api-docs' },
          { code: 'API_INTEGRATION_UPDATE', url: '/usercenter/web/v1/integration/webhook/update' },
          { code: 'API_KEY_MANAGE', url: '/usercenter/web/v1/integration/api-key/create' },
        ],
      },
    ],
  },
];

/** The menu a role sees for a merchant product type; containers appear only with a visible child. */
export function menuFor(product: string, menuUrls: string[], permissionCodes: string[]): MenuItem[] {
  const build = (defs: MenuDefinition[]): MenuItem[] =>
    defs.flatMap((def): MenuItem[] => {
      if (def.products && !def.products.includes(product as MerchantProduct)) return [];
      const childMenus = def.children ? build(def.children) : [];
      const visible = def.children ? childMenus.length > 0 : grants(menuUrls, def.url);
      if (!visible) return [];
      return [
        {
          menuId: def.id,
          menuName: def.name,
          menuUrl: def.url,
          icon: def.icon ?? null,
          permissions: (def.permissions ?? [])
            .filter((p) => grants(permissionCodes, p.code))
            .map((p) => ({ permissionCode: p.code, resourceUrl: p.url })),
          childMenus,
        },
      ];
    });
  return build(MENU_CATALOGUE);
}
