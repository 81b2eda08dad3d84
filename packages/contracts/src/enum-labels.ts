/**
 * The one label map of the product: every enum (code list) of the contracts, by its exported name,
 * with the table of words people read for its codes — or, for the few never shown as words, why not.
 * enum-labels.test.ts walks every export of the contracts and fails on an enum that is in neither.
 * The tables themselves live in status-labels.ts (statuses), code-labels.ts (other codes) and, for a
 * few older ones, beside their enum; this module only ties them to their enums (it is not bundled).
 */
import { REFUND_BLOCK_LABELS } from './payments';
import { DISPUTE_REASON_LABELS, DISPUTE_TYPE_LABELS } from './lists/disputes-list';
import { WEBHOOK_DELIVERY_KIND_LABELS } from './lists/webhook-deliveries-list';
import {
  API_KEY_MODE_LABELS,
  APPROVAL_KIND_LABELS,
  AUDIT_OUTCOME_LABELS,
  BANK_ACCOUNT_SCHEME_LABELS,
  DISPUTE_FUNDING_SOURCE_LABELS,
  EXPORT_FORMAT_LABELS,
  EXPORT_TYPE_LABELS,
  MEMBER_STATUS_LABELS,
  MERCHANT_PRODUCT_LABELS,
  LOCALE_LABELS,
  THEME_CHOICE_LABELS,
  PAYMENT_METHOD_NAME_LABELS,
  PAYMENT_METHOD_TYPE_LABELS,
  ROLE_ACTION_KIND_LABELS,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_DISABLED_REASON_LABELS,
} from './code-labels';
import { EVIDENCE_CATEGORY_LABELS, EVIDENCE_TEXT_LABELS } from './dispute-reasons';
import { WEBHOOK_EVENT_LABELS } from './integration';
import { PAYOUT_PURPOSE_LABELS, PAYOUT_ROW_LABELS } from './payout-rows';
import { PAYOUT_ARRIVAL_LABELS, PAYOUT_METHOD_TYPE_LABELS } from './payout-services';
import { PERMISSION_LABELS } from './permission-labels';
import { REFUND_REASONS } from './refunds';
import {
  REPORT_SCHEDULE_FREQUENCY_LABELS,
  REPORT_SCHEDULE_RUN_STATUS_LABELS,
  REPORT_SCHEDULE_STATUS_LABELS,
} from './report-schedules';
import {
  AGREEMENT_STATUS_LABELS,
  BALANCE_TRANSACTION_TYPE_LABELS,
  BANK_ACCOUNT_STATUS_LABELS,
  BATCH_STATUS_LABELS,
  DISPUTE_STATUS_LABELS,
  EXPORT_STATUS_LABELS,
  PAYIN_SERVICE_STATUS_LABELS,
  PAYMENT_LINK_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYOUT_BATCH_STATUS_LABELS,
  PAYOUT_SERVICE_STATUS_LABELS,
  PAYOUT_STATUS_LABELS,
  REFUND_STATE_LABELS,
  REFUND_STATUS_LABELS,
  SETTLEMENT_STATUS_LABELS,
  WITHDRAWAL_STATUS_LABELS,
} from './status-labels';
import { SEARCH_KIND_LABELS, SEARCH_MATCH_LABELS } from './search';
import { PLAN_INTERVAL_LABELS } from './subscriptions';
import { AUDIT_ACTION_LABELS, ROLE_LABELS } from './team';

type LabelTable = Readonly<Record<string, string>>;

/**
 * Enum (its exported name) → the words of its codes, in English: the source of the translations
 * (enum-labels-zh-cn.ts has the same kinds in Simplified Chinese; labels.ts reads either).
 */
