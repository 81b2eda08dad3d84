import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { USERCENTER_PATHS, type LoginResponse } from '@mbo/contracts/usercenter';
import { ApiError } from '@/lib/http/request';
import { setupUser } from '@/testing/user';
import { renderPage } from '../testing/render-page';
import { loginNoticeState } from '../components/login-notice';
import LoginPage from './login-page';

vi.mock('../api/login', () => ({ login: vi.fn() }));
const { login } = await import('../api/login');
const loginMock = vi.mocked(login);

const PASSWORD_ONLY: LoginResponse = { forceResetPassword: false, twoFactorRequired: false, challenge: null };
const TWO_FACTOR: LoginResponse = {
  forceResetPassword: false,
  twoFactorRequired: true,
  challenge: 'challenge-token-1',
};
const CODE_LABEL = 'Enter the 6-digit code from your authenticator app';

afterEach(() => {
  cleanup();
  loginMock.mockReset();
  postMock.mockReset();
});

async function logIn(email = 'owner@demo.test', password = 'Merchant#2026') {
  const user = setupUser();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('names what is missing and does not call the server', async () => {
    renderPage(<LoginPage />, { path: '/auth/login' });
    await setupUser().click(screen.getByRole('button', { name: 'Log in' }));
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
    loginMock.mockResolvedValue(PASSWORD_ONLY);
    renderPage(<LoginPage />, { path: '/auth/login' });
    await logIn();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
    expect(loginMock.mock.calls[0][0]).toEqual({ email: 'owner@demo.test', password: 'Merchant#2026' });
  });

  it('follows a safe in-app redirect', async () => {
    loginMock.mockResolvedValue(PASSWORD_ONLY);
    renderPage(<LoginPage />, {
      path: '/auth/login',
      url: '/auth/login?redirect=%2Ftransactions%2Fpayments%3Fstatus%3DSUCCESS',
    });
    await logIn();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/transactions/payments?status=SUCCESS'),
    );
  });

  it.each([
    ['another origin', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an auth page (loop)', '/auth/login'],
  ])('ignores %s as redirect and goes home', async (_, redirect) => {
    loginMock.mockResolvedValue(PASSWORD_ONLY);
    renderPage(<LoginPage />, { path: '/auth/login', url: `/auth/login?redirect=${encodeURIComponent(redirect)}` });
    await logIn();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
  });

  it('sends a user flagged for reset to force_reset_password, whatever the redirect', async () => {
    loginMock.mockResolvedValue({ ...PASSWORD_ONLY, forceResetPassword: true });
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
      state: loginNoticeState({
        email: 'new@demo.test',
        message: 'Your account is ready. Log in with your new password.',
      }),
    });
    expect(screen.getByText('Your account is ready. Log in with your new password.')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@demo.test');
  });

  it('links to forgot password', () => {
    renderPage(<LoginPage />, { path: '/auth/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/auth/forgot_password');
  });
});

describe('LoginPage: the two-factor step', () => {
  async function reachCodeStep(url = '/auth/login') {
    loginMock.mockResolvedValue(TWO_FACTOR);
    renderPage(<LoginPage />, { path: '/auth/login', url });
    await logIn();
    return screen.findByLabelText(CODE_LABEL);
  }

  it('asks for the app code after the password (no session yet), then continues like a normal login', async () => {
    postMock.mockResolvedValue({ forceResetPassword: false });
    const input = (await reachCodeStep('/auth/login?redirect=%2Fsettings%2Fteam')) as HTMLInputElement;
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(screen.queryByTestId('location')).toBeNull();

    const user = setupUser();
    await user.type(input, '123 456');
    expect(input.value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings/team'));
    expect(postMock).toHaveBeenCalledWith(
      USERCENTER_PATHS.loginTwoFactor,
      { challenge: 'challenge-token-1', code: '123456' },
      { showErrorMessage: false },
    );
  });

  it('sends a user flagged for reset to force_reset_password after the code', async () => {
    postMock.mockResolvedValue({ forceResetPassword: true });
    const user = setupUser();
    await user.type(await reachCodeStep(), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/force_reset_password'));
  });

  it('checks the code before calling the server', async () => {
    const user = setupUser();
    await user.type(await reachCodeStep(), '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code has 6 digits.')).toBeTruthy();
    expect(postMock).not.toHaveBeenCalled();
  });

  it('switches to a recovery code (a text field) and back', async () => {
    postMock.mockResolvedValue({ forceResetPassword: false });
    const user = setupUser();
    await reachCodeStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const input = screen.getByLabelText('Enter a recovery code') as HTMLInputElement;
    expect(input.getAttribute('inputmode')).toBeNull();
    expect(input.getAttribute('placeholder')).toBe('xxxxx-xxxxx');
    expect(screen.queryByLabelText(CODE_LABEL)).toBeNull();

    await user.type(input, 'abcd-1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('A recovery code looks like abcde-12345.')).toBeTruthy();
    expect(postMock).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, ' abcde-12345 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
    expect(postMock.mock.calls[0][1]).toEqual({ challenge: 'challenge-token-1', code: 'abcde-12345' });
  });

  it('can go back to the app code from the recovery code', async () => {
    const user = setupUser();
    await reachCodeStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.click(screen.getByRole('button', { name: 'Use the code from your app instead' }));
    expect(screen.getByLabelText(CODE_LABEL)).toBeTruthy();
  });

  it('stays on a wrong or used code, clears the field and shows the message; a lock is shown too', async () => {
    postMock.mockRejectedValueOnce(
      new ApiError(
        'The code is not correct or has been used. Enter the current code from your authenticator app.',
        '002001B039',
        200,
      ),
    );
    const user = setupUser();
    const input = (await reachCodeStep()) as HTMLInputElement;
    await user.type(input, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The code is not correct or has been used.');
    expect((screen.getByLabelText(CODE_LABEL) as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('location')).toBeNull();

    postMock.mockRejectedValueOnce(new ApiError('Your account is locked for 30 minutes.', '002001B030', 200));
    await user.type(screen.getByLabelText(CODE_LABEL), '222222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Your account is locked for 30 minutes.'),
    );
    expect(screen.getByLabelText(CODE_LABEL)).toBeTruthy();
    expect(postMock).toHaveBeenCalledTimes(2);
  });

  it('goes back to the password step with the reason when the challenge expired', async () => {
    postMock.mockRejectedValue(new ApiError('Log in again.', '002001B041', 200));
    const user = setupUser();
    await user.type(await reachCodeStep(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The sign-in took too long. Log in again.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('owner@demo.test');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByLabelText(CODE_LABEL)).toBeNull();
  });

  it('"Back" returns to the password step, the email kept', async () => {
    const user = setupUser();
    await reachCodeStep();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('owner@demo.test');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(postMock).not.toHaveBeenCalled();
  });
});
