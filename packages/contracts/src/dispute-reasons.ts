/**
 * Dispute reasons: card-network style codes, each with a plain-language explanation of what the
 * customer claims and the evidence that wins that reason (the detail page's checklist). Plain data,
 * shared by the server (validation, documents, exports) and the web app. Its English words are the one
 * source of the `dispute-reasons` namespace (DISPUTE_REASON_RESOURCE; Chinese: dispute-reasons-zh-cn.ts).
 */

/** Categories an evidence file is typed by. */
export const EVIDENCE_CATEGORIES = [
  'RECEIPT',
  'CUSTOMER_COMMUNICATION',
  'SHIPPING_PROOF',
  'PROOF_OF_DELIVERY',
  'REFUND_POLICY',
  'PRODUCT_DESCRIPTION',
  'SERVICE_DOCUMENTATION',
  'CANCELLATION_POLICY',
  'DUPLICATE_CHARGE_PROOF',
  'OTHER',
] as const;
export type EvidenceCategory = (typeof EVIDENCE_CATEGORIES)[number];

export const EVIDENCE_CATEGORY_LABELS: Readonly<Record<EvidenceCategory, string>> = {
  RECEIPT: 'Receipt or invoice',
  CUSTOMER_COMMUNICATION: 'Customer communication',
  SHIPPING_PROOF: 'Shipping documentation',
  PROOF_OF_DELIVERY: 'Proof of delivery',
  REFUND_POLICY: 'Refund policy',
  PRODUCT_DESCRIPTION: 'Product description',
  SERVICE_DOCUMENTATION: 'Service documentation',
  CANCELLATION_POLICY: 'Cancellation policy',
  DUPLICATE_CHARGE_PROOF: 'Proof the charges differ',
  OTHER: 'Other',
};

/** The evidence text fields of a dispute (saved as a draft, locked at submit). */
export const EVIDENCE_TEXT_FIELDS = [
  'productDescription',
  'customerCommunication',
  'shippingTracking',
  'refundPolicy',
  'explanation',
] as const;
export type EvidenceTextField = (typeof EVIDENCE_TEXT_FIELDS)[number];

export const EVIDENCE_TEXT_LABELS: Readonly<Record<EvidenceTextField, string>> = {
  productDescription: 'Product or service description',
  customerCommunication: 'Customer communication',
  shippingTracking: 'Shipping carrier and tracking number',
  refundPolicy: 'Refund and cancellation policy',
  explanation: 'Your explanation',
};

/** One item of a reason's evidence checklist: met by a file of one of its categories or by a text field. */
export interface EvidenceChecklistItem {
  label: string;
  categories: readonly EvidenceCategory[];
  textField?: EvidenceTextField;
}

export interface DisputeReason {
  code: string;
  /** The card network's style of code, shown beside the label. */
  networkCode: string;
  label: string;
  /** What the customer claims, in plain words. */
  explanation: string;
  /** What wins this reason, in plain words. */
  howToWin: string;
  checklist: readonly EvidenceChecklistItem[];
}

