import { AGREEMENT_STATUSES as AGREEMENT_STATUS_CODES } from '@mbo/contracts/subscriptions';
import { AGREEMENT_STATUS_LABELS } from '@mbo/contracts/status-labels';
import type { Option, PayMethod } from '@mbo/contracts/acquiring';

/** Reference data: the payment methods the provider offers, by type and name. */
export const PAY_METHODS: PayMethod[] = [
  {
    payMethodType: 'CARD',
    payMethodTypeLabel: 'Card',
    payMethodName: 'VISA',
    payMethodNameLabel: 'Visa',
    countries: ['US', 'GB', 'DE', 'FR', 'NL', 'SG', 'JP', 'ID', 'PH'],
    currencies: ['USD', 'EUR', 'GBP', 'SGD', 'JPY', 'IDR', 'PHP'],
  },
  {
    payMethodType: 'CARD',
    payMethodTypeLabel: 'Card',
    payMethodName: 'MASTERCARD',
    payMethodNameLabel: 'Mastercard',
    countries: ['US', 'GB', 'DE', 'FR', 'NL', 'SG', 'JP', 'ID', 'PH'],
    currencies: ['USD', 'EUR', 'GBP', 'SGD', 'JPY', 'IDR', 'PHP'],
  },
  {
    payMethodType: 'CARD',
    payMethodTypeLabel: 'Card',
    payMethodName: 'AMEX',
    payMethodNameLabel: 'American Express',
    countries: ['US', 'GB', 'SG', 'JP'],
    currencies: ['USD', 'GBP', 'SGD', 'JPY'],
  },
  {
    payMethodType: 'CARD',
    payMethodTypeLabel: 'Card',
    payMethodName: 'JCB',
    payMethodNameLabel: 'JCB',
    countries: ['JP', 'SG'],
    currencies: ['JPY', 'SGD'],
  },
  {
    payMethodType: 'EWALLET',
    payMethodTypeLabel: 'E-wallet',
    payMethodName: 'PAYPAL',
    payMethodNameLabel: 'PayPal',
    countries: ['US', 'GB', 'DE', 'FR', 'NL'],
    currencies: ['USD', 'EUR', 'GBP'],
  },
  {
    payMethodType: 'EWALLET',
    payMethodTypeLabel: 'E-wallet',
    payMethodName: 'GCASH',
    payMethodNameLabel: 'GCash',
    countries: ['PH'],
    currencies: ['PHP'],
  },
  {
    payMethodType: 'EWALLET',
    payMethodTypeLabel: 'E-wallet',
    payMethodName: 'OVO',
    payMethodNameLabel: 'OVO',
    countries: ['ID'],
    currencies: ['IDR'],
  },
  {
    payMethodType: 'EWALLET',
    payMethodTypeLabel: 'E-wallet',
    payMethodName: 'GRABPAY',
    payMethodNameLabel: 'GrabPay',
    countries: ['SG', 'PH'],
    currencies: ['SGD', 'PHP'],
  },
  {
    payMethodType: 'BANK_TRANSFER',
    payMethodTypeLabel: 'Bank transfer',
    payMethodName: 'SEPA',
    payMethodNameLabel: 'SEPA Direct Debit',
    countries: ['DE', 'FR', 'NL'],
    currencies: ['EUR'],
  },
  {
    payMethodType: 'BANK_TRANSFER',
    payMethodTypeLabel: 'Bank transfer',
    payMethodName: 'IDEAL',
    payMethodNameLabel: 'iDEAL',
    countries: ['NL'],
    currencies: ['EUR'],
  },
  {
    payMethodType: 'BANK_TRANSFER',
    payMethodTypeLabel: 'Bank transfer',
    payMethodName: 'VA_BCA',
    payMethodNameLabel: 'BCA Virtual Account',
    countries: ['ID'],
    currencies: ['IDR'],
  },
  {
    payMethodType: 'QR',
    payMethodTypeLabel: 'QR code',
    payMethodName: 'PAYNOW',
    payMethodNameLabel: 'PayNow',
    countries: ['SG'],
    currencies: ['SGD'],
  },
  {
    payMethodType: 'QR',
    payMethodTypeLabel: 'QR code',
    payMethodName: 'QRIS',
    payMethodNameLabel: 'QRIS',
    countries: ['ID'],
    currencies: ['IDR'],
  },
];

export const COUNTRIES: Option[] = [
  { value: 'US', label: 'United States' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'DE', label: 'Germany' },
  { value: 'FR', label: 'France' },
  { value: 'NL', label: 'Netherlands' },
  { value: 'SG', label: 'Singapore' },
  { value: 'JP', label: 'Japan' },
  { value: 'ID', label: 'Indonesia' },
  { value: 'PH', label: 'Philippines' },
];

/** Subscription agreement statuses. */
/** The agreement statuses (subscriptions.ts), with the words the whole product uses for them. */
export const AGREEMENT_STATUSES: Option[] = AGREEMENT_STATUS_CODES.map((value) => ({
  value,
  label: AGREEMENT_STATUS_LABELS[value],
}));

function unique(options: Option[]): Option[] {
  return [...new Map(options.map((o) => [o.value, o])).values()];
}

export const PAY_METHOD_TYPES = unique(
  PAY_METHODS.map((m) => ({ value: m.payMethodType, label: m.payMethodTypeLabel })),
);
export const PAY_METHOD_NAMES = unique(
  PAY_METHODS.map((m) => ({ value: m.payMethodName, label: m.payMethodNameLabel })),
);
