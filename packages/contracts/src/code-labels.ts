/**
 * The words a person reads for the codes that are not statuses (status-labels.ts has those): payment
 * methods and card brands, member states, products, export types, webhook deliveries, … Plain data
 * (no zod), like status-labels.ts, so the web app bundles it and the server writes the same words
 * (pay-method reference lists, exports). enum-labels.ts ties every enum of the contracts to its table.
 */
import type { PaymentMethodName, PaymentMethodType } from './acquiring';
import type { ApprovalKind } from './approvals';
import type { BANK_ACCOUNT_SCHEMES } from './bank-accounts';
import type { DISPUTE_FUNDING_SOURCES } from './disputes';
import type { ApiKeyMode, WEBHOOK_DISABLED_REASONS, WebhookDeliveryStatus } from './integration';
import type { ExportFormat, ExportType } from './reports';
import type { AuditOutcome, MemberStatus, ROLE_ACTION_KINDS } from './team';
import { statusLabel } from './status-labels';
import { LOCALE_NAMES, type Locale } from './locale';
import type { MerchantProduct, ThemeChoice } from './usercenter';

type Labels<C extends string> = Readonly<Record<C, string>>;

/**
 * The words of a code from one of the tables here, or the code in words when it is unknown ("NEW_WALLET" →
 * "New wallet").
 */
export const codeLabel = statusLabel;

/** A payment's payMethodType. */
export const PAYMENT_METHOD_TYPE_LABELS: Labels<PaymentMethodType> = {
  CARD: 'Card',
  EWALLET: 'E-wallet',
  BANK_TRANSFER: 'Bank transfer',
  QR: 'QR code',
};

/** A payment's payMethodName: card brands as the card networks write them, wallets and banks by their names. */
export const PAYMENT_METHOD_NAME_LABELS: Labels<PaymentMethodName> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  JCB: 'JCB',
  CARD: 'Card',
  PAYPAL: 'PayPal',
  GCASH: 'GCash',
  OVO: 'OVO',
  GRABPAY: 'GrabPay',
  SEPA: 'SEPA Direct Debit',
  IDEAL: 'iDEAL',
  VA_BCA: 'BCA Virtual Account',
  PAYNOW: 'PayNow',
  QRIS: 'QRIS',
};

/** A team member: invited (not signed up yet), active, or disabled. */
export const MEMBER_STATUS_LABELS: Labels<MemberStatus> = {
  INVITED: 'Invited',
  ACTIVE: 'Active',
  DISABLED: 'Disabled',
};

/** An audit event's (and a login's) outcome. */
export const AUDIT_OUTCOME_LABELS: Labels<AuditOutcome> = { SUCCESS: 'Success', FAILURE: 'Failure' };

/** The product a merchant signed: card payments, or payouts. */
export const MERCHANT_PRODUCT_LABELS: Labels<MerchantProduct> = { DIRECT_PAYMENT: 'Payments', PAYOUT: 'Payouts' };

/** The look a user picks in the user menu. */
export const THEME_CHOICE_LABELS: Labels<ThemeChoice> = { system: 'System', light: 'Light', dark: 'Dark' };

/** The languages of the product, each named in itself (the same words in every language). */
export const LOCALE_LABELS: Labels<Locale> = LOCALE_NAMES;

/** What an approval waits on. */
export const APPROVAL_KIND_LABELS: Labels<ApprovalKind> = {
  WITHDRAWAL: 'Withdrawal',
  PAYOUT: 'Payout',
  PAYOUT_BATCH: 'Payout batch',
};

/** What an export holds (Report centre). */
export const EXPORT_TYPE_LABELS: Labels<ExportType> = {
  PAYMENTS: 'Payments',
  REFUNDS: 'Refunds',
  DISPUTES: 'Disputes',
  BALANCE_TRANSACTIONS: 'Balance transactions',
  SETTLEMENTS: 'Settlements',
  SETTLEMENT_TRANSACTIONS: 'Settlement transactions',
  WITHDRAWALS: 'Withdrawals',
  PAYOUTS: 'Payouts',
  PAYOUT_BATCHES: 'Payout batches',
  AGREEMENTS: 'Subscription agreements',
  AUDIT_LOG: 'Audit log',
};

/** An export's file format: the formats' own names. */
export const EXPORT_FORMAT_LABELS: Labels<ExportFormat> = { CSV: 'CSV', XLSX: 'XLSX' };

/** A webhook delivery: not delivered yet (retrying), delivered, or given up. */
export const WEBHOOK_DELIVERY_STATUS_LABELS: Labels<WebhookDeliveryStatus> = {
  PENDING: 'Pending',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
};

/** Why an endpoint is off although nobody turned it off. */
export const WEBHOOK_DISABLED_REASON_LABELS: Labels<(typeof WEBHOOK_DISABLED_REASONS)[number]> = {
  FAILING: 'Failing',
};

/** An API key's environment. */
export const API_KEY_MODE_LABELS: Labels<ApiKeyMode> = { SANDBOX: 'Sandbox' };

/** A row of the roles matrix: a page, or an action on one. */
export const ROLE_ACTION_KIND_LABELS: Labels<(typeof ROLE_ACTION_KINDS)[number]> = { page: 'Page', action: 'Action' };

/** How a bank account number is written. */
export const BANK_ACCOUNT_SCHEME_LABELS: Labels<(typeof BANK_ACCOUNT_SCHEMES)[number]> = {
  IBAN: 'IBAN',
  LOCAL: 'Local account number',
};

/** Where a dispute's held amount was taken from. */
export const DISPUTE_FUNDING_SOURCE_LABELS: Labels<(typeof DISPUTE_FUNDING_SOURCES)[number]> = {
  BATCH: 'Clearing batch',
  AVAILABLE: 'Available balance',
};
