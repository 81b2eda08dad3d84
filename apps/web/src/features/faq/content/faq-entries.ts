/**
 * The FAQ's content: what a merchant asks about payments, refunds, disputes, settlements and
 * payment links. Figures come from the contracts where they live there, so the answers cannot
 * drift from what the server enforces.
 */
import { PAYMENT_LINK_MAX_DAYS, TEST_CARDS } from '@mbo/contracts/payment-links';
import { REFUND_PERIOD_DAYS } from '@mbo/contracts/refunds';

export const FAQ_CATEGORIES = ['Payments', 'Refunds', 'Disputes', 'Settlements', 'Payment links and testing'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** A block of an answer: a paragraph, or a bullet list. */
export type FaqBlock = string | string[];

export interface FaqEntry {
  id: string;
  category: FaqCategory;
  question: string;
  answer: FaqBlock[];
}

const groupCard = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

export const FAQ_ENTRIES: FaqEntry[] = [
  // Payments -----------------------------------------------------------------------------------
  {
    id: 'payment-statuses',
    category: 'Payments',
    question: 'What do the payment statuses mean?',
    answer: [
      'Every payment has one of four statuses:',
      [
        'Pending: the customer started paying and the payment method has not confirmed yet (for example a bank transfer or a card that needs more checks).',
        'Success: the money was captured. The gross amount goes to your pending balance and becomes available once it settles.',
        'Failed: the payment method declined the payment; no money moved.',
        'Cancelled: the payment was abandoned or cancelled before it completed; no money moved.',
      ],
      'Beside the status, the list shows the refund state (partially refunded, refunded) and a dispute state when the customer disputed the payment.',
    ],
  },
  {
    id: 'payment-find',
    category: 'Payments',
    question: 'How do I find a specific payment?',
    answer: [
      "Open Transactions → Payments and type a payment id, your merchant order number or the customer's email in the search box. You can narrow the list by created date, status, payment method type and name, currency, amount range and country.",
      'The filters are kept in the page address, so you can bookmark a view or send the link to a colleague and they will see the same list.',
    ],
  },
  {
    id: 'payment-fees',
    category: 'Payments',
    question: 'How are gross, fee and net amounts calculated?',
    answer: [
      'Gross is what the customer paid. The fee is what the payment provider charges for the payment (a rate plus a fixed amount, per your pay-in service). Net is gross minus the fee, and is what reaches your balance.',
      'Every movement is a balanced double-entry ledger posting, so balances are always derived from the transactions behind them and never edited by hand.',
    ],
  },
  {
    id: 'payment-card-data',
    category: 'Payments',
    question: 'Why can I only see part of the card number?',
    answer: [
      'For PCI DSS compliance a card number is never shown or exported in full. You see at most the first six digits (the BIN, which identifies the issuing bank) and the last four digits, for example 424242••••••4242.',
    ],
  },
  {
    id: 'payment-currencies',
    category: 'Payments',
    question: 'How are amounts in different currencies shown?',
    answer: [
      'Amounts are kept in the smallest unit of each currency (cents for USD, for example) and shown with the number of decimals the currency has under ISO 4217.',
      'JPY, KRW, IDR and VND have no decimals: ¥1,000 is stored as 1000 and you can never enter ¥1,000.50.',
    ],
  },
  {
    id: 'payment-export',
    category: 'Payments',
    question: 'How do I export payments or refunds?',
    answer: [
      'Use the Export button on the payments or refunds list, or open Transactions → Reports. Choose the date range, the filters, the columns, the time zone and CSV or XLSX. The file is built in the background and you can watch its progress and download it when it is ready.',
      'You can run one export at a time: while your previous export is still running, a new one answers "last export not completed".',
    ],
  },
  // Refunds ------------------------------------------------------------------------------------
  {
    id: 'refund-how',
    category: 'Refunds',
    question: 'How do I refund a payment?',
    answer: [
      'Open the payment (Transactions → Payments → the payment), click Refund, choose the full amount or enter a partial amount, pick a reason (and add a note when the reason is "Other"), then confirm.',
      'You need the refund permission of your role. If the Refund button is greyed out, hover over it to see why: for example your role may not refund, or the payment is not refundable.',
    ],
  },
  {
    id: 'refund-rules',
    category: 'Refunds',
    question: 'Which payments can be refunded?',
    answer: [
      'A refund is accepted only when all of these hold:',
      [
        'The payment succeeded. Pending, failed and cancelled payments answer "Refund is not allowed."',
        'The payment has not been refunded before: one refund per payment, full or partial. A second one answers "Payment can only be refunded once."',
        `The payment is at most ${REFUND_PERIOD_DAYS} days old. Older ones answer "Refund period expires."`,
        'The amount has no decimals in a zero-decimal currency (JPY, KRW, IDR, VND), otherwise "No decimals."',
        'Your available balance in the payment\'s currency covers the refund, otherwise "Insufficient balance in merchant payable accout."',
      ],
    ],
  },
  {
    id: 'refund-partial',
    category: 'Refunds',
    question: 'Can I refund part of a payment, and then the rest later?',
    answer: [
      'You can refund part of a payment, but only once: each payment takes a single refund. If you may need to give back more later, refund the full amount you expect to return in one go.',
    ],
  },
  {
    id: 'refund-statuses',
    category: 'Refunds',
    question: 'What do the refund statuses mean and how long does a refund take?',
    answer: [
      'A refund starts as Processing while the payment method sends the money back to the customer, then moves to Success or Failed.',
      [
        'Processing: the amount has left your available balance and is on its way to the customer.',
        "Success: the customer has been refunded. Card refunds usually show on the customer's statement within 5 to 10 business days.",
        'Failed: the payment method could not return the money (for example a closed card account). The amount goes back to your available balance, and the refund detail shows the failure reason.',
      ],
    ],
  },
  {
    id: 'refund-balance',
    category: 'Refunds',
    question: 'Why does a refund need available balance?',
    answer: [
      "A refund is paid from your available balance in the payment's currency, never from pending funds, and the balance can never go below zero, even when several refunds are made at the same moment. If it does not cover the refund, wait for pending funds to settle and try again.",
    ],
  },
  {
    id: 'refund-retry',
    category: 'Refunds',
    question: 'I clicked Refund twice (or my connection dropped). Was the customer refunded twice?',
    answer: [
      'No. Every refund request carries an idempotency key: a retry of the same request returns the first answer and moves no money again. And a payment takes only one refund anyway.',
    ],
  },
  // Disputes -----------------------------------------------------------------------------------
  {
    id: 'dispute-types',
    category: 'Disputes',
    question: 'What is the difference between a customer dispute and a chargeback?',
    answer: [
      'A customer dispute is a complaint raised with the payment provider before the card network is involved; answering it well often settles it without money leaving your account.',
      "A chargeback is raised by the customer's bank through the card network. The disputed amount is reserved from your balance until the case is decided.",
    ],
  },
  {
    id: 'dispute-statuses',
    category: 'Disputes',
    question: 'What do the dispute statuses mean?',
    answer: [
      [
        'Evidence required: you need to respond before the due date. The home page and the header show how many disputes are waiting.',
        'Under review: your evidence was submitted and the case is being decided.',
        'Won: the case was decided in your favour; any reserved amount returns to your balance.',
        'Lost: the case was decided for the customer; the amount is deducted.',
        'Accepted: you accepted the dispute instead of contesting it; the amount is deducted.',
        'Expired: the due date passed without evidence; the dispute is lost.',
      ],
    ],
  },
  {
    id: 'dispute-evidence',
    category: 'Disputes',
    question: 'How do I respond to a dispute, and what evidence should I send?',
    answer: [
      'Open the dispute, upload evidence by category (PDF, JPG or PNG files), save it as a draft while you collect it, and submit when it is complete. Once submitted, evidence cannot be changed.',
      'Good evidence answers the reason of the dispute: proof of delivery with tracking for "product not received", the product description and your communication with the customer for "product unacceptable", or the refund you already made for "credit not processed".',
    ],
  },
  {
    id: 'dispute-money',
    category: 'Disputes',
    question: 'What happens to my balance when a dispute opens?',
    answer: [
      "The disputed amount and the dispute fee are moved to your reserved balance at once: from the payment's clearing batch when it has not settled yet (the settlement then shows it as a dispute adjustment), otherwise from your available balance.",
      'A dispute is never refused for lack of balance: if your available balance does not cover it, it goes below zero and your next settlements pay it back first. Until then, refunds and withdrawals wait.',
      'If you win, the amount and the fee return to your available balance. If you lose, accept, or let the due date pass, the amount goes back to the cardholder and the fee is charged.',
    ],
  },
  {
    id: 'dispute-due-date',
    category: 'Disputes',
    question: 'What happens if I miss the due date of a dispute?',
    answer: [
      'The dispute expires and is treated as lost. Due dates that are close are highlighted in the disputes list; sort or filter by due date to see what needs attention first.',
    ],
  },
  // Settlements --------------------------------------------------------------------------------
  {
    id: 'settlement-when',
    category: 'Settlements',
    question: 'When do I get paid?',
    answer: [
      'Every successful payment joins a clearing batch. A batch settles T+N working days after it closes, where N comes from your pay-in service. Weekends and public holidays are skipped; the settlement calendar shows the expected days and amounts.',
      "Until it settles, a payment's net amount sits in your pending balance; after settlement it moves to your available balance and can be paid out to your bank account.",
    ],
  },
  {
    id: 'settlement-amount',
    category: 'Settlements',
    question: 'Why is my settlement lower than my sales?',
    answer: [
      'A settlement is net: gross sales minus fees, refunds and dispute adjustments (and any reserve your agreement applies). The settlement detail lists every transaction included and the breakdown.',
    ],
  },
  {
    id: 'settlement-balances',
    category: 'Settlements',
    question: 'What are the available, pending and reserved balances?',
    answer: [
      [
        'Available: settled funds you can refund from, withdraw or pay out.',
        'Pending: captured payments that have not settled yet.',
        'Reserved: funds held back, for example for open chargebacks.',
      ],
    ],
  },
  // Payment links and testing ------------------------------------------------------------------
  {
    id: 'link-create',
    category: 'Payment links and testing',
    question: 'How do payment links work?',
    answer: [
      `Create a link in Transactions → Payment links with an amount, a currency and a description. A link is single-use (paid once) or reusable, and expires after 1 to ${PAYMENT_LINK_MAX_DAYS} days. Copy the link or show its QR code to your customer; it opens a secure checkout page, no login needed.`,
      'A link is Active until it is paid (single-use), expires, or you deactivate it. Payments made through it appear in the payments list like any other.',
    ],
  },
  {
    id: 'test-cards',
    category: 'Payment links and testing',
    question: 'Which test cards can I use in the sandbox?',
    answer: [
      'In the sandbox, pay with these card numbers, any future expiry date and any 3-digit CVC:',
      [
        `${groupCard(TEST_CARDS.SUCCESS)}: the payment succeeds.`,
        `${groupCard(TEST_CARDS.DECLINED)}: the payment is declined and fails.`,
        `${groupCard(TEST_CARDS.PENDING)}: the payment stays pending.`,
      ],
      'Sandbox refunds move from Processing to a final status on a schedule, just as real ones do.',
    ],
  },
];
