import type { Email } from './email';
import { layout } from './templates';

export interface DisputeMailFacts {
  disputeId: string;
  kind: 'Customer dispute' | 'Chargeback';
  merchantName: string;
  /** "129.99 EUR". */
  amount: string;
  fee: string;
  reason: string;
  /** "2026-12-01 17:00 (Europe/Amsterdam)". */
  due: string;
  link: string;
}

/** A dispute opened: what is held, why, by when to answer. */
export function disputeOpenedEmail(to: string, f: DisputeMailFacts): Email {
  const intro = `A ${f.kind.toLowerCase()} of ${f.amount} was opened against a payment to ${f.merchantName} (reason: ${f.reason}).`;
  const money = `The disputed amount and the dispute fee of ${f.fee} are held in your reserved balance until the dispute is decided.`;
  const action = `Submit your evidence or accept the dispute by ${f.due}. Without an answer by then it is lost.`;
  return {
    to,
    subject: `${f.kind} ${f.disputeId}: respond by ${f.due}`,
    text: `${intro}\n\n${money}\n\n${action}\n\nOpen the dispute: ${f.link}\n`,
    html: layout(
      `${f.kind} opened`,
      [intro, money, action],
      { label: 'Open the dispute', url: f.link },
      'If the button does not work, open this link:',
    ),
  };
}

/** Two days before the due date, the dispute still needs evidence. */
export function disputeDueSoonEmail(to: string, f: DisputeMailFacts): Email {
  const intro = `The ${f.kind.toLowerCase()} ${f.disputeId} of ${f.amount} (${f.reason}) for ${f.merchantName} still needs your answer.`;
  const action = `Submit your evidence or accept it by ${f.due}. Without an answer by then it is lost and the amount and fee of ${f.fee} are debited.`;
  return {
    to,
    subject: `Reminder: ${f.kind.toLowerCase()} ${f.disputeId} is due ${f.due}`,
    text: `${intro}\n\n${action}\n\nOpen the dispute: ${f.link}\n`,
    html: layout(
      'A dispute is due soon',
      [intro, action],
      { label: 'Open the dispute', url: f.link },
      'If the button does not work, open this link:',
    ),
  };
}
