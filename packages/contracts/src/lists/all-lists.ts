/** Every list definition of the product, for the tests that hold each of them to the list kit's rules. */
import { AGREEMENTS_LIST } from './agreements-list';
import { AUDIT_LOG_LIST } from './audit-log-list';
import { BALANCE_TRANSACTIONS_LIST } from './balance-transactions-list';
import { BANK_ACCOUNTS_LIST } from './bank-accounts-list';
import { DISPUTES_LIST } from './disputes-list';
import { EXPORTS_LIST } from './exports-list';
import type { ListDefinition } from './list-definition';
import { MEMBERS_LIST } from './members-list';
import { PAYIN_SERVICES_LIST } from './payin-services-list';
import { PAYMENT_LINKS_LIST } from './payment-links-list';
import { PAYMENTS_LIST } from './payments-list';
import { PAYOUT_SERVICES_LIST } from './payout-services-list';
import { PAYOUT_BATCHES_LIST, PAYOUTS_LIST } from './payouts-list';
import { REFUNDS_LIST } from './refunds-list';
import { REPORT_SCHEDULES_LIST } from './report-schedules-list';
import { SETTLEMENT_BATCH_HISTORY_LIST, SETTLEMENT_BATCHES_LIST, SETTLEMENTS_LIST } from './settlements-list';
import { WEBHOOK_DELIVERIES_LIST } from './webhook-deliveries-list';
import { WITHDRAWALS_LIST } from './withdrawals-list';

export const ALL_LISTS: readonly ListDefinition[] = [
  PAYMENTS_LIST,
  REFUNDS_LIST,
  PAYMENT_LINKS_LIST,
  EXPORTS_LIST,
  REPORT_SCHEDULES_LIST,
  PAYIN_SERVICES_LIST,
  BALANCE_TRANSACTIONS_LIST,
  SETTLEMENTS_LIST,
  SETTLEMENT_BATCHES_LIST,
  SETTLEMENT_BATCH_HISTORY_LIST,
  DISPUTES_LIST,
  BANK_ACCOUNTS_LIST,
  WITHDRAWALS_LIST,
  PAYOUT_SERVICES_LIST,
  PAYOUTS_LIST,
  PAYOUT_BATCHES_LIST,
  AGREEMENTS_LIST,
  MEMBERS_LIST,
  AUDIT_LOG_LIST,
  WEBHOOK_DELIVERIES_LIST,
];
