import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { LinkType } from '@mbo/contracts/usercenter';
import { ApiError } from '@/lib/http/request';
import { setupUser } from '@/testing/user';
import { renderPage } from '../testing/render-page';
import ResetPasswordPage from './reset-password-page';

vi.mock('../api/check-link', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../api/check-link')>();
  const checkLink = vi.fn<typeof actual.checkLink>();
  return {
    ...actual,
    checkLink,
    checkLinkQueryOptions: (type: LinkType, token: string) => ({
      ...actual.checkLinkQueryOptions(type, token),
      queryFn: () => checkLink(token, type),
    }),
  };
});
vi.mock('../api/reset-password', () => ({ resetPassword: vi.fn() }));
const { checkLink } = await import('../api/check-link');
const { resetPassword } = await import('../api/reset-password');
const checkLinkMock = vi.mocked(checkLink);
const resetMock = vi.mocked(resetPassword);

const TOKEN = 'tok_0123456789abcdef';

afterEach(() => {
  cleanup();
  checkLinkMock.mockReset();
  resetMock.mockReset();
});

function open() {
  return renderPage(<ResetPasswordPage />, {
    path: '/auth/reset_password',
    url: `/auth/reset_password?token=${TOKEN}`,
  });
}

describe('ResetPasswordPage', () => {
  it('offers a new link when the reset link has expired', async () => {
    checkLinkMock.mockRejectedValue(new ApiError('The link is expired.', ERROR_CODES.LINK_EXPIRED));
    const user = setupUser();
    open();
    expect(await screen.findByText('The link is expired.')).toBeTruthy();
    expect(checkLinkMock).toHaveBeenCalledWith(TOKEN, 'RESET');
    await user.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(screen.getByTestId('location').textContent).toBe('/auth/forgot_password');
  });

  it('offers to try again when the check fails for another reason', async () => {
    checkLinkMock.mockRejectedValueOnce(new TypeError('Network Error'));
    checkLinkMock.mockResolvedValueOnce({
      email: 'a@demo.test',
      merchantName: 'Demo',
      expiresAt: '2030-01-01T00:00:00Z',
    });
    const user = setupUser();
    open();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('New password')).toBeTruthy();
  });

  it('does not submit a mismatched confirmation', async () => {
    checkLinkMock.mockResolvedValue({ email: 'a@demo.test', merchantName: 'Demo', expiresAt: '2030-01-01T00:00:00Z' });
    const user = setupUser();
    open();
    await user.type(await screen.findByLabelText('New password'), 'GoodPassword2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'GoodPassword2062');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The passwords do not match. Type the new password again.')).toBeTruthy();
    expect(resetMock).not.toHaveBeenCalled();
  });

  it('resets and goes to login', async () => {
    checkLinkMock.mockResolvedValue({ email: 'a@demo.test', merchantName: 'Demo', expiresAt: '2030-01-01T00:00:00Z' });
    resetMock.mockResolvedValue(undefined);
    const user = setupUser();
    open();
    await user.type(await screen.findByLabelText('New password'), 'GoodPassword2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'GoodPassword2026');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/login'));
    expect(resetMock.mock.calls[0][0]).toEqual({ token: TOKEN, password: 'GoodPassword2026' });
  });
});
