/**
 * The FAQ's content: what a merchant asks about payments, refunds, disputes, settlements and
 * payment links. The words live in the `faq` namespace (locales/<lng>/faq.json, `entries.<id>`:
 * a question and an answer whose blocks are keyed "0", "1", …; a block that is itself keyed is a
 * bullet list). Figures come from the contracts where they live there, so the answers cannot drift
 * from what the server enforces.
 */
import type { TFunction } from 'i18next';
import { PAYMENT_LINK_MAX_DAYS, TEST_CARDS } from '@mbo/contracts/payment-links';
import { REFUND_PERIOD_DAYS } from '@mbo/contracts/refunds';

/** The categories, in order; the English name is the `category` value of the page's URL. */
export const FAQ_CATEGORIES = ['Payments', 'Refunds', 'Disputes', 'Settlements', 'Payment links and testing'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** Each category's key under `categories` in the faq namespace. */
export const FAQ_CATEGORY_KEYS: Readonly<Record<FaqCategory, string>> = {
  Payments: 'payments',
  Refunds: 'refunds',
  Disputes: 'disputes',
  Settlements: 'settlements',
  'Payment links and testing': 'linksAndTesting',
};

/** A block of an answer: a paragraph, or a bullet list. */
export type FaqBlock = string | string[];

export interface FaqEntry {
  id: string;
  category: FaqCategory;
  question: string;
  answer: FaqBlock[];
}

/** The entries, in order, by id (their key under `entries`) and category. */
export const FAQ_ENTRY_IDS: ReadonlyArray<readonly [string, FaqCategory]> = [
  ['payment-statuses', 'Payments'],
  ['payment-find', 'Payments'],
  ['payment-fees', 'Payments'],
  ['payment-card-data', 'Payments'],
  ['payment-currencies', 'Payments'],
  ['payment-export', 'Payments'],
  ['refund-how', 'Refunds'],
  ['refund-rules', 'Refunds'],
  ['refund-partial', 'Refunds'],
  ['refund-statuses', 'Refunds'],
  ['refund-balance', 'Refunds'],
  ['refund-retry', 'Refunds'],
  ['dispute-types', 'Disputes'],
  ['dispute-statuses', 'Disputes'],
  ['dispute-evidence', 'Disputes'],
  ['dispute-money', 'Disputes'],
  ['dispute-due-date', 'Disputes'],
  ['settlement-when', 'Settlements'],
  ['settlement-amount', 'Settlements'],
  ['settlement-balances', 'Settlements'],
  ['link-create', 'Payment links and testing'],
  ['test-cards', 'Payment links and testing'],
];

const groupCard = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The figures the answers quote. */
const FIGURES = {
  refundDays: REFUND_PERIOD_DAYS,
  linkMaxDays: PAYMENT_LINK_MAX_DAYS,
  cardSuccess: groupCard(TEST_CARDS.SUCCESS),
  cardDeclined: groupCard(TEST_CARDS.DECLINED),
  cardPending: groupCard(TEST_CARDS.PENDING),
};

type Keyed = Record<string, unknown>;
/** A keyed object's values in the order of their keys ("0", "1", …). */
const inOrder = (keyed: Keyed) =>
  Object.keys(keyed)
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => keyed[k]);

/** The entries in the language of `t` (useTranslation('faq')'s). */
export function faqEntries(t: TFunction): FaqEntry[] {
  return FAQ_ENTRY_IDS.map(([id, category]) => {
    const answer = t(`entries.${id}.answer`, { returnObjects: true, ...FIGURES }) as unknown as Keyed;
    return {
      id,
      category,
      question: t(`entries.${id}.question`),
      answer: inOrder(answer).map((block) =>
        typeof block === 'string' ? block : (inOrder(block as Keyed) as string[]),
      ),
    };
  });
}
