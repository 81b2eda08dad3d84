import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { renderWithState } from '@/testing/render-with-state';
import { setupUser } from '@/testing/user';
import ChangePasswordModal from './change-password-modal';

afterEach(() => {
  cleanup();
  postMock.mockReset();
});

describe('ChangePasswordModal', () => {
  it('validates before calling the server', async () => {
    const user = setupUser();
    renderWithState(<ChangePasswordModal open onClose={() => {}} />);
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Enter your current password.')).toBeTruthy();
    expect(screen.getByText('The new password is too weak. Use at least 12 characters.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match. Type the new password again.')).toBeTruthy();
    expect(postMock).not.toHaveBeenCalled();
  });

  it('changes the password, confirms with a toast and closes', async () => {
    postMock.mockResolvedValue(null);
    const onClose = vi.fn();
    const user = setupUser();
    renderWithState(<ChangePasswordModal open onClose={onClose} />);
    await user.type(await screen.findByLabelText('Current password'), 'OldPassword2025');
    await user.type(screen.getByLabelText('New password'), 'GoodPassword2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'GoodPassword2026');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(postMock).toHaveBeenCalledWith(USERCENTER_PATHS.changePassword, {
      currentPassword: 'OldPassword2025',
      newPassword: 'GoodPassword2026',
    });
    expect(await screen.findByText('Password updated. Use the new password the next time you log in.')).toBeTruthy();
  });

  it('stays open when the server refuses', async () => {
    postMock.mockRejectedValue(new Error('Password is not correct.'));
    const onClose = vi.fn();
    const user = setupUser();
    renderWithState(<ChangePasswordModal open onClose={onClose} />);
    await user.type(await screen.findByLabelText('Current password'), 'WrongPassword1');
    await user.type(screen.getByLabelText('New password'), 'GoodPassword2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'GoodPassword2026');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(postMock).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
  });
});
