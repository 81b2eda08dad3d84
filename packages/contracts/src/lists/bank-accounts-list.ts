/** The bank accounts list (Settings → Bank accounts): its one definition. */
import { BANK_ACCOUNT_STATUSES } from '../bank-accounts';
import type { ListDefinition } from './list-definition';

export const BANK_ACCOUNT_LIST_COLUMN_KEYS = [
  'account',
  'holder',
  'currency',
  'country',
  'status',
  'isDefault',
  'createdAt',
  'bankAccountId',
] as const;
export type BankAccountListColumnKey = (typeof BANK_ACCOUNT_LIST_COLUMN_KEYS)[number];

/** Defaults first, then newest: one order. */
export const BANK_ACCOUNT_SORTS = ['default'] as const;

export const BANK_ACCOUNTS_LIST = {
  key: 'bank-accounts',
  noun: { one: 'bank account', many: 'bank accounts' },
  rowKey: 'bankAccountId',
  columns: [
    { key: 'account', label: 'Account', format: 'text', defaultVisible: true, required: true, width: 240 },
    { key: 'holder', label: 'Holder', format: 'text', defaultVisible: true, width: 200 },
    { key: 'currency', label: 'Currency', format: 'text', defaultVisible: true, width: 90 },
    { key: 'country', label: 'Country', format: 'text', defaultVisible: true, width: 90 },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 180 },
    { key: 'isDefault', label: 'Default', format: 'text', defaultVisible: true, width: 100 },
    { key: 'createdAt', label: 'Added', format: 'datetime', defaultVisible: false, width: 150 },
    { key: 'bankAccountId', label: 'Account ID', format: 'id', defaultVisible: false, width: 190 },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search bank accounts', placeholder: 'Bank, holder or last 4 digits' },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: BANK_ACCOUNT_STATUSES },
    { type: 'currency', urlKey: 'currency', label: 'Currency' },
  ],
  sorts: BANK_ACCOUNT_SORTS,
  defaultSort: 'default',
} as const satisfies ListDefinition<BankAccountListColumnKey, (typeof BANK_ACCOUNT_SORTS)[number]>;
