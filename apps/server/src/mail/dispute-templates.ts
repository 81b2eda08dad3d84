import type { Email } from './email';
import { t, type Locale } from '../lib/i18n/i18n';
import { layout } from './templates';

export interface DisputeMailFacts {
  disputeId: string;
  type: 'CUSTOMER_DISPUTE' | 'CHARGEBACK';
  merchantName: string;
  /** "129.99 EUR". */
  amount: string;
  fee: string;
  /** The reason's words in the recipient's language. */
  reason: string;
  /** "2026-12-01 17:00 (Europe/Amsterdam)". */
  due: string;
  link: string;
}

/** The texts of one dispute mail (`mail:dispute.<which>.*`) in the recipient's language, with its facts. */
function disputeTexts(which: 'opened' | 'dueSoon', f: DisputeMailFacts, lang: Locale) {
  const values = {
    kind: t(`mail:dispute.kind.${f.type}`, lang),
    kindInText: t(`mail:dispute.kindInText.${f.type}`, lang),
    disputeId: f.disputeId,
    merchant: f.merchantName,
    amount: f.amount,
    fee: f.fee,
    reason: f.reason,
    due: f.due,
  };
  return {
    m: (key: string) => t(`mail:dispute.${which}.${key}`, lang, values),
    textAction: t('mail:dispute.textAction', lang, { url: f.link }),
    button: { label: t('mail:dispute.action', lang), url: f.link },
  };
}

/** A dispute opened: what is held, why, by when to answer. In the recipient's language (`lang`). */
export function disputeOpenedEmail(to: string, f: DisputeMailFacts, lang: Locale = 'en'): Email {
  const { m, textAction, button } = disputeTexts('opened', f, lang);
  const paragraphs = [m('intro'), m('money'), m('deadline')];
  return {
    to,
    subject: m('subject'),
    text: `${paragraphs.join('\n\n')}\n\n${textAction}\n`,
    html: layout(m('title'), paragraphs, button, lang),
  };
}

/** Two days before the due date, the dispute still needs evidence. In the recipient's language (`lang`). */
export function disputeDueSoonEmail(to: string, f: DisputeMailFacts, lang: Locale = 'en'): Email {
  const { m, textAction, button } = disputeTexts('dueSoon', f, lang);
  const paragraphs = [m('intro'), m('deadline')];
  return {
    to,
    subject: m('subject'),
    text: `${paragraphs.join('\n\n')}\n\n${textAction}\n`,
    html: layout(m('title'), paragraphs, button, lang),
  };
}