export const ENUM_LABELS = {
  // Statuses (status-labels.ts).
  PAYMENT_STATUSES: PAYMENT_STATUS_LABELS,
  REFUND_STATUSES: REFUND_STATUS_LABELS,
  REFUND_STATES: REFUND_STATE_LABELS,
  DISPUTE_STATUSES: DISPUTE_STATUS_LABELS,
  DISPUTE_OPEN_STATUSES: DISPUTE_STATUS_LABELS,
  PAYMENT_LINK_STATUSES: PAYMENT_LINK_STATUS_LABELS,
  EXPORT_STATUSES: EXPORT_STATUS_LABELS,
  PAYIN_SERVICE_STATUSES: PAYIN_SERVICE_STATUS_LABELS,
  PAYOUT_SERVICE_STATUSES: PAYOUT_SERVICE_STATUS_LABELS,
  BALANCE_TRANSACTION_TYPES: BALANCE_TRANSACTION_TYPE_LABELS,
  SETTLEMENT_STATUSES: SETTLEMENT_STATUS_LABELS,
  BATCH_STATUSES: BATCH_STATUS_LABELS,
  BATCH_STATES: BATCH_STATUS_LABELS,
  WITHDRAWAL_STATUSES: WITHDRAWAL_STATUS_LABELS,
  IN_FLIGHT_WITHDRAWAL_STATUSES: WITHDRAWAL_STATUS_LABELS,
  BANK_ACCOUNT_STATUSES: BANK_ACCOUNT_STATUS_LABELS,
  PAYOUT_STATUSES: PAYOUT_STATUS_LABELS,
  PAYOUT_BATCH_STATUSES: PAYOUT_BATCH_STATUS_LABELS,
  AGREEMENT_STATUSES: AGREEMENT_STATUS_LABELS,
  // Other codes (code-labels.ts).
  PAYMENT_METHOD_TYPES: PAYMENT_METHOD_TYPE_LABELS,
  PAYMENT_METHOD_NAMES: PAYMENT_METHOD_NAME_LABELS,
  MEMBER_STATUSES: MEMBER_STATUS_LABELS,
  AUDIT_OUTCOMES: AUDIT_OUTCOME_LABELS,
  MERCHANT_PRODUCTS: MERCHANT_PRODUCT_LABELS,
  APPROVAL_KINDS: APPROVAL_KIND_LABELS,
  EXPORT_TYPES: EXPORT_TYPE_LABELS,
  REPORT_CENTRE_TYPES: EXPORT_TYPE_LABELS,
  EXPORT_FORMATS: EXPORT_FORMAT_LABELS,
  WEBHOOK_DELIVERY_STATUSES: WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_DISABLED_REASONS: WEBHOOK_DISABLED_REASON_LABELS,
  API_KEY_MODES: API_KEY_MODE_LABELS,
  ROLE_ACTION_KINDS: ROLE_ACTION_KIND_LABELS,
  BANK_ACCOUNT_SCHEMES: BANK_ACCOUNT_SCHEME_LABELS,
  DISPUTE_FUNDING_SOURCES: DISPUTE_FUNDING_SOURCE_LABELS,
  // Tables kept beside their enums.
  DISPUTE_TYPES: DISPUTE_TYPE_LABELS,
  DISPUTE_REASON_CODES: DISPUTE_REASON_LABELS,
  REFUND_REASON_CODES: Object.fromEntries(REFUND_REASONS.map((r) => [r.value, r.label])),
  REFUND_BLOCKS: REFUND_BLOCK_LABELS,
  WEBHOOK_DELIVERY_KINDS: WEBHOOK_DELIVERY_KIND_LABELS,
  WEBHOOK_EVENT_TYPES: WEBHOOK_EVENT_LABELS,
  PERMISSION_CODES: PERMISSION_LABELS,
  ROLE_CODES: ROLE_LABELS,
  AUDIT_ACTIONS: AUDIT_ACTION_LABELS,
  EVIDENCE_CATEGORIES: EVIDENCE_CATEGORY_LABELS,
  EVIDENCE_TEXT_FIELDS: EVIDENCE_TEXT_LABELS,
  PAYOUT_ROW_FIELDS: PAYOUT_ROW_LABELS,
  PAYOUT_PURPOSES: PAYOUT_PURPOSE_LABELS,
  PAYOUT_METHOD_TYPES: PAYOUT_METHOD_TYPE_LABELS,
  PAYOUT_ARRIVALS: PAYOUT_ARRIVAL_LABELS,
  SEARCH_KINDS: SEARCH_KIND_LABELS,
  SEARCH_MATCHES: SEARCH_MATCH_LABELS,
  THEME_CHOICES: THEME_CHOICE_LABELS,
  REPORT_SCHEDULE_FREQUENCIES: REPORT_SCHEDULE_FREQUENCY_LABELS,
  REPORT_SCHEDULE_STATUSES: REPORT_SCHEDULE_STATUS_LABELS,
  REPORT_SCHEDULE_RUN_STATUSES: REPORT_SCHEDULE_RUN_STATUS_LABELS,
  PLAN_INTERVALS: Object.fromEntries(Object.entries(PLAN_INTERVAL_LABELS).map(([code, words]) => [code, words.one])),
  LOCALES: LOCALE_LABELS,
} as const satisfies Readonly<Record<string, LabelTable>>;

