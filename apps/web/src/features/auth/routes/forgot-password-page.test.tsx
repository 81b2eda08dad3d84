import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { setupUser } from '@/testing/user';
import { renderPage } from '../testing/render-page';
import ForgotPasswordPage from './forgot-password-page';

vi.mock('../api/forgot-password', () => ({ forgotPassword: vi.fn() }));
const { forgotPassword } = await import('../api/forgot-password');
const forgotMock = vi.mocked(forgotPassword);

afterEach(() => {
  cleanup();
  forgotMock.mockReset();
});

describe('ForgotPasswordPage', () => {
  it('needs a valid email', async () => {
    const user = setupUser();
    renderPage(<ForgotPasswordPage />, { path: '/auth/forgot_password' });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter your email address.')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'nope@');
    expect(await screen.findByText('Enter a valid email address, like name@company.com.')).toBeTruthy();
    expect(forgotMock).not.toHaveBeenCalled();
  });

  it('answers neutrally after sending', async () => {
    forgotMock.mockResolvedValue(undefined);
    const user = setupUser();
    renderPage(<ForgotPasswordPage />, { path: '/auth/forgot_password' });
    await user.type(screen.getByLabelText('Email'), 'someone@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(
        /If an account exists for that email, we have sent a link to reset the password\. The link is valid for 30 minutes\./,
      ),
    ).toBeTruthy();
    expect(forgotMock.mock.calls[0][0]).toEqual({ email: 'someone@demo.test' });
  });
});
