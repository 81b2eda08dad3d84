import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEAM_PATHS } from '@mbo/contracts/team';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { newTestQueryClient, renderWithState, TEST_USER, testGlobalState } from '@/testing/render-with-state';
import { teamKeys } from '../api/team-keys';
import { ADMIN, SELF } from '../utils/member-fixtures';
import { ROLE_MATRIX } from '../utils/role-fixtures';
import { ChangeRoleModal } from './change-role-modal';
import { InviteMemberModal } from './invite-member-modal';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

// Without the roles matrix (it failed to load), the pickers offer the built-in roles.
beforeEach(() => {
  getMock.mockRejectedValue(new Error('no matrix'));
});
afterEach(() => {
  cleanup();
  postMock.mockReset();
  getMock.mockReset();
});

const asAdmin = () =>
  testGlobalState({
    user: { ...TEST_USER, roleCode: 'ADMIN', roleName: 'Admin' },
    permissions: { API_MEMBER_ADD: true },
  });

/** The role select's options, as the open dropdown lists them. */
async function roleChoices(dialog: HTMLElement): Promise<string[]> {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Role' }));
  await screen.findByRole('listbox', { hidden: true });
  return [...document.querySelectorAll('.ant-select-item-option')].map(
    (o) => o.getAttribute('title') ?? o.textContent ?? '',
  );
}

describe('InviteMemberModal', () => {
  it('checks the email and the role before sending anything', async () => {
    const onClose = vi.fn();
    renderWithState(<InviteMemberModal open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter the email address to invite.')).toBeTruthy();
    expect(await within(dialog).findByText('Choose a role.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address, like name@company.com.')).toBeTruthy();
    expect(postMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the email and the role, then closes', async () => {
    postMock.mockResolvedValue({
      userId: ADMIN.userId,
      email: 'new@demo.test',
      expiresAt: '2026-06-01T00:00:00.000Z',
    } as never);
    const onClose = vi.fn();
    renderWithState(<InviteMemberModal open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: '  New@Demo.test ' } });
    expect(await roleChoices(dialog)).toEqual(['Owner', 'Admin', 'Finance', 'Operations', 'Developer', 'Viewer']);
    fireEvent.click(screen.getByTitle('Finance'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(USERCENTER_PATHS.inviteMember, {
        email: 'new@demo.test',
        roleCode: 'FINANCE',
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers the Owner role only to an owner', async () => {
    renderWithState(<InviteMemberModal open onClose={() => {}} />, asAdmin());
    const dialog = await screen.findByRole('dialog');
    expect(await roleChoices(dialog)).toEqual(['Admin', 'Finance', 'Operations', 'Developer', 'Viewer']);
  });

  it('stays open when the server refuses (the email already has a user)', async () => {
    postMock.mockRejectedValue(new Error('User already exists.'));
    const onClose = vi.fn();
    renderWithState(<InviteMemberModal open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'admin@demo.test' } });
    await roleChoices(dialog);
    fireEvent.click(screen.getByTitle('Viewer'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Send invitation' })).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('admin@demo.test');
  });
});

describe('ChangeRoleModal', () => {
  it("starts at the member's role and sends the new one", async () => {
    postMock.mockResolvedValue({ ...ADMIN, roleCode: 'VIEWER', roleName: 'Viewer' } as never);
    const onClose = vi.fn();
    renderWithState(<ChangeRoleModal member={ADMIN} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Ada Admin is Admin now/)).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save role' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(await roleChoices(dialog)).toEqual(['Owner', 'Admin', 'Finance', 'Operations', 'Developer', 'Viewer']);
    fireEvent.click(screen.getByTitle('Viewer'));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.updateRole,
        { userId: ADMIN.userId, roleCode: 'VIEWER' },
        { showSuccessMessage: true },
      ),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers the Owner role only to an owner, and stays open on a refusal', async () => {
    postMock.mockRejectedValue(new Error('The merchant must keep at least one active Owner.'));
    const onClose = vi.fn();
    renderWithState(
      <ChangeRoleModal member={{ ...SELF, isSelf: false, userId: ADMIN.userId }} onClose={onClose} />,
      asAdmin(),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await roleChoices(dialog)).toEqual(['Admin', 'Finance', 'Operations', 'Developer', 'Viewer']);
    fireEvent.click(screen.getByTitle('Finance'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Save role' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('role pickers with custom roles', () => {
  it('offer the custom roles after the built-in ones; a role granting more than the user holds is disabled', async () => {
    postMock.mockResolvedValue({ ...ADMIN, roleCode: 'CUSTOM_0A1B2C3D4E5F', roleName: 'Support' } as never);
    const queryClient = newTestQueryClient();
    queryClient.setQueryData(teamKeys.roleMatrix(), ROLE_MATRIX);
    renderWithState(<ChangeRoleModal member={ADMIN} onClose={() => {}} />, asAdmin(), '/home', queryClient);
    const dialog = await screen.findByRole('dialog');
    expect(await roleChoices(dialog)).toEqual(['Finance (grants more than your role)', 'Viewer', 'Support']);
    const finance = document.querySelector('.ant-select-item-option[title^="Finance"]')!;
    expect(finance.className).toContain('ant-select-item-option-disabled');
    fireEvent.click(screen.getByTitle('Support'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.updateRole,
        { userId: ADMIN.userId, roleCode: 'CUSTOM_0A1B2C3D4E5F' },
        { showSuccessMessage: true },
      ),
    );
  });
});
