/** The members list (Settings → Team → Members): its one definition, for the page and the query. */
import { MEMBER_SORTS, MEMBER_STATUSES, ROLE_CODES, ROLE_LABELS } from '../team';
import type { ListDefinition } from './list-definition';

export const MEMBER_LIST_COLUMN_KEYS = [
  'member',
  'role',
  'status',
  'twoFactor',
  'lastLoginAt',
  'invitedBy',
  'createdAt',
] as const;
export type MemberListColumnKey = (typeof MEMBER_LIST_COLUMN_KEYS)[number];

export const MEMBERS_LIST = {
  key: 'members',
  noun: { one: 'member', many: 'members' },
  rowKey: 'userId',
  columns: [
    {
      key: 'member',
      label: 'Member',
      format: 'text',
      sortField: 'name',
      defaultVisible: true,
      required: true,
      width: 260,
    },
    { key: 'role', label: 'Role', format: 'text', defaultVisible: true, width: 120 },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 110 },
    { key: 'twoFactor', label: '2FA', format: 'text', defaultVisible: true, width: 80 },
    {
      key: 'lastLoginAt',
      label: 'Last login',
      format: 'datetime',
      sortField: 'lastLoginAt',
      defaultVisible: true,
      width: 160,
    },
    { key: 'invitedBy', label: 'Invited by', format: 'text', defaultVisible: true, width: 190 },
    { key: 'createdAt', label: 'Added', format: 'datetime', sortField: 'createdAt', defaultVisible: false, width: 150 },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search members', placeholder: 'Name or email' },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: MEMBER_STATUSES },
    { type: 'statusSet', urlKey: 'role', label: 'Role', statuses: ROLE_CODES, apiKey: 'roleCode', labels: ROLE_LABELS },
  ],
  sorts: MEMBER_SORTS,
  defaultSort: 'createdAt:asc',
  tiles: { urlKey: 'status', statuses: MEMBER_STATUSES },
} as const satisfies ListDefinition<MemberListColumnKey, (typeof MEMBER_SORTS)[number]>;
