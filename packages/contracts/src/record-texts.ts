/**
 * The sentences the product itself writes into its records: failure and end reasons, timeline notes and
 * the names of the system actors ("Sandbox bank"). They are stored in English, as the merchant API and
 * exports show them; the web says them again in the reader's language (the `records` namespace, this
 * table's English and record-texts-zh-cn.ts' Chinese) by reading a stored sentence back into its key
 * and values (`parseRecordText`). A sentence no key matches (an approver's typed reason, a record
 * written before a wording changed) reads as stored.
 *
 * Values are written `{{name}}` (i18next's interpolation), and a value that is itself a record text is
 * said again too ("Refund R1: Declined by the sandbox"). A key with `_one` and `_other` forms is chosen
 * by its `count`, as i18next does.
 */
export const RECORD_TEXTS = {
  // Actors that are not people.
  actorCardNetwork: 'Card network',
  actorSandboxNetwork: 'Card network (sandbox)',
  actorSandboxBank: 'Bank (sandbox)',
  actorChargeJob: 'Subscription charge job',
  actorDueDateJob: 'Due date job',

  // Payments (sandbox card outcomes) and their decline reasons.
  cardDeclinedSandbox: 'Card declined (sandbox test card)',
  unknownTestCard: 'Unknown test card',
  subscriptionPendingCard: 'This card cannot start a subscription (sandbox pending card)',
  renewalDeclined: 'Card declined on renewal (sandbox test card)',
  declined: 'Declined',
  declineInsufficientFunds: 'Insufficient funds',
  declineByIssuer: 'Card declined by issuer',
  declineDoNotHonor: 'Do not honor',
  declineExpiredCard: 'Expired card',
  declineThreeDSecure: '3-D Secure authentication failed',
  declineSuspectedFraud: 'Suspected fraud',
  declineWalletNotCompleted: 'Customer did not complete the payment',
  declineWalletBalance: 'Insufficient wallet balance',
  declineTimedOut: 'Payment timed out',

  // Refunds.
  refundDeclinedSandbox: 'Declined by the sandbox',
  refundRef: 'Refund {{id}}',
  refundRefBecause: 'Refund {{id}}: {{reason}}',
  refundOfPayment: 'Refund of payment {{paymentId}}',

  // Disputes.
  disputeRef: 'Dispute {{id}}',
  chargebackRef: 'Chargeback {{id}}',
  inquiryRef: 'Customer dispute {{id}}',
  chargebackOpenedBatch: 'Chargeback opened on payment {{paymentId}}; held from its unsettled batch {{batchId}}',
  chargebackOpenedBalance: 'Chargeback opened on payment {{paymentId}}; held from the available balance',
  inquiryOpenedBatch: 'Customer dispute opened on payment {{paymentId}}; held from its unsettled batch {{batchId}}',
  inquiryOpenedBalance: 'Customer dispute opened on payment {{paymentId}}; held from the available balance',
  evidenceDraft: 'Evidence saved as a draft',
  disputeUnderReview: 'Evidence submitted; the card network reviews it',
  disputeWon: 'Decided in your favour: the held amount and fee are released to your available balance',
  disputeLost: "Decided in the cardholder's favour: the amount goes back to the cardholder and the fee is charged",
  disputeAccepted: 'Accepted: the amount goes back to the cardholder and the fee is charged',
  evidenceExpired:
    'No evidence submitted by the due date: the amount goes back to the cardholder and the fee is charged',

  // Approvals (withdrawals, payouts and batches held for a second user).
  approved: 'Approved',
  rejectedReturned: 'Rejected. Amount returned to the available balance',
  rejectedBecauseReturned: 'Rejected: {{reason}}. Amount returned to the available balance',
  rejectedByApprover: 'Rejected by the approver',
  batchRejectedByApprover: 'Batch rejected by the approver',

  // What waits for a second user's approval (the approvals queue).
  approvalWithdrawal: 'Withdrawal to {{bank}} {{account}}',
  approvalPayout: 'Payout to {{beneficiary}}',
  approvalBatch_one: 'Batch {{file}} ({{count}} payout)',
  approvalBatch_other: 'Batch {{file}} ({{count}} payouts)',

  // Withdrawals.
  withdrawalReserved: '{{amount}} reserved from the available balance; fee {{fee}}, {{net}} to the bank account',
  withdrawalReservedAwaiting:
    '{{amount}} reserved from the available balance; fee {{fee}}, {{net}} to the bank account. Above the approval threshold: waiting for a second user’s approval',
  sentToBank: 'Sent to the bank',
  withdrawalPaid: 'Paid to the bank account',
  withdrawalReturned: '{{amount}} returned to the available balance',
  bankRefusedSandbox: 'The bank refused the transfer (sandbox).',

  // Bank accounts (the sandbox bank's check).
  bankAccountNameMismatch: 'The account holder’s name does not match the bank’s records.',

  // Payouts.
  payoutReserved: 'Amount and fee reserved from the available balance',
  payoutReservedAwaiting: 'Amount and fee reserved; above the approval threshold: waiting for a second user’s approval',
  payoutSentToBank: 'Sent to the beneficiary’s bank',
  payoutPaid: 'Paid to the beneficiary',
  payoutFailedReturned: '{{reason}} Amount and fee returned to the available balance.',
  payoutAccountClosed: 'The beneficiary’s account is closed.',
  payoutNameMismatch: 'The beneficiary’s name does not match the account.',
  batchSubmitted_one: 'Batch of {{count}} payout submitted; amount and fee reserved',
  batchSubmitted_other: 'Batch of {{count}} payouts submitted; amounts and fees reserved',
  batchSubmittedAwaiting_one:
    'Batch of {{count}} payout submitted; amount and fee reserved. Above the approval threshold: waiting for a second user’s approval',
  batchSubmittedAwaiting_other:
    'Batch of {{count}} payouts submitted; amounts and fees reserved. Above the approval threshold: waiting for a second user’s approval',
  batchEveryPaid: 'Every payout paid',
  batchSomeFailed_one: '{{count}} payout failed; its amount and fee returned to the available balance',
  batchSomeFailed_other: '{{count}} payouts failed; their amounts and fees returned to the available balance',

  // Subscription agreements.
  agreementFirstCharge: 'First charge {{paymentId}} succeeded',
  agreementCycleCharged: 'Cycle {{cycle}} charged: payment {{paymentId}}',
  agreementCycleDeclined:
    'Cycle {{cycle}} declined ({{reason}}): payment {{paymentId}}; retry {{attempt}} of {{attempts}} {{days}} days after the due date',
  agreementCancelledAfterRetries:
    'Charge for cycle {{cycle}} declined {{failed}} times ({{reason}}); cancelled after the last retry',
  agreementCancelsAtPeriodEnd: 'Cancels at the end of the current period; no further charge',
  agreementCancelledNow: 'Cancelled now; no further charge',
  agreementCancelledBy: 'Cancelled by {{actor}}',
  agreementEveryCycleCharged_one: '{{count}} cycle charged',
  agreementEveryCycleCharged_other: 'All {{count}} cycles charged',
  agreementEndedAtPeriodEnd: 'Cancelled at the end of the period',
  withPayment: '{{reason}} (payment {{paymentId}})',
} as const satisfies Record<string, string>;

