import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { changeLocale, currentLocale, LOCALE_STORAGE_KEY } from '@/i18n/i18n';
import { setupUser } from '@/testing/user';
import { renderPage } from '../testing/render-page';
import LoginPage from './login-page';

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await changeLocale('en', { remember: false });
});

describe('LoginPage: its own language switch', () => {
  it('speaks Simplified Chinese once chosen, and keeps the choice on this browser until sign-in', async () => {
    renderPage(<LoginPage />, { path: '/auth/login' });
    const events = setupUser();
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    await events.click(screen.getByRole('button', { name: '简体中文' }));
    expect(await screen.findByRole('heading', { name: '登录' })).toBeTruthy();
    expect(currentLocale()).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('zh-CN');
    expect(screen.getByRole('button', { name: '简体中文' }).getAttribute('aria-pressed')).toBe('true');

    // Its form speaks it too: labels and the validation messages.
    await events.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入您的邮箱地址。')).toBeTruthy();
    expect(screen.getByLabelText('密码')).toBeTruthy();

    await events.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });
});