export const DISPUTE_REASONS = [
  {
    code: 'FRAUDULENT',
    networkCode: '10.4',
    label: 'Fraudulent',
    explanation: 'The cardholder says they did not authorise this payment: their card was used by someone else.',
    howToWin:
      'Show that the cardholder made or agreed to the purchase: their details match, they used what they bought, or they paid you before without disputing.',
    checklist: [
      { label: 'Receipt showing the billing details the customer entered', categories: ['RECEIPT'] },
      {
        label: 'Communication with the customer about the order',
        categories: ['CUSTOMER_COMMUNICATION'],
        textField: 'customerCommunication',
      },
      {
        label: 'Proof of delivery to the billing address',
        categories: ['PROOF_OF_DELIVERY', 'SHIPPING_PROOF'],
        textField: 'shippingTracking',
      },
      { label: 'Your explanation of why the payment is genuine', categories: [], textField: 'explanation' },
    ],
  },
  {
    code: 'PRODUCT_NOT_RECEIVED',
    networkCode: '13.1',
    label: 'Product not received',
    explanation: 'The customer says they paid but never received what they bought.',
    howToWin:
      'Show that the goods were delivered (or the service provided) before the dispute, to the address the customer gave.',
    checklist: [
      { label: 'Shipping carrier and tracking number', categories: ['SHIPPING_PROOF'], textField: 'shippingTracking' },
      { label: 'Proof of delivery (signature, photo, carrier confirmation)', categories: ['PROOF_OF_DELIVERY'] },
      { label: 'Receipt or invoice', categories: ['RECEIPT'] },
      {
        label: 'Communication in which the customer confirms receipt',
        categories: ['CUSTOMER_COMMUNICATION'],
        textField: 'customerCommunication',
      },
    ],
  },
  {
    code: 'NOT_AS_DESCRIBED',
    networkCode: '13.3',
    label: 'Not as described',
    explanation: 'The customer says what they received was defective, damaged or not what was described.',
    howToWin:
      'Show that the product matched its description at the time of purchase, and that the customer did not return it or you offered a remedy.',
    checklist: [
      {
        label: 'The product description as the customer saw it',
        categories: ['PRODUCT_DESCRIPTION'],
        textField: 'productDescription',
      },
      {
        label: 'Your refund and return policy, and how the customer saw it',
        categories: ['REFUND_POLICY'],
        textField: 'refundPolicy',
      },
      {
        label: 'Communication with the customer',
        categories: ['CUSTOMER_COMMUNICATION'],
        textField: 'customerCommunication',
      },
      { label: 'Your explanation', categories: [], textField: 'explanation' },
    ],
  },
  {
    code: 'DUPLICATE',
    networkCode: '12.6.1',
    label: 'Duplicate charge',
    explanation: 'The customer says they were charged more than once for the same purchase.',
    howToWin: 'Show that each charge was for a separate purchase, or that a duplicate was already refunded.',
    checklist: [
      { label: 'Receipts of both charges showing they differ', categories: ['DUPLICATE_CHARGE_PROOF', 'RECEIPT'] },
      { label: 'Your explanation of the two charges', categories: [], textField: 'explanation' },
    ],
  },
  {
    code: 'CREDIT_NOT_PROCESSED',
    networkCode: '13.6',
    label: 'Credit not processed',
    explanation:
      'The customer says they returned the product or cancelled, and were promised a refund they did not get.',
    howToWin:
      'Show that the refund was made, or that the customer is not entitled to one under the policy they agreed to.',
    checklist: [
      {
        label: 'Your refund policy, and how the customer agreed to it',
        categories: ['REFUND_POLICY'],
        textField: 'refundPolicy',
      },
      {
        label: 'Communication with the customer about the return',
        categories: ['CUSTOMER_COMMUNICATION'],
        textField: 'customerCommunication',
      },
      { label: 'Your explanation of why no refund is due', categories: [], textField: 'explanation' },
    ],
  },
  {
    code: 'SUBSCRIPTION_CANCELLED',
    networkCode: '13.2',
    label: 'Subscription cancelled',
    explanation: 'The customer says they cancelled a recurring payment before this charge.',
    howToWin:
      'Show that the customer had not cancelled before the charge, or used the service after the date they claim.',
    checklist: [
      {
        label: 'Your cancellation policy, and how the customer agreed to it',
        categories: ['CANCELLATION_POLICY'],
        textField: 'refundPolicy',
      },
      {
        label: 'Proof the customer used the service after the claimed cancellation',
        categories: ['SERVICE_DOCUMENTATION'],
      },
      {
        label: 'Communication with the customer',
        categories: ['CUSTOMER_COMMUNICATION'],
        textField: 'customerCommunication',
      },
    ],
  },
  {
    code: 'UNRECOGNIZED',
    networkCode: '4863',
    label: 'Unrecognised',
    explanation: 'The customer does not recognise the payment on their statement.',
    howToWin:
      'Show who the customer is and what they bought: the receipt, the delivery, and your business name as it appears on statements.',
    checklist: [
      { label: 'Receipt or invoice', categories: ['RECEIPT'] },
      { label: 'Product or service description', categories: ['PRODUCT_DESCRIPTION'], textField: 'productDescription' },
      {
        label: 'Proof of delivery or use',
        categories: ['PROOF_OF_DELIVERY', 'SERVICE_DOCUMENTATION'],
        textField: 'shippingTracking',
      },
    ],
  },
  {
    code: 'GENERAL',
    networkCode: '—',
    label: 'General',
    explanation: 'The customer disputes the payment for a reason that fits none of the others.',
    howToWin: "Answer the customer's claim directly with whatever documents support the payment.",
    checklist: [
      { label: 'Receipt or invoice', categories: ['RECEIPT'] },
      {
        label: 'Communication with the customer',
        categories: ['CUSTOMER_COMMUNICATION'],
        textField: 'customerCommunication',
      },
      { label: 'Your explanation', categories: [], textField: 'explanation' },
    ],
  },
] as const satisfies readonly DisputeReason[];

export type DisputeReasonCode = (typeof DISPUTE_REASONS)[number]['code'];
export const DISPUTE_REASON_CODES = DISPUTE_REASONS.map((r) => r.code) as [DisputeReasonCode, ...DisputeReasonCode[]];

/** The reason of a code; a code no longer known reads as GENERAL. */
export function disputeReasonOf(code: string): DisputeReason {
  return DISPUTE_REASONS.find((r) => r.code === code) ?? DISPUTE_REASONS[DISPUTE_REASONS.length - 1];
}

/** A reason's words as the `dispute-reasons` namespace holds them: its checklist by position ("0", "1", …). */
export interface DisputeReasonWords {
  explanation: string;
  howToWin: string;
  checklist: Readonly<Record<string, string>>;
}

/** The words of one reason, its checklist in the order of the reason's checklist. */
export function reasonWords(explanation: string, howToWin: string, checklist: readonly string[]): DisputeReasonWords {
  return { explanation, howToWin, checklist: Object.fromEntries(checklist.map((item, i) => [String(i), item])) };
}

/**
 * The English resource of the `dispute-reasons` namespace, from DISPUTE_REASONS itself: `<code>.explanation`,
 * `<code>.howToWin`, `<code>.checklist.<i>` (the web app's detail page; its zh-CN twin is dispute-reasons-zh-cn.ts).
 */
export const DISPUTE_REASON_RESOURCE = Object.fromEntries(
  DISPUTE_REASONS.map((r) => [
    r.code,
    reasonWords(
      r.explanation,
      r.howToWin,
      r.checklist.map((item) => item.label),
    ),
  ]),
) as Readonly<Record<DisputeReasonCode, DisputeReasonWords>>;
