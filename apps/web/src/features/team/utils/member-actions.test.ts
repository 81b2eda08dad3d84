import { describe, expect, it } from 'vitest';
import { memberActions, type MemberActionContext } from './member-actions';
import { ADMIN, DISABLED, INVITED, OTHER_OWNER, SELF } from './member-fixtures';

const owner: MemberActionContext = { canUpdate: true, isOwner: true, hasSubMerchants: false };
const admin: MemberActionContext = { canUpdate: true, isOwner: false, hasSubMerchants: true };

describe('memberActions', () => {
  it("offers nothing without API_MEMBER_UPDATE, and nothing on one's own row", () => {
    expect(memberActions(ADMIN, { ...owner, canUpdate: false })).toEqual([]);
    expect(memberActions(SELF, owner)).toEqual([]);
  });

  it('offers by status: disable an active member, re-enable a disabled one, resend or revoke an invitation', () => {
    expect(memberActions(ADMIN, owner)).toEqual(['changeRole', 'disable']);
    expect(memberActions(DISABLED, owner)).toEqual(['changeRole', 'enable']);
    expect(memberActions(INVITED, owner)).toEqual(['changeRole', 'resend', 'revoke']);
  });

  it("leaves an Owner's row to owners, and sub-merchant access to an owner of a merchant that has sub-merchants", () => {
    expect(memberActions(OTHER_OWNER, admin)).toEqual([]);
    expect(memberActions(OTHER_OWNER, owner)).toEqual(['changeRole', 'disable']);
    expect(memberActions(ADMIN, admin)).toEqual(['changeRole', 'disable']);
    expect(memberActions(ADMIN, { ...owner, hasSubMerchants: true })).toEqual(['changeRole', 'access', 'disable']);
  });
});
