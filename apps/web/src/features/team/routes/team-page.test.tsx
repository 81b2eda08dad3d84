import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { ApiError } from '@/lib/http/request';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { TEAM_PATHS, type ListMembersRequest, type MemberRecord, type MerchantSecurity } from '@mbo/contracts/team';
import type { GlobalStateApi } from '@/lib/global-state';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import { TEST_USER, testGlobalState } from '@/testing/render-with-state';
import { ADMIN, DISABLED, EXPIRED_INVITE, INVITED, MERCHANTS, OTHER_OWNER, SELF } from '../utils/member-fixtures';
import { ROLE_MATRIX } from '../utils/role-fixtures';
import TeamPage, { prefetch, teamTabOf } from './team-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
runInDesktopWindow();

const COUNTS: Record<string, number> = { INVITED: 2, ACTIVE: 3, DISABLED: 1 };
const SECURITY: MerchantSecurity = {
  requireTwoFactor: false,
  canUpdate: true,
  activeMembers: 3,
  membersWithTwoFactor: 1,
};

/** The list call answers the rows (or fails); its one-row pages per status answer the tiles' totals. */
function answer(records: MemberRecord[] | Error, security: MerchantSecurity | Error = SECURITY) {
  postMock.mockImplementation(async (url: string, body?: unknown) => {
    if (url === SAVED_VIEW_PATHS.list) return [] as never;
    if (url === TEAM_PATHS.auditLog) return { total: 0, records: [] } as never;
    if (url !== TEAM_PATHS.members) return null as never;
    const req = body as ListMembersRequest;
    if (req.pageSize === 1 && req.status?.length === 1) return { total: COUNTS[req.status[0]], records: [] } as never;
    if (records instanceof Error) throw records;
    return { total: records.length, records } as never;
  });
  getMock.mockImplementation(async (url: string) => {
    if (url === TEAM_PATHS.security) {
      if (security instanceof Error) throw security;
      return security as never;
    }
    if (url === TEAM_PATHS.roles) return { pages: [], roles: [] } as never;
    throw new Error(`unexpected ${url}`);
  });
}

const ALL = { API_MEMBER_ADD: true, API_MEMBER_UPDATE: true, PAGE_AUDIT_LOG: true };
const state = (overrides: Partial<GlobalStateApi> = {}) =>
  testGlobalState({ authUrls: ['/settings/team'], permissions: ALL, ...overrides });
const renderAt = (url: string, s = state()) => renderPageAt('/settings/team', <TeamPage />, url, s);
const listCalls = () =>
  postMock.mock.calls
    .filter(([url, body]) => url === TEAM_PATHS.members && (body as ListMembersRequest).pageSize !== 1)
    .map(([, body]) => body);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
/** The open dialog with this title (antd's ids are all "test-id" under test, so dialogs have no usable name here). */
const dialogTitled = (title: string) =>
  waitFor(() => {
    const dialog = screen.queryAllByRole('dialog').find((d) => within(d).queryByText(title));
    if (!dialog) throw new Error(`no dialog "${title}"`);
    return dialog;
  });
/**
 * The row's "More" button, or null. By its label: a role query checks every ancestor's computed
 * style, which takes seconds in jsdom under antd's styles.
 */
const actionsButton = async (member: string) => within(await rowOf(member)).queryByLabelText(`Actions for ${member}`);
/** The items of the "More" menu opened last. */
async function menuItems() {
  const menus = await screen.findAllByRole('menu', { hidden: true });
  return within(menus[menus.length - 1])
    .getAllByRole('menuitem', { hidden: true })
    .map((i) => i.textContent);
}
/** Opens a row's "More" menu and picks an action. */
async function pick(member: string, action: string) {
  fireEvent.click((await actionsButton(member))!);
  const item = (await screen.findByText(action, { selector: '[role="menuitem"] *' })).closest('[role="menuitem"]')!;
  fireEvent.click(item);
}

afterEach(() => {
  cleanup();
  postMock.mockReset();
  getMock.mockReset();
  window.localStorage.clear();
});

