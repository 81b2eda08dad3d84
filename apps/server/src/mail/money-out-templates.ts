import type { Email } from './email';
import { layout } from './templates';

export type BankAccountChange = 'ADDED' | 'REMOVED' | 'DEFAULT' | 'VERIFIED' | 'REJECTED';

export interface BankAccountMailFacts {
  change: BankAccountChange;
  merchantName: string;
  /** "ING Bank •••• 4300 (EUR)". */
  account: string;
  /** Who made the change ("olivia@…"), or null for the bank's verification. */
  by: string | null;
  reason: string | null;
  link: string;
}

const SUBJECTS: Record<BankAccountChange, string> = {
  ADDED: 'A bank account was added',
  REMOVED: 'A bank account was removed',
  DEFAULT: 'Your default bank account changed',
  VERIFIED: 'A bank account was verified',
  REJECTED: 'A bank account could not be verified',
};

/**
 * A change to where the merchant's money can go, mailed to its owners: a bank account added, removed
 * or made default (by whom: a change they did not make is a warning sign), or verified or rejected.
 */
export function bankAccountChangedEmail(to: string, f: BankAccountMailFacts): Email {
  const what: Record<BankAccountChange, string> = {
    ADDED: `The bank account ${f.account} was added to ${f.merchantName}${f.by ? ` by ${f.by}` : ''}. It can receive withdrawals once the bank has verified it.`,
    REMOVED: `The bank account ${f.account} was removed from ${f.merchantName}${f.by ? ` by ${f.by}` : ''}.`,
    DEFAULT: `Withdrawals of ${f.merchantName} in this currency now go to ${f.account} by default${f.by ? ` (changed by ${f.by})` : ''}.`,
    VERIFIED: `The bank verified the account ${f.account} of ${f.merchantName}. It can receive withdrawals now.`,
    REJECTED: `The bank could not verify the account ${f.account} of ${f.merchantName}${f.reason ? `: ${f.reason}` : ''}. Check the details and add it again.`,
  };
  const paragraphs = [what[f.change]];
  if (f.by) paragraphs.push('If you did not expect this change, review your team’s access and your bank accounts now.');
  return {
    to,
    subject: SUBJECTS[f.change],
    text: `${paragraphs.join('\n\n')}\n\nOpen your bank accounts: ${f.link}\n`,
    html: layout(SUBJECTS[f.change], paragraphs, { label: 'Open bank accounts', url: f.link }),
  };
}
