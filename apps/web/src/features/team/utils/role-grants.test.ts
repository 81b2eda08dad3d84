import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { labelIn } from '@/i18n/use-label';
import { ROLE_MATRIX } from './role-fixtures';
import { roleNameOf } from './member-status';

const t = i18n.getFixedT('en');
const roleName = (code: string, name: string) => roleNameOf((kind, c) => labelIn(i18n, kind, c), code, name);
import {
  baseRoles,
  codeBlock,
  codePages,
  grantsFromBase,
  NOT_HELD,
  PAGE_FIRST,
  pageBlock,
  roleOptions,
  toggleCode,
  togglePage,
} from './role-grants';

const pagesOf = codePages(ROLE_MATRIX.pages);
const caller = ROLE_MATRIX.caller;
const role = (code: string) => ROLE_MATRIX.roles.find((r) => r.code === code)!;

describe('role grants', () => {
  it('starts a new role from a built-in one (not Owner), without what the user lacks', () => {
    expect(baseRoles(ROLE_MATRIX).map((r) => r.code)).toEqual(['FINANCE', 'VIEWER']);
    expect(grantsFromBase(role('FINANCE'), caller, pagesOf)).toEqual({
      grants: { menuUrls: ['/home', '/transactions/payments'], permissionCodes: ['PAGE_PAYMENTS_DETAIL'] },
      leftOut: 1,
    });
    expect(grantsFromBase(role('VIEWER'), caller, pagesOf).leftOut).toBe(0);
  });

  it("takes a page's actions away with it, and keeps an action that another ticked page has", () => {
    const start = { menuUrls: ['/home', '/transactions/payments'], permissionCodes: ['PAGE_PAYMENTS_DETAIL'] };
    expect(togglePage(start, '/transactions/payments', false, pagesOf)).toEqual({
      menuUrls: ['/home'],
      permissionCodes: [],
    });
    const twice = new Map([['API_PAYOUT_APPROVE', ['/account/withdraw', '/payout/history']]]);
    const both = { menuUrls: ['/account/withdraw', '/payout/history'], permissionCodes: ['API_PAYOUT_APPROVE'] };
    expect(togglePage(both, '/payout/history', false, twice).permissionCodes).toEqual(['API_PAYOUT_APPROVE']);
    expect(toggleCode(start, 'PAGE_PAYMENTS_DETAIL', false).permissionCodes).toEqual([]);
    expect(toggleCode(start, 'API_MEMBER_UPDATE', true).permissionCodes).toHaveLength(2);
  });

  it('disables what the user lacks, and an action whose page is not ticked, with the reason', () => {
    const g = { menuUrls: ['/home', '/transactions/payments'], permissionCodes: [] };
    expect(codeBlock(g, caller, 'API_PAYMENT_REFUND', pagesOf)).toBe(NOT_HELD);
    expect(codeBlock(g, caller, 'PAGE_PAYMENTS_DETAIL', pagesOf)).toBeNull();
    expect(codeBlock(g, caller, 'API_MEMBER_UPDATE', pagesOf)).toBe(PAGE_FIRST);
    // A box the role already has stays free to untick, held or not.
    expect(
      codeBlock({ ...g, permissionCodes: ['API_PAYMENT_REFUND'] }, caller, 'API_PAYMENT_REFUND', pagesOf),
    ).toBeNull();
    expect(pageBlock(g, { ...caller, menuUrls: ['/home'] }, '/settings/team')).toBe(NOT_HELD);
    expect(pageBlock(g, { ...caller, menuUrls: ['/home'] }, '/transactions/payments')).toBeNull();
  });

  it('offers the roles to give, built-in then custom: Owner only to an owner, more than the user holds disabled', () => {
    expect(roleOptions(t, roleName, ROLE_MATRIX, false)).toEqual([
      { value: 'FINANCE', label: 'Finance (grants more than your role)', disabled: true },
      { value: 'VIEWER', label: 'Viewer' },
      { value: 'CUSTOM_0A1B2C3D4E5F', label: 'Support' },
    ]);
    expect(roleOptions(t, roleName, ROLE_MATRIX, true)[0]).toMatchObject({ value: 'OWNER', disabled: true });
    // Without the matrix (loading, failed): the built-in roles.
    expect(roleOptions(t, roleName, undefined, true).map((o) => o.label)).toEqual([
      'Owner',
      'Admin',
      'Finance',
      'Operations',
      'Developer',
      'Viewer',
    ]);
    expect(roleOptions(t, roleName, undefined, false).map((o) => o.value)).toEqual([
      'ADMIN',
      'FINANCE',
      'OPERATIONS',
      'DEVELOPER',
      'VIEWER',
    ]);
  });
});
