import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { LinkType } from '@mbo/contracts/usercenter';
import { ApiError } from '@/lib/http/request';
import { setupUser } from '@/testing/user';
import { renderPage } from '../testing/render-page';
import RegisterPasswordPage from './register-password-page';

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
vi.mock('../api/register-password', () => ({ registerPassword: vi.fn() }));
const { checkLink } = await import('../api/check-link');
const { registerPassword } = await import('../api/register-password');
const checkLinkMock = vi.mocked(checkLink);
const registerMock = vi.mocked(registerPassword);

const TOKEN = 'tok_0123456789abcdef';
const LINK = { email: 'new.member@demo.test', merchantName: 'Demo Store', expiresAt: '2030-01-01T00:00:00.000Z' };

afterEach(() => {
  cleanup();
  checkLinkMock.mockReset();
  registerMock.mockReset();
});

function open(url = `/auth/register_password?token=${TOKEN}`) {
  return renderPage(<RegisterPasswordPage />, { path: '/auth/register_password', url });
}

describe('RegisterPasswordPage', () => {
  it('checks the invitation link and shows its email and merchant', async () => {
    checkLinkMock.mockResolvedValue(LINK);
    open();
    expect(await screen.findByText('new.member@demo.test')).toBeTruthy();
    expect(screen.getByText('Demo Store')).toBeTruthy();
    expect(checkLinkMock).toHaveBeenCalledWith(TOKEN, 'INVITE');
  });

  it('validates name, policy and confirmation before calling the server', async () => {
    checkLinkMock.mockResolvedValue(LINK);
    const user = setupUser();
    open();
    await screen.findByLabelText('Name');
    await user.type(screen.getByLabelText('New password'), 'GoodPassword2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'GoodPassword2025');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Enter your name.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match. Type the new password again.')).toBeTruthy();
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('sets the password and goes to login', async () => {
    checkLinkMock.mockResolvedValue(LINK);
    registerMock.mockResolvedValue(undefined);
    const user = setupUser();
    open();
    await user.type(await screen.findByLabelText('Name'), '  Nina Member ');
    await user.type(screen.getByLabelText('New password'), 'GoodPassword2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'GoodPassword2026');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/login'));
    expect(registerMock.mock.calls[0][0]).toEqual({ token: TOKEN, name: 'Nina Member', password: 'GoodPassword2026' });
  });

  it.each([
    [ERROR_CODES.LINK_EXPIRED, 'The link is expired.'],
    [ERROR_CODES.LINK_INVALID, 'The link is invalid.'],
    [ERROR_CODES.USER_ALREADY_ACTIVE, 'User is already active.'],
  ])('shows %s inline with a way to log in', async (code, message) => {
    checkLinkMock.mockRejectedValue(new ApiError(message, code));
    open();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to login' })).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('treats a link without token as invalid without asking the server', async () => {
    open('/auth/register_password');
    expect(await screen.findByText('The link is invalid.')).toBeTruthy();
    expect(checkLinkMock).not.toHaveBeenCalled();
  });
});
