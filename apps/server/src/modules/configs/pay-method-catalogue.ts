import { AGREEMENT_STATUSES as AGREEMENT_STATUS_CODES } from '@mbo/contracts/subscriptions';
import { AGREEMENT_STATUS_LABELS } from '@mbo/contracts/status-labels';
import type { Option, PayMethod, PaymentMethodName, PaymentMethodType } from '@mbo/contracts/acquiring';
import { PAYMENT_METHOD_NAME_LABELS, PAYMENT_METHOD_TYPE_LABELS } from '@mbo/contracts/code-labels';

interface Offered {
  payMethodType: PaymentMethodType;
  payMethodName: PaymentMethodName;
  countries: string[];
  currencies: string[];
}

/** The payment methods the provider offers, by type and name, where and in which currencies. */
const OFFERED: Offered[] = [
  {
    payMethodType: 'CARD',
    payMethodName: 'VISA',
    countries: ['US', 'GB', 'DE', 'FR', 'NL', 'SG', 'JP', 'ID', 'PH'],
    currencies: ['USD', 'EUR', 'GBP', 'SGD', 'JPY', 'IDR', 'PHP'],
  },
  {
    payMethodType: 'CARD',
    payMethodName: 'MASTERCARD',
    countries: ['US', 'GB', 'DE', 'FR', 'NL', 'SG', 'JP', 'ID', 'PH'],
    currencies: ['USD', 'EUR', 'GBP', 'SGD', 'JPY', 'IDR', 'PHP'],
  },
  {
    payMethodType: 'CARD',
    payMethodName: 'AMEX',
    countries: ['US', 'GB', 'SG', 'JP'],
    currencies: ['USD', 'GBP', 'SGD', 'JPY'],
  },
  {
    payMethodType: 'CARD',
    payMethodName: 'JCB',
    countries: ['JP', 'SG'],
    currencies: ['JPY', 'SGD'],
  },
  {
    payMethodType: 'EWALLET',
    payMethodName: 'PAYPAL',
    countries: ['US', 'GB', 'DE', 'FR', 'NL'],
    currencies: ['USD', 'EUR', 'GBP'],
  },
  {
    payMethodType: 'EWALLET',
    payMethodName: 'GCASH',
    countries: ['PH'],
    currencies: ['PHP'],
  },
  {
    payMethodType: 'EWALLET',
    payMethodName: 'OVO',
    countries: ['ID'],
    currencies: ['IDR'],
  },
  {
    payMethodType: 'EWALLET',
    payMethodName: 'GRABPAY',
    countries: ['SG', 'PH'],
    currencies: ['SGD', 'PHP'],
  },
  {
    payMethodType: 'BANK_TRANSFER',
    payMethodName: 'SEPA',
    countries: ['DE', 'FR', 'NL'],
    currencies: ['EUR'],
  },
  {
    payMethodType: 'BANK_TRANSFER',
    payMethodName: 'IDEAL',
    countries: ['NL'],
    currencies: ['EUR'],
  },
  {
    payMethodType: 'BANK_TRANSFER',
    payMethodName: 'VA_BCA',
    countries: ['ID'],
    currencies: ['IDR'],
  },
  {
    payMethodType: 'QR',
    payMethodName: 'PAYNOW',
    countries: ['SG'],
    currencies: ['SGD'],
  },
  {
    payMethodType: 'QR',
    payMethodName: 'QRIS',
    countries: ['ID'],
    currencies: ['IDR'],
  },
];

/** Reference data: the offered methods with the words the whole product uses for them (code-labels.ts). */
export const PAY_METHODS: PayMethod[] = OFFERED.map((m) => ({
  payMethodType: m.payMethodType,
  payMethodTypeLabel: PAYMENT_METHOD_TYPE_LABELS[m.payMethodType],
  payMethodName: m.payMethodName,
  payMethodNameLabel: PAYMENT_METHOD_NAME_LABELS[m.payMethodName],
  countries: m.countries,
  currencies: m.currencies,
}));

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
