/** Members as the list call answers them, for the team tests. */
import type { MemberRecord } from '@mbo/contracts/team';
import type { MerchantSummary } from '@mbo/contracts/usercenter';

const base: Omit<MemberRecord, 'userId' | 'name' | 'email' | 'roleCode' | 'roleName' | 'status'> = {
  lastLoginAt: null,
  lastLoginIp: null,
  invitedBy: 'owner@demo.test',
  createdAt: '2026-01-10T02:00:00.000Z',
  inviteExpiresAt: null,
  twoFactorEnabled: false,
  allSubMerchants: true,
  subMerchantIds: [],
  isSelf: false,
};

/** The signed-in owner (testGlobalState's user). */
export const SELF: MemberRecord = {
  ...base,
  userId: '00000000-0000-4000-8000-000000000001',
  name: 'Olivia Owner',
  email: 'owner@demo.test',
  roleCode: 'OWNER',
  roleName: 'Owner',
  status: 'ACTIVE',
  lastLoginAt: '2026-03-01T01:02:03.000Z',
  lastLoginIp: '203.0.113.7',
  invitedBy: null,
  twoFactorEnabled: true,
  isSelf: true,
};

export const ADMIN: MemberRecord = {
  ...base,
  userId: '00000000-0000-4000-8000-000000000002',
  name: 'Ada Admin',
  email: 'admin@demo.test',
  roleCode: 'ADMIN',
  roleName: 'Admin',
  status: 'ACTIVE',
  allSubMerchants: false,
  subMerchantIds: ['M100002'],
};

export const INVITED: MemberRecord = {
  ...base,
  userId: '00000000-0000-4000-8000-000000000003',
  name: '',
  email: 'finance@demo.test',
  roleCode: 'FINANCE',
  roleName: 'Finance',
  status: 'INVITED',
  inviteExpiresAt: '2099-05-14T02:00:00.000Z',
};

export const EXPIRED_INVITE: MemberRecord = {
  ...INVITED,
  userId: '00000000-0000-4000-8000-000000000004',
  email: 'late@demo.test',
  inviteExpiresAt: null,
};

export const DISABLED: MemberRecord = {
  ...base,
  userId: '00000000-0000-4000-8000-000000000005',
  name: 'Dan Developer',
  email: 'dev@demo.test',
  roleCode: 'DEVELOPER',
  roleName: 'Developer',
  status: 'DISABLED',
};

export const OTHER_OWNER: MemberRecord = {
  ...base,
  userId: '00000000-0000-4000-8000-000000000006',
  name: 'Omar Owner',
  email: 'owner2@demo.test',
  roleCode: 'OWNER',
  roleName: 'Owner',
  status: 'ACTIVE',
};

/** The active merchant (testGlobalState's M100001) with two sub-merchants. */
export const MERCHANTS: MerchantSummary[] = [
  {
    merchantId: 'M100001',
    merchantName: 'Demo Store',
    merchantSignProducts: 'DIRECT_PAYMENT',
    parentMerchantId: null,
    current: true,
  },
  {
    merchantId: 'M100002',
    merchantName: 'Demo Store Europe',
    merchantSignProducts: 'DIRECT_PAYMENT',
    parentMerchantId: 'M100001',
    current: false,
  },
  {
    merchantId: 'M100003',
    merchantName: 'Demo Store Asia',
    merchantSignProducts: 'DIRECT_PAYMENT',
    parentMerchantId: 'M100001',
    current: false,
  },
];
