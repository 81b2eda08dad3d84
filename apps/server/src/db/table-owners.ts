/**
 * Each table's owning module: the one folder whose code writes it. Another module that needs to
 * change a table calls the owner's functions (through the owner's entry file); a read model that
 * joins another module's tables for a list or an export names them in a `@reads` line of its file's
 * header, so that whoever changes a table can find every reader with one search.
 * `db/table-owners.test.ts` holds the code to this map. Demo and bench data (`seed/`) and the tests
 * write where they need to, and are left out.
 *
 * The owner is a folder of apps/server/src: `modules/<name>` as `<name>`, or a folder of its own
 * (`plugins`, `mail`, `db`).
 */
export const TABLE_OWNERS = {
  // Money in
  payments: 'payments',
  payin_services: 'payin-services',
  payment_links: 'payment-links',
  refunds: 'refunds',
  disputes: 'disputes',
  dispute_files: 'disputes',
  agreements: 'subscriptions',
  // Money's books and batches
  ledger_accounts: 'ledger',
  ledger_entries: 'ledger',
  ledger_transactions: 'ledger',
  settlement_batches: 'settlements',
  settlements: 'settlements',
  // Money out
  bank_accounts: 'bank-accounts',
  withdrawals: 'withdrawals',
  withdrawal_agreements: 'withdrawals',
  payouts: 'payouts',
  payout_batches: 'payouts',
  payout_services: 'payout-services',
  // Every entity's timeline (the detail pages' history)
  events: 'timeline',
  // Merchants, people and access
  merchants: 'merchants',
  users: 'auth',
  user_links: 'auth',
  login_history: 'auth',
  password_history: 'auth',
  user_recovery_codes: 'two-factor',
  roles: 'team',
  user_merchant_access: 'team',
  audit_log: 'audit',
  sessions: 'plugins',
  rate_limits: 'plugins',
  saved_views: 'saved-views',
  // Integration
  api_keys: 'api-keys',
  webhook_endpoints: 'webhooks',
  webhook_events: 'webhooks',
  webhook_deliveries: 'webhooks',
  webhook_attempts: 'webhooks',
  idempotency_keys: 'idempotency',
  // Files, mail and the data layer's own
  export_jobs: 'reports',
  report_schedules: 'report-schedules',
  report_schedule_runs: 'report-schedules',
  outbox_emails: 'mail',
  data_encryption_check: 'db',
} as const;

export type OwnedTable = keyof typeof TABLE_OWNERS;