/** The name of an enum that has words: the `kind` of label(). */
export type LabelKind = keyof typeof ENUM_LABELS;

const SORTS = 'a sort of a list: its column headers and sort menu say it in words';

/** Why a validator's error codes have no label: each is a sentence with values. */
const VALIDATOR_CODES =
  "a validator's error codes: the web words each as a sentence with its values (lib/validator-errors.ts)";

/** Enums never shown as words, and why. A list's column keys are not here: its definition titles each column. */

export const ENUMS_NOT_SHOWN: Readonly<Record<string, string>> = {
  CURRENCIES: 'ISO 4217 codes are the words people read ("12.00 EUR")',
  PAYABLE_COUNTRIES: 'ISO country codes: the web names each country with Intl.DisplayNames (lib/country-name.ts)',
  SYSTEM_ERROR_CODES: "error codes: the catalogue's message is shown, the code only as a reference for support",
  RESULT_CODES: "error codes: the catalogue's message is shown, the code only as a reference for support",
  EVIDENCE_CONTENT_TYPES: 'file types an upload is checked against; an evidence file is shown by its category',
  API_OBJECT_NAMES: 'the `object` field of the REST API, read by API clients',
  LIST_KEYS: "a saved view's list key, read by code",
  LINK_TYPES: 'the kind of an emailed link, in its URL',
  CANCEL_WHEN: 'the cancel dialog words each choice as a sentence',
  DISPUTE_DOCUMENT_KINDS: 'the download buttons name the documents',
  PERMISSION_VERDICTS: "the permission check's answer, read by code",
  SHARED_PAGES: 'route paths of the pages every product has (product-pages.ts), read by code',
  ACCOUNT_FIELDS: 'the fields of a bank account an error is on: each form names its fields with its own labels',
  ACCOUNT_ERROR_CODES: VALIDATOR_CODES,
  PAYOUT_ROW_ERROR_CODES: VALIDATOR_CODES,
  PAYOUT_CELL_ERROR_CODES: VALIDATOR_CODES,
  PAYMENT_SORTS: SORTS,
  REFUND_SORTS: SORTS,
  DISPUTE_SORTS: SORTS,
  PAYMENT_LINK_SORTS: SORTS,
  PAYIN_SERVICE_SORTS: SORTS,
  PAYOUT_SERVICE_SORTS: SORTS,
  BALANCE_TRANSACTION_SORTS: SORTS,
  SETTLEMENT_SORTS: SORTS,
  BATCH_SORTS: SORTS,
  AGREEMENT_SORTS: SORTS,
  MEMBER_SORTS: SORTS,
  AUDIT_SORTS: SORTS,
  WEBHOOK_DELIVERY_SORTS: SORTS,
  WITHDRAWAL_SORTS: SORTS,
  PAYOUT_SORTS: SORTS,
  BANK_ACCOUNT_SORTS: SORTS,
};
