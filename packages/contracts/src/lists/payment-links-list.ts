/** The payment links list (Transactions → Payment links): its one definition. */
import { PAYMENT_LINK_SORTS, PAYMENT_LINK_STATUSES, type PaymentLinkSort } from '../payment-links';
import type { ListDefinition } from './list-definition';

export const PAYMENT_LINK_LIST_COLUMN_KEYS = [
  'link',
  'amount',
  'status',
  'type',
  'expiresAt',
  'paidCount',
  'createdAt',
] as const;
export type PaymentLinkListColumnKey = (typeof PAYMENT_LINK_LIST_COLUMN_KEYS)[number];

export const PAYMENT_LINKS_LIST = {
  key: 'payment-links',
  noun: { one: 'link', many: 'payment links' },
  rowKey: 'linkId',
  columns: [
    { key: 'link', label: 'Description', format: 'text', defaultVisible: true, required: true },
    {
      key: 'amount',
      label: 'Amount',
      format: 'money',
      sortField: 'amount',
      defaultVisible: true,
      required: true,
      width: 120,
      align: 'right',
    },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 112 },
    { key: 'type', label: 'Type', format: 'text', defaultVisible: true, width: 110 },
    {
      key: 'expiresAt',
      label: 'Expires',
      format: 'datetime',
      sortField: 'expiresAt',
      defaultVisible: true,
      width: 130,
    },
    { key: 'paidCount', label: 'Paid', format: 'integer', defaultVisible: true, width: 64, align: 'right' },
    {
      key: 'createdAt',
      label: 'Created',
      format: 'datetime',
      sortField: 'createdAt',
      defaultVisible: true,
      width: 130,
    },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search payment links', placeholder: 'Description or link ID' },
    { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'Created date' },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: PAYMENT_LINK_STATUSES },
  ],
  sorts: PAYMENT_LINK_SORTS,
  defaultSort: 'createdAt:desc',
} as const satisfies ListDefinition<PaymentLinkListColumnKey, PaymentLinkSort>;