type PluralKey<K> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

/** A record text's key, its plural forms named once ("batchSubmitted"). */
export type RecordTextKey = PluralKey<keyof typeof RECORD_TEXTS>;

export type RecordTextValues = Readonly<Record<string, string | number>>;

const TEXTS: Readonly<Record<string, string>> = RECORD_TEXTS;

/** The English sentence of a key with its values, as the server stores it. */
export function recordText(key: RecordTextKey, values: RecordTextValues = {}): string {
  const template =
    TEXTS[key] ?? TEXTS[`${key}_${values.count === 1 ? 'one' : 'other'}`] ?? TEXTS[`${key}_other`] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

/** A stored sentence read back: its key (plural forms named once) and the values it was written with. */
export interface ParsedRecordText {
  key: RecordTextKey;
  values: Record<string, string>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Matcher {
  key: RecordTextKey;
  pattern: RegExp;
  /** Characters of the template outside its values: the more, the more specific the match. */
  weight: number;
}

let matchers: Matcher[] | undefined;

function allMatchers(): Matcher[] {
  matchers ??= Object.entries(TEXTS)
    .map(([name, template]) => {
      const parts = template.split(/\{\{(\w+)\}\}/);
      const source = parts
        .map((part, i) => (i % 2 === 0 ? escapeRegExp(part) : `(?<${part}>${part === 'count' ? '\\d+' : '.+?'})`))
        .join('');
      return {
        key: name.replace(/_(one|other)$/, '') as RecordTextKey,
        pattern: new RegExp(`^${source}$`, 's'),
        weight: parts.filter((_, i) => i % 2 === 0).join('').length,
      };
    })
    .sort((a, b) => b.weight - a.weight);
  return matchers;
}

/** Longer text is no record text (and is not matched: a value may hold what a person typed). */
const MAX_RECORD_TEXT = 2_000;

/** The key and values a stored sentence was written with, or null when no record text matches it. */
export function parseRecordText(text: string): ParsedRecordText | null {
  if (text.length > MAX_RECORD_TEXT) return null;
  for (const m of allMatchers()) {
    const found = m.pattern.exec(text);
    if (found) return { key: m.key, values: { ...found.groups } };
  }
  return null;
}

/**
 * A stored sentence said again in a language: `say` words a key with its values (an i18next `t` of
 * the `records` namespace; `stored` is the sentence it stands for, its fallback). Each value that is
 * itself a record text is said again first; a sentence no record text matches is returned as stored.
 */
export function sayRecordText(
  text: string,
  say: (key: RecordTextKey, values: Record<string, string | number>, stored: string) => string,
): string {
  const parsed = parseRecordText(text);
  if (!parsed) return text;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(parsed.values))
    values[name] = name === 'count' ? Number(value) : sayRecordText(value, say);
  return say(parsed.key, values, text);
}
