import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { accessText, inviteExpiryText, memberLabel, subMerchantsOf } from './member-status';
import { ADMIN, EXPIRED_INVITE, INVITED, MERCHANTS } from './member-fixtures';

const t = i18n.getFixedT('en');

describe('inviteExpiryText', () => {
  const now = new Date('2026-05-10T00:00:00.000Z');
  it("gives the day the link expires in the merchant's zone", () => {
    // 20:00 UTC on the 13th is already the 14th in Singapore.
    expect(
      inviteExpiryText(t, { status: 'INVITED', inviteExpiresAt: '2026-05-13T20:00:00.000Z' }, 'Asia/Singapore', now),
    ).toBe('expires 2026-05-14');
    expect(inviteExpiryText(t, { status: 'INVITED', inviteExpiresAt: '2026-05-13T20:00:00.000Z' }, 'UTC', now)).toBe(
      'expires 2026-05-13',
    );
  });

  it('says "expired" for a link that no longer works, and nothing for other statuses', () => {
    expect(inviteExpiryText(t, EXPIRED_INVITE, 'UTC', now)).toBe('expired');
    expect(inviteExpiryText(t, { status: 'INVITED', inviteExpiresAt: '2026-05-09T00:00:00.000Z' }, 'UTC', now)).toBe(
      'expired',
    );
    expect(inviteExpiryText(t, ADMIN, 'UTC', now)).toBeNull();
  });
});

describe('sub-merchant access', () => {
  const subs = subMerchantsOf(MERCHANTS, 'M100001');
  it("finds the active merchant's sub-merchants only", () => {
    expect(subs.map((m) => m.merchantId)).toEqual(['M100002', 'M100003']);
    expect(subMerchantsOf(MERCHANTS, 'M100002')).toEqual([]);
  });

  it("describes a member's access, counting only sub-merchants that exist", () => {
    expect(accessText(t, INVITED, subs)).toBe('All sub-merchants');
    expect(accessText(t, ADMIN, subs)).toBe('1 of 2 sub-merchants');
    expect(accessText(t, { allSubMerchants: false, subMerchantIds: ['M999999'] }, subs)).toBe('No sub-merchants');
  });
});

describe('memberLabel', () => {
  it('is the name, or the email until the invitation is accepted', () => {
    expect(memberLabel(ADMIN)).toBe('Ada Admin');
    expect(memberLabel(INVITED)).toBe('finance@demo.test');
  });
});
