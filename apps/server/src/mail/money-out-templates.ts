import type { Email } from './email';
import { recordWords, t, type Locale } from '../lib/i18n/i18n';
import { layout } from './templates';

export type BankAccountChange = 'ADDED' | 'REMOVED' | 'DEFAULT' | 'VERIFIED' | 'REJECTED';

export interface BankAccountMailFacts {
  change: BankAccountChange;
  merchantName: string;
  /** "ING Bank •••• 4300 (EUR)": the number masked, never in full. */
  account: string;
  /** Who made the change ("olivia@…"), or null for the bank's verification. */
  by: string | null;
  /** Why the bank refused it: a record text (said again in the recipient's language), or null. */
  reason: string | null;
  link: string;
}

/** The sentence of each change (mail:bankAccount.what.*), its `By` form when a person made it. */
const WHAT: Record<BankAccountChange, string> = {
  ADDED: 'added',
  REMOVED: 'removed',
  DEFAULT: 'default',
  VERIFIED: 'verified',
  REJECTED: 'rejected',
};

/**
 * A change to where the merchant's money can go, mailed to its owners: a bank account added, removed
 * or made default (by whom: a change they did not make is a warning sign), or verified or rejected.
 * In the recipient's language (`lang`; its words are `mail:bankAccount.*`).
 */
export function bankAccountChangedEmail(to: string, f: BankAccountMailFacts, lang: Locale = 'en'): Email {
  const m = (key: string, values: Record<string, unknown> = {}) => t(`mail:bankAccount.${key}`, lang, values);
  const facts = {
    account: f.account,
    merchant: f.merchantName,
    by: f.by,
    // The sentence ends it: its own full stop goes.
    reason: f.reason === null ? null : recordWords(f.reason, lang).replace(/[.。]$/, ''),
  };
  const what = WHAT[f.change];
  const sentence =
    f.change === 'REJECTED'
      ? m(f.reason === null ? 'what.rejected' : 'what.rejectedBecause', facts)
      : m(f.by === null || f.change === 'VERIFIED' ? `what.${what}` : `what.${what}By`, facts);
  const paragraphs = [sentence];
  if (f.by) paragraphs.push(m('unexpected'));
  const subject = m(`subject.${what}`);
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${m('textAction', { url: f.link })}\n`,
    html: layout(subject, paragraphs, { label: m('action'), url: f.link }, lang),
  };
}
