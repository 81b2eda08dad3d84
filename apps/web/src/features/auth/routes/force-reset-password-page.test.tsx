import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { setupUser } from '@/testing/user';
import { renderPage } from '../testing/render-page';
import ForceResetPasswordPage from './force-reset-password-page';

vi.mock('../api/force-reset-password', () => ({ forceResetPassword: vi.fn() }));
vi.mock('../api/logout', () => ({ logout: vi.fn() }));
const { forceResetPassword } = await import('../api/force-reset-password');
const { logout } = await import('../api/logout');
const resetMock = vi.mocked(forceResetPassword);
const logoutMock = vi.mocked(logout);

afterEach(() => {
  cleanup();
  resetMock.mockReset();
  logoutMock.mockReset();
});

function open() {
  return renderPage(<ForceResetPasswordPage />, { path: '/auth/force_reset_password' });
}

describe('ForceResetPasswordPage', () => {
  it('needs the current password and a matching new one', async () => {
    const user = setupUser();
    open();
    await user.type(screen.getByLabelText('New password'), 'GoodPassword2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'GoodPassword2027');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Enter your current password.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match. Type the new password again.')).toBeTruthy();
    expect(resetMock).not.toHaveBeenCalled();
  });

  it('updates the password and goes home', async () => {
    resetMock.mockResolvedValue(undefined);
    const user = setupUser();
    open();
    await user.type(screen.getByLabelText('Current password'), 'OldPassword2025');
    await user.type(screen.getByLabelText('New password'), 'GoodPassword2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'GoodPassword2026');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
    expect(resetMock.mock.calls[0][0]).toEqual({ currentPassword: 'OldPassword2025', newPassword: 'GoodPassword2026' });
  });

  it('logs out to the login page, even when the logout call fails', async () => {
    logoutMock.mockRejectedValue(new Error('offline'));
    const user = setupUser();
    open();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/login'));
  });
});
