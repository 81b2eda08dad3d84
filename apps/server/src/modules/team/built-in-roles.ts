import type { AfterMigrations } from '../../db/migrate';

const DETAIL_PAGES = [
  'PAGE_PAYMENTS_DETAIL',
  'PAGE_REFUNDS_DETAIL',
  'PAGE_DISPUTES_DETAIL',
  'PAGE_SETTLEMENT_DETAIL',
  'PAGE_SETTLEMENT_BATCH_DETAIL',
  'PAGE_SETTLEMENT_BATCH_HISTORY',
  'PAGE_SETTLEMENT_BATCH_HISTORY_DETAIL',
  'PAGE_PAYOUT_DETAIL',
  'PAGE_PAYOUT_BATCH_DETAIL',
  'PAGE_AGREEMENT_DETAIL',
  'PAGE_PAYMENT_LINK_DETAIL',
];
const TRANSACTIONS = [
  '/transactions/payments',
  '/transactions/refunds',
  '/transactions/payment_link',
  '/transactions/disputes',
  '/transactions/reports',
  '/transactions/faq',
];
const SETTLEMENTS = ['/settlements/history', '/settlements/batch', '/settlements/estimation', '/settlements/calendar'];
const ACCOUNT = ['/account/balance', '/account/withdraw'];
const PAYOUTS = ['/payout/create', '/payout/history'];
const SUBSCRIPTIONS = ['/subscription/agreements'];
const SERVICES = ['/services/payin', '/services/payout'];

/** The seeded roles (PRODUCT.md). '*' grants every menu or code. */
export const ROLE_DEFINITIONS = [
  {
    code: 'OWNER',
    name: 'Owner',
    sortOrder: 1,
    description: 'Everything, including team and integration settings.',
    menuUrls: ['*'],
    permissionCodes: ['*'],
  },
  {
    code: 'ADMIN',
    name: 'Admin',
    sortOrder: 2,
    description: 'Everything the owner can do except granting the Owner role.',
    menuUrls: ['*'],
    permissionCodes: ['*'],
  },
  {
    code: 'FINANCE',
    name: 'Finance',
    sortOrder: 3,
    description: 'Money: refunds, settlements, balance, withdrawals, payouts and bank accounts.',
    menuUrls: [
      '/home',
      ...TRANSACTIONS,
      ...SETTLEMENTS,
      ...ACCOUNT,
      ...PAYOUTS,
      ...SUBSCRIPTIONS,
      ...SERVICES,
      '/settings/bank-accounts',
    ],
    permissionCodes: [
      ...DETAIL_PAGES,
      'API_PAYMENT_REFUND',
      'API_REPORT_EXPORT',
      'API_SETTLEMENT_CALENDAR',
      'API_SETTLEMENT_SANDBOX_ADVANCE',
      'API_WITHDRAW_CREATE',
      'API_PAYOUT_CREATE',
      'API_BANK_ACCOUNT_UPDATE',
      'API_BANK_ACCOUNT_REVEAL',
      'API_DISPUTES_STATUS_COUNT',
      'API_DISPUTES_DOWNLOAD',
    ],
  },
  {
    code: 'OPERATIONS',
    name: 'Operations',
    sortOrder: 4,
    description: 'Day-to-day: refunds, payment links, disputes and subscriptions.',
    menuUrls: ['/home', ...TRANSACTIONS, ...SUBSCRIPTIONS, ...SERVICES, '/account/balance', '/payout/history'],
    permissionCodes: [
      ...DETAIL_PAGES,
      'API_PAYMENT_REFUND',
      'API_PAYMENT_LINK_ADD',
      'API_REPORT_EXPORT',
      'API_DISPUTES_STATUS_COUNT',
      'API_DISPUTES_UPLOAD',
      'API_DISPUTES_UPDATE',
      'API_DISPUTES_DOWNLOAD',
      'API_SUBSCRIPTION_AGREEMENTS_CANCEL',
    ],
  },
  {
    code: 'DEVELOPER',
    name: 'Developer',
    sortOrder: 5,
    description: 'Integration: API keys, webhooks and the API docs; reads transactions.',
    menuUrls: [
      '/home',
      '/transactions/payments',
      '/transactions/refunds',
      '/transactions/faq',
      ...SERVICES,
      '/settings/integration',
    ],
    permissionCodes: [
      'PAGE_PAYMENTS_DETAIL',
      'PAGE_REFUNDS_DETAIL',
      'PAGE_API_DOCS',
      'API_INTEGRATION_UPDATE',
      'API_KEY_MANAGE',
      'API_DISPUTES_STATUS_COUNT',
    ],
  },
  {
    code: 'VIEWER',
    name: 'Viewer',
    sortOrder: 6,
    description: 'Reads lists and details; changes nothing. No settings.',
    menuUrls: ['/home', ...TRANSACTIONS, ...SETTLEMENTS, ...ACCOUNT, ...PAYOUTS, ...SUBSCRIPTIONS, ...SERVICES],
    // The calendar and the dispute downloads are reads (their codes gate the calls, server-checked): a viewer reads
    // them.
    permissionCodes: [...DETAIL_PAGES, 'API_DISPUTES_STATUS_COUNT', 'API_DISPUTES_DOWNLOAD', 'API_SETTLEMENT_CALENDAR'],
  },
];

/**
 * Writes the built-in roles after the migrations (migration-hooks.ts): at every start and in `npm run
 * migrate`, on every database, seeded or not, so a release's new grants (a new permission code for
 * Finance, say) reach production as they reach the demo.
 */
export const writeRoles: AfterMigrations = async (connection) => {
  for (const role of ROLE_DEFINITIONS) {
    await connection.executeSql(
      `INSERT INTO roles (code, name, description, menu_urls, permission_codes, sort_order)
       VALUES ($1, $2, $3, ARRAY(SELECT jsonb_array_elements_text($4::jsonb)), ARRAY(SELECT jsonb_array_elements_text($5::jsonb)), $6)
       ON CONFLICT (code) DO UPDATE SET name = excluded.name, description = excluded.description, menu_urls = excluded.menu_urls,
         permission_codes = excluded.permission_codes, sort_order = excluded.sort_order`,
      [
        role.code,
        role.name,
        role.description,
        JSON.stringify(role.menuUrls),
        JSON.stringify(role.permissionCodes),
        role.sortOrder,
      ],
    );
  }
};
