import { describe, expect, it } from 'vitest';
import { DISPUTE_STATUSES } from './acquiring';
import { BALANCE_TRANSACTION_TYPES } from './balance-transactions';
import { PAYIN_SERVICE_STATUSES } from './payin-services';
import { PAYMENT_LINK_STATUSES } from './payment-links';
import { PAYMENT_STATUSES, REFUND_STATES } from './payments';
import { REFUND_STATUSES } from './refunds';
import { EXPORT_STATUSES } from './reports';
import { BATCH_STATUSES, SETTLEMENT_STATUSES } from './settlements';
import { BANK_ACCOUNT_STATUSES } from './bank-accounts';
import { PAYOUT_SERVICE_STATUSES } from './payout-services';
import { WITHDRAWAL_STATUSES } from './withdrawals';
import { PAYOUT_BATCH_STATUSES, PAYOUT_STATUSES } from './payouts';
import { AGREEMENT_STATUSES } from './subscriptions';
import {
  AGREEMENT_STATUS_LABELS,
  BALANCE_TRANSACTION_TYPE_LABELS,
  BANK_ACCOUNT_STATUS_LABELS,
  PAYOUT_SERVICE_STATUS_LABELS,
  WITHDRAWAL_STATUS_LABELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_BATCH_STATUS_LABELS,
  BATCH_STATUS_LABELS,
  DISPUTE_STATUS_LABELS,
  EXPORT_STATUS_LABELS,
  humanizeCode,
  PAYIN_SERVICE_STATUS_LABELS,
  PAYMENT_LINK_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  REFUND_STATE_LABELS,
  REFUND_STATUS_LABELS,
  SETTLEMENT_STATUS_LABELS,
  statusLabel,
} from './status-labels';

describe('status labels', () => {
  it('label every status code of every enum, and nothing else', () => {
    const tables: [readonly string[], Record<string, string>][] = [
      [PAYMENT_STATUSES, PAYMENT_STATUS_LABELS],
      [WITHDRAWAL_STATUSES, WITHDRAWAL_STATUS_LABELS],
      [PAYOUT_STATUSES, PAYOUT_STATUS_LABELS],
      [PAYOUT_BATCH_STATUSES, PAYOUT_BATCH_STATUS_LABELS],
      [BANK_ACCOUNT_STATUSES, BANK_ACCOUNT_STATUS_LABELS],
      [PAYOUT_SERVICE_STATUSES, PAYOUT_SERVICE_STATUS_LABELS],
      [REFUND_STATUSES, REFUND_STATUS_LABELS],
      [REFUND_STATES, REFUND_STATE_LABELS],
      [DISPUTE_STATUSES, DISPUTE_STATUS_LABELS],
      [PAYMENT_LINK_STATUSES, PAYMENT_LINK_STATUS_LABELS],
      [EXPORT_STATUSES, EXPORT_STATUS_LABELS],
      [PAYIN_SERVICE_STATUSES, PAYIN_SERVICE_STATUS_LABELS],
      [BALANCE_TRANSACTION_TYPES, BALANCE_TRANSACTION_TYPE_LABELS],
      [SETTLEMENT_STATUSES, SETTLEMENT_STATUS_LABELS],
      [BATCH_STATUSES, BATCH_STATUS_LABELS],
      [AGREEMENT_STATUSES, AGREEMENT_STATUS_LABELS],
    ];
    for (const [codes, labels] of tables) expect(Object.keys(labels).sort()).toEqual([...codes].sort());
  });

  it('give one word for success, whatever succeeded', () => {
    expect(PAYMENT_STATUS_LABELS.SUCCESS).toBe('Succeeded');
    expect(REFUND_STATUS_LABELS.SUCCESS).toBe('Succeeded');
    expect(statusLabel(REFUND_STATUS_LABELS, 'SUCCESS')).toBe('Succeeded');
  });

  it('name each balance transaction type by what moved the money', () => {
    expect(BALANCE_TRANSACTION_TYPE_LABELS).toEqual({
      CAPTURE: 'Capture',
      REFUND: 'Refund',
      REFUND_REVERSAL: 'Refund reversed',
      SETTLEMENT: 'Settlement',
      DISPUTE_HOLD: 'Dispute opened (held)',
      DISPUTE_RELEASE: 'Dispute won (released)',
      DISPUTE_DEBIT: 'Dispute lost (debited)',
      WITHDRAWAL: 'Withdrawal (reserved)',
      WITHDRAWAL_PAID: 'Withdrawal paid',
      WITHDRAWAL_RETURN: 'Withdrawal returned',
      TOP_UP: 'Top-up',
      PAYOUT: 'Payout (reserved)',
      PAYOUT_PAID: 'Payout paid',
      PAYOUT_RETURN: 'Payout returned',
    });
    expect(statusLabel(BALANCE_TRANSACTION_TYPE_LABELS, 'SUBSCRIPTION_CHARGE')).toBe('Subscription charge');
  });

  it('put an unknown code into words instead of showing it raw', () => {
    expect(statusLabel(PAYMENT_STATUS_LABELS, 'PARTIALLY_CAPTURED')).toBe('Partially captured');
    expect(statusLabel(PAYMENT_STATUS_LABELS, 'toString')).toBe('Tostring');
    expect(humanizeCode('card.declined')).toBe('Card declined');
  });
});
