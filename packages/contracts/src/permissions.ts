/** Permission codes: the spec's (section 6) and the ones the product adds in the same style. */
export const PERMISSION_CODES = [
  'API_DISPUTES_UPLOAD',
  'API_DISPUTES_UPDATE',
  'API_DISPUTES_DOWNLOAD',
  'API_DISPUTES_STATUS_COUNT',
  'API_MEMBER_ADD',
  'API_PAYMENT_REFUND',
  'PAGE_API_DOCS',
  'API_SETTLEMENT_CALENDAR',
  'API_SUBSCRIPTION_AGREEMENTS_CANCEL',
  'API_PAYMENT_LINK_ADD',
  'API_MEMBER_UPDATE',
  'API_REPORT_EXPORT',
  'API_WITHDRAW_CREATE',
  'API_PAYOUT_CREATE',
  /** Maker-checker: approve or reject a withdrawal, payout or batch above the approval threshold, and set the thresholds. */
  'API_PAYOUT_APPROVE',
  'API_BANK_ACCOUNT_UPDATE',
  'API_INTEGRATION_UPDATE',
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
] as const;

export type PermissionCode = (typeof PERMISSION_CODES)[number];

/** The answer of is-permission-allowed for one code. */
export type PermissionVerdict = 'ALLOW' | 'DENY';
