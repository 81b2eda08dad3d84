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

/** What each code opens or allows, for the roles matrix (Settings → Team → Roles). */
export const PERMISSION_LABELS: Record<PermissionCode, string> = {
  API_DISPUTES_UPLOAD: 'Upload dispute evidence',
  API_DISPUTES_UPDATE: 'Submit or accept a dispute',
  API_DISPUTES_DOWNLOAD: 'Download dispute evidence',
  API_DISPUTES_STATUS_COUNT: 'Count disputes that need evidence',
  API_MEMBER_ADD: 'Invite members',
  API_PAYMENT_REFUND: 'Refund payments',
  PAGE_API_DOCS: 'API docs',
  API_SETTLEMENT_CALENDAR: 'Settlement calendar',
  API_SUBSCRIPTION_AGREEMENTS_CANCEL: 'Cancel agreements',
  API_PAYMENT_LINK_ADD: 'Create payment links',
  API_MEMBER_UPDATE: 'Change roles, disable members, resend or revoke invitations',
  API_ROLE_MANAGE: 'Create, edit and delete custom roles',
  API_REPORT_EXPORT: 'Export reports',
  API_WITHDRAW_CREATE: 'Withdraw',
  API_PAYOUT_CREATE: 'Create payouts',
  API_PAYOUT_APPROVE: 'Approve withdrawals and payouts; set approval rules',
  API_BANK_ACCOUNT_UPDATE: 'Add and change bank accounts',
  API_BANK_ACCOUNT_REVEAL: 'Reveal full bank account numbers (audited)',
  API_INTEGRATION_UPDATE: 'Change webhook endpoints, send test events and replays',
  API_KEY_MANAGE: 'Create and revoke API keys',
  API_SETTLEMENT_SANDBOX_ADVANCE: 'Move the sandbox clock forward (settles batches early)',
  PAGE_PAYMENTS_DETAIL: 'Payment details',
  PAGE_REFUNDS_DETAIL: 'Refund details',
  PAGE_DISPUTES_DETAIL: 'Dispute details',
  PAGE_SETTLEMENT_DETAIL: 'Settlement details',
  PAGE_SETTLEMENT_BATCH_DETAIL: 'Clearing batch details',
  PAGE_SETTLEMENT_BATCH_HISTORY: 'Clearing batch history',
  PAGE_SETTLEMENT_BATCH_HISTORY_DETAIL: 'Clearing batch history details',
  PAGE_PAYOUT_DETAIL: 'Payout details',
  PAGE_PAYOUT_BATCH_DETAIL: 'Payout batch details',
  PAGE_AGREEMENT_DETAIL: 'Agreement details',
  PAGE_PAYMENT_LINK_DETAIL: 'Payment link details',
  PAGE_AUDIT_LOG: 'Audit log',
};
