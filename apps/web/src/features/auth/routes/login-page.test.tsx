import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../testing/render-page';
import { loginNoticeState } from '../components/login-notice';
import LoginPage from './login-page';

vi.mock('../api/login', () => ({ login: vi.fn() }));
const { login } = await import('../api/login');
const loginMock = vi.mocked(login);

afterEach(() => {
  cleanup();
  loginMock.mockReset();
});

async function logIn(email = 'owner@demo.test', password = 'Merchant#2026') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('names what is missing and does not call the server', async () => {
    renderPage(<LoginPage />, { path: '/auth/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed email', async () => {
    renderPage(<LoginPage />, { path: '/auth/login' });
    await logIn('not-an-email', 'whatever');
    expect(await screen.findByText('Enter a valid email address, like name@company.com.')).toBeTruthy();
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('goes home after a login without a redirect', async () => {
    loginMock.mockResolvedValue({ forceResetPassword: false });
    renderPage(<LoginPage />, { path: '/auth/login' });
    await logIn();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
    expect(loginMock.mock.calls[0][0]).toEqual({ email: 'owner@demo.test', password: 'Merchant#2026' });
  });

  it('follows a safe in-app redirect', async () => {
    loginMock.mockResolvedValue({ forceResetPassword: false });
    renderPage(<LoginPage />, { path: '/auth/login', url: '/auth/login?redirect=%2Ftransactions%2Fpayments%3Fstatus%3DSUCCESS' });
    await logIn();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/transactions/payments?status=SUCCESS'));
  });

  it.each([
    ['another origin', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an auth page (loop)', '/auth/login'],
  ])('ignores %s as redirect and goes home', async (_, redirect) => {
    loginMock.mockResolvedValue({ forceResetPassword: false });
    renderPage(<LoginPage />, { path: '/auth/login', url: `/auth/login?redirect=${encodeURIComponent(redirect)}` });
    await logIn();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
  });

  it('sends a user flagged for reset to force_reset_password, whatever the redirect', async () => {
    loginMock.mockResolvedValue({ forceResetPassword: true });
    renderPage(<LoginPage />, { path: '/auth/login', url: '/auth/login?redirect=%2Fsettings%2Fteam' });
    await logIn();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/force_reset_password'));
  });

  it('stays on the page when the server refuses', async () => {
    loginMock.mockRejectedValue(new Error('Password is not correct.'));
    renderPage(<LoginPage />, { path: '/auth/login' });
    await logIn();
    await waitFor(() => expect(loginMock).toHaveBeenCalled());
    expect(screen.queryByTestId('location')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('prefills the email and shows the notice handed over after a password was set', async () => {
    renderPage(<LoginPage />, {
      path: '/auth/login',
      state: loginNoticeState({ email: 'new@demo.test', message: 'Your account is ready. Log in with your new password.' }),
    });
    expect(screen.getByText('Your account is ready. Log in with your new password.')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@demo.test');
  });

  it('links to forgot password', () => {
    renderPage(<LoginPage />, { path: '/auth/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/auth/forgot_password');
  });
});