describe('TeamPage', () => {
  it("lists the members: who, role, status with the invitation's expiry, 2FA, last login with its IP, who invited; and the status tiles", async () => {
    answer([SELF, ADMIN, INVITED, EXPIRED_INVITE, DISABLED]);
    renderAt('/settings/team');
    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeTruthy();

    const self = await rowOf('Olivia Owner');
    expect(within(self).getByText('You')).toBeTruthy();
    expect(within(self).getByText('owner@demo.test')).toBeTruthy();
    expect(within(self).getByText('Owner')).toBeTruthy();
    expect(within(self).getByText('Active')).toBeTruthy();
    expect(within(self).getByText('On')).toBeTruthy();
    expect(within(self).getByText('2026-03-01 09:02:03')).toBeTruthy();
    expect(within(self).getByText('203.0.113.7')).toBeTruthy();

    const admin = await rowOf('Ada Admin');
    expect(within(admin).queryByText('You')).toBeNull();
    expect(within(admin).getByText('Off')).toBeTruthy();
    expect(within(admin).getByText('Never')).toBeTruthy();
    expect(within(admin).getByText('owner@demo.test')).toBeTruthy();

    const invited = await rowOf('finance@demo.test');
    expect(within(invited).getByText('Invitation pending')).toBeTruthy();
    expect(within(invited).getByText('Invited')).toBeTruthy();
    expect(within(invited).getByText('expires 2099-05-14')).toBeTruthy();
    expect(within(await rowOf('late@demo.test')).getByText('expired')).toBeTruthy();
    expect(within(await rowOf('Dan Developer')).getByText('Disabled')).toBeTruthy();

    // No sub-merchants: no access line under the role.
    expect(screen.queryByText(/sub-merchants/)).toBeNull();
    expect(listCalls()).toEqual([{ pageNum: 1, pageSize: 20, sort: 'createdAt:asc' }]);
    const tiles = screen.getByRole('group', { name: 'Members by status' });
    await waitFor(() =>
      expect(
        within(tiles)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['All6', 'Invited2', 'Active3', 'Disabled1']),
    );

    fireEvent.click(within(tiles).getByRole('button', { name: /Invited/ }));
    expect(where()).toBe('/settings/team?status=INVITED');
  });

  it("sends the URL's filters; the tiles count with the role and search but without the status", async () => {
    answer([ADMIN]);
    renderAt('/settings/team?status=ACTIVE&role=ADMIN,FINANCE&q=ada&sort=name:desc');
    await rowOf('Ada Admin');
    expect(listCalls()).toEqual([
      {
        keyword: 'ada',
        status: ['ACTIVE'],
        roleCode: ['ADMIN', 'FINANCE'],
        pageNum: 1,
        pageSize: 20,
        sort: 'name:desc',
      },
    ]);
    const tileCalls = postMock.mock.calls
      .filter(([url, body]) => url === TEAM_PATHS.members && (body as ListMembersRequest).pageSize === 1)
      .map(([, body]) => body);
    expect(tileCalls).toEqual(
      ['INVITED', 'ACTIVE', 'DISABLED'].map((status) => ({
        keyword: 'ada',
        roleCode: ['ADMIN', 'FINANCE'],
        status: [status],
        pageNum: 1,
        pageSize: 1,
      })),
    );
  });

  it("offers the merchant's custom roles in the role filter by their names, and sends the one the URL names", async () => {
    answer([ADMIN]);
    const others = getMock.getMockImplementation()!;
    getMock.mockImplementation(async (url: string, ...rest: unknown[]) =>
      url === TEAM_PATHS.roles ? (ROLE_MATRIX as never) : others(url, ...rest),
    );
    renderAt('/settings/team?role=CUSTOM_0A1B2C3D4E5F');
    await rowOf('Ada Admin');
    // Sent as the URL holds it, before the merchant's roles are read: one call, not one per state of the filter.
    expect(listCalls()).toEqual([
      { roleCode: ['CUSTOM_0A1B2C3D4E5F'], pageNum: 1, pageSize: 20, sort: 'createdAt:asc' },
    ]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role' }));
    for (const name of ['Owner', 'Admin', 'Finance', 'Operations', 'Developer', 'Viewer'])
      expect(await screen.findByTitle(name)).toBeTruthy();
    // The custom role by its name, after the built-in ones, chosen as the URL says.
    const option = (name: string) =>
      screen.getAllByTitle(name).find((el) => el.classList.contains('ant-select-item-option'))!;
    await waitFor(() => expect(option('Support').classList).toContain('ant-select-item-option-selected'));
    expect(option('Viewer').compareDocumentPosition(option('Support')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByTitle('Finance'));
    expect(where()).toBe('/settings/team?role=CUSTOM_0A1B2C3D4E5F%2CFINANCE');
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ roleCode: ['CUSTOM_0A1B2C3D4E5F', 'FINANCE'] }));
  });

  it('shows the security card: the rule and how many active members use two-factor sign-in', async () => {
    answer([SELF]);
    renderAt('/settings/team');
    const card = await screen.findByRole('region', { name: 'Security' });
    expect(await within(card).findByText('optional')).toBeTruthy();
    expect(within(card).getByText('1 of 3 active members uses it')).toBeTruthy();
    expect(within(card).getByRole('switch', { name: 'Require two-factor sign-in' })).toBeTruthy();
  });

  it('says so when there are no members, and when the list or the security card cannot be loaded, with a retry', async () => {
    answer([]);
    renderAt('/settings/team');
    expect(await screen.findByText('No members yet.')).toBeTruthy();
    cleanup();

    answer(new Error('down'), new Error('down'));
    renderAt('/settings/team');
    expect(await screen.findByText('The members could not be loaded.')).toBeTruthy();
    expect(await screen.findByText('The two-factor rule could not be loaded.')).toBeTruthy();
    answer([ADMIN]);
    for (const retry of screen.getAllByRole('button', { name: 'Try again' })) fireEvent.click(retry);
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    expect(await screen.findByText('1 of 3 active members uses it')).toBeTruthy();
  });

  it("offers row actions only with API_MEMBER_UPDATE, and none on the signed-in user's own row", async () => {
    answer([SELF, ADMIN]);
    renderAt('/settings/team');
    expect(await actionsButton('Ada Admin')).toBeTruthy();
    expect(await actionsButton('Olivia Owner')).toBeNull();
    fireEvent.click((await actionsButton('Ada Admin'))!);
    expect(await menuItems()).toEqual(['Change role', 'Disable']);
    cleanup();

    answer([SELF, ADMIN]);
    renderAt('/settings/team', state({ permissions: { API_MEMBER_ADD: true } }));
    expect(await actionsButton('Ada Admin')).toBeNull();
    expect(within(screen.getByRole('table')).queryByText('Actions')).toBeNull();
  });

  it('opens the invitation from "Invite member"', async () => {
    answer([ADMIN]);
    renderAt('/settings/team');
    await rowOf('Ada Admin');
    fireEvent.click(screen.getByText('Invite member').closest('button')!);
    const dialog = await dialogTitled('Invite member');
    expect(within(dialog).getByLabelText('Email')).toBeTruthy();
    expect(within(dialog).getByText('Send invitation')).toBeTruthy();
  });

  it('disables the invite button, with the reason, without API_MEMBER_ADD', async () => {
    answer([ADMIN]);
    renderAt('/settings/team', state({ permissions: { API_MEMBER_UPDATE: true } }));
    await rowOf('Ada Admin');
    const invite = screen.getByRole('button', { name: 'Invite member' }) as HTMLButtonElement;
    expect(invite.disabled).toBe(true);
    expect(screen.getByText(/Your role cannot invite members/)).toBeTruthy();
  });

  it("leaves an Owner's row alone for an admin", async () => {
    answer([OTHER_OWNER, ADMIN]);
    renderAt('/settings/team', state({ user: { ...TEST_USER, roleCode: 'ADMIN', roleName: 'Admin' } }));
    expect(await actionsButton('Omar Owner')).toBeNull();
    expect(await actionsButton('Ada Admin')).toBeTruthy();
  });

  it('disables a member after a confirmation that says their sessions end, then reads the list again', async () => {
    answer([SELF, ADMIN]);
    renderAt('/settings/team');
    await rowOf('Ada Admin');
    await pick('Ada Admin', 'Disable');
    const dialog = await dialogTitled('Disable Ada Admin?');
    expect(within(dialog).getByText(/All their sessions end at once/)).toBeTruthy();
    expect(postMock).not.toHaveBeenCalledWith(TEAM_PATHS.updateStatus, expect.anything(), expect.anything());
    const before = listCalls().length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.updateStatus,
        { userId: ADMIN.userId, status: 'DISABLED' },
        { showSuccessMessage: true, showErrorMessage: false },
      ),
    );
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    // Closed: antd's motion is off in the tests (@/testing/test-antd), so the dialog goes at once.
    await waitFor(() => expect(screen.queryAllByRole('dialog')).not.toContain(dialog));
  });

  it('keeps the confirmation open when the server refuses (the last Owner)', async () => {
    answer([SELF, OTHER_OWNER]);
    const refuse = postMock.getMockImplementation()!;
    postMock.mockImplementation(async (url, body, opts) => {
      if (url === TEAM_PATHS.updateStatus)
        throw new ApiError('The merchant must keep at least one active Owner.', ERROR_CODES.LAST_OWNER, 200);
      return refuse(url, body, opts);
    });
    renderAt('/settings/team');
    await rowOf('Omar Owner');
    await pick('Omar Owner', 'Disable');
    const dialog = await dialogTitled('Disable Omar Owner?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.updateStatus,
        { userId: OTHER_OWNER.userId, status: 'DISABLED' },
        { showSuccessMessage: true, showErrorMessage: false },
      ),
    );
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Disable' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(await dialogTitled('Disable Omar Owner?')).toBe(dialog);
    expect(within(dialog).getByRole('alert').textContent).toContain(
      'The merchant must keep at least one active Owner.',
    );
  });

  it('re-enables a disabled member, and resends or revokes an invitation', async () => {
    answer([DISABLED, INVITED]);
    renderAt('/settings/team');
    await rowOf('Dan Developer');
    await pick('Dan Developer', 'Re-enable');
    const enable = await dialogTitled('Re-enable Dan Developer?');
    fireEvent.click(within(enable).getByRole('button', { name: 'Re-enable' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.updateStatus,
        { userId: DISABLED.userId, status: 'ACTIVE' },
        { showSuccessMessage: true, showErrorMessage: false },
      ),
    );
    await waitFor(() => expect(screen.queryAllByRole('dialog')).not.toContain(enable));

    await pick('finance@demo.test', 'Resend invitation');
    const resend = await dialogTitled('Send a new invitation to finance@demo.test?');
    expect(within(resend).getByText(/earlier link stops working/)).toBeTruthy();
    fireEvent.click(within(resend).getByRole('button', { name: 'Send new invitation' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.resendInvite,
        { userId: INVITED.userId },
        { showSuccessMessage: true, showErrorMessage: false },
      ),
    );
    await waitFor(() => expect(screen.queryAllByRole('dialog')).not.toContain(resend));

    await pick('finance@demo.test', 'Revoke invitation');
    const revoke = await dialogTitled('Revoke the invitation to finance@demo.test?');
    fireEvent.click(within(revoke).getByRole('button', { name: 'Revoke invitation' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.revokeInvite,
        { userId: INVITED.userId },
        { showSuccessMessage: true, showErrorMessage: false },
      ),
    );
  });

  it("shows each member's sub-merchant access and lets an owner change it", async () => {
    answer([SELF, ADMIN, INVITED]);
    renderAt('/settings/team', state({ subMerchantList: MERCHANTS }));
    const admin = await rowOf('Ada Admin');
    expect(within(admin).getByText('1 of 2 sub-merchants')).toBeTruthy();
    expect(within(await rowOf('finance@demo.test')).getByText('All sub-merchants')).toBeTruthy();

    await pick('Ada Admin', 'Sub-merchant access');
    const dialog = await dialogTitled('Sub-merchant access');
    expect((within(dialog).getByRole('radio', { name: 'Only these' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: /Demo Store Europe/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Demo Store Asia/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save access' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.updateAccess,
        { userId: ADMIN.userId, allSubMerchants: false, merchantIds: ['M100002', 'M100003'] },
        { showSuccessMessage: true },
      ),
    );
  });

  it('offers no sub-merchant access to an admin, nor to anyone when the merchant has no sub-merchants', async () => {
    answer([ADMIN]);
    renderAt(
      '/settings/team',
      state({ subMerchantList: MERCHANTS, user: { ...TEST_USER, roleCode: 'ADMIN', roleName: 'Admin' } }),
    );
    fireEvent.click((await actionsButton('Ada Admin'))!);
    expect(await menuItems()).toEqual(['Change role', 'Disable']);
    cleanup();

    answer([ADMIN, INVITED]);
    renderAt('/settings/team');
    fireEvent.click((await actionsButton('finance@demo.test'))!);
    expect(await menuItems()).toEqual(['Change role', 'Resend invitation', 'Revoke invitation']);
  });

  it("shows one card per member on a phone, with the row's actions", async () => {
    answer([SELF, INVITED]);
    renderAt('/settings/team', state({ isMobile: true, subMerchantList: MERCHANTS }));
    const card = (await screen.findByText('finance@demo.test')).closest('td')!;
    expect(within(card).getByText('Invitation pending')).toBeTruthy();
    expect(within(card).getByText('expires 2099-05-14')).toBeTruthy();
    expect(within(card).getByText('Finance · All sub-merchants · 2FA off')).toBeTruthy();
    expect(within(card).getByText('Never signed in')).toBeTruthy();
    expect(within(card).getByLabelText('Actions for finance@demo.test')).toBeTruthy();
    const self = (await screen.findByText('Olivia Owner')).closest('td')!;
    expect(within(self).getByText('Last login 2026-03-01 09:02:03 from 203.0.113.7')).toBeTruthy();
    expect(within(self).queryByLabelText('Actions for Olivia Owner')).toBeNull();
  });
});

describe('TeamPage tabs', () => {
  it("keeps the tab in the URL, drops the other tab's list params, and mounts only the active tab", async () => {
    answer([ADMIN]);
    renderAt('/settings/team?status=ACTIVE&page=2');
    await rowOf('Ada Admin');
    fireEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(where()).toBe('/settings/team?tab=roles');
    expect(await screen.findByText('No roles to show.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Ada Admin')).toBeNull());

    fireEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect(where()).toBe('/settings/team?tab=audit');
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.auditLog,
        expect.objectContaining({ pageNum: 1 }),
        expect.anything(),
      ),
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Members' }));
    expect(where()).toBe('/settings/team');
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
  });

  it('has no audit log tab without PAGE_AUDIT_LOG, and shows Members for ?tab=audit then', async () => {
    answer([ADMIN]);
    renderAt('/settings/team?tab=audit', state({ permissions: { API_MEMBER_UPDATE: true } }));
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Audit log' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Members', selected: true })).toBeTruthy();
    expect(postMock).not.toHaveBeenCalledWith(TEAM_PATHS.auditLog, expect.anything(), expect.anything());
  });

  it('reads the tab from the URL', () => {
    expect(teamTabOf(null, true)).toBe('members');
    expect(teamTabOf('roles', false)).toBe('roles');
    expect(teamTabOf('audit', true)).toBe('audit');
    expect(teamTabOf('audit', false)).toBe('members');
    expect(teamTabOf('nonsense', true)).toBe('members');
  });

  it("prefetches the active tab's first calls: the members page, its tiles and the security card; the roles; the audit log", async () => {
    answer([ADMIN]);
    const run = (search: string) =>
      prefetch({ queryClient: new QueryClient(), search: new URLSearchParams(search), timeZone: 'Asia/Singapore' });
    run('q=ada');
    await waitFor(() =>
      expect(getMock).toHaveBeenCalledWith(
        TEAM_PATHS.security,
        undefined,
        expect.objectContaining({ showErrorMessage: false }),
      ),
    );
    expect(listCalls()).toEqual([{ keyword: 'ada', pageNum: 1, pageSize: 20, sort: 'createdAt:asc' }]);
    await waitFor(() =>
      expect(postMock.mock.calls.filter(([, body]) => (body as ListMembersRequest).pageSize === 1)).toHaveLength(3),
    );

    postMock.mockClear();
    getMock.mockClear();
    run('tab=roles');
    await waitFor(() => expect(getMock).toHaveBeenCalledWith(TEAM_PATHS.roles, undefined, expect.anything()));
    expect(postMock).not.toHaveBeenCalled();

    run('tab=audit');
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.auditLog,
        expect.objectContaining({ pageNum: 1 }),
        expect.objectContaining({ showErrorMessage: false }),
      ),
    );
    expect(listCalls()).toEqual([]);
  });
});
