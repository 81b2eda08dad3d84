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
  /** Create, edit and delete the merchant's custom roles (Settings → Team → Roles). */
  'API_ROLE_MANAGE',
  'API_REPORT_EXPORT',
  'API_WITHDRAW_CREATE',
  'API_PAYOUT_CREATE',
  /**
   * Maker-checker: approve or reject a withdrawal, payout or batch above the approval threshold, and set the
   * thresholds.
   */
  'API_PAYOUT_APPROVE',
  'API_BANK_ACCOUNT_UPDATE',
  /** Show a bank account's full number (Settings → Bank accounts → Reveal); every reveal is audited. */
  'API_BANK_ACCOUNT_REVEAL',
  'API_INTEGRATION_UPDATE',
  /** Create and revoke API keys of the merchant REST API (Settings → Integration). */
  'API_KEY_MANAGE',
  /**
   * The sandbox clock (servers with SANDBOX_CLOCK only): settle the merchant's batches as of a later day; it moves
   * money.
   */
  'API_SETTLEMENT_SANDBOX_ADVANCE',
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
  /** Settings → Team → Audit log (owners and admins). */
  'PAGE_AUDIT_LOG',
] as const;

export type PermissionCode = (typeof PERMISSION_CODES)[number];

/** The answer of is-permission-allowed for one code. */
export const PERMISSION_VERDICTS = ['ALLOW', 'DENY'] as const;
export type PermissionVerdict = (typeof PERMISSION_VERDICTS)[number];

/** What each code opens or allows (its own module: the web app's first load carries the codes only). */
export { PERMISSION_LABELS } from './permission-labels';
